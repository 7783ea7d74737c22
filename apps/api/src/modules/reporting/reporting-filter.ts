import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  dashboardDateRange,
  type DashboardRequest,
  type DateRange,
  type ReportingFilter,
} from '@krowd/domain/dashboard/dashboard.schema';
import { badRequest, notFound } from '../../http/errors.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { brandsOfScope, groupBrandsInScope } from '../../http/listed-brands.ts';
import type { DashboardInvoices, DashboardOverview, InvoiceSelection } from './dashboard-parts.ts';
import type { ReportingRepository } from './reporting.repository.ts';

/**
 * The dashboard's filter (spec 3 §2.4, §7 conditions) resolved within the caller's tenant scope:
 * one rule for every reader of the dashboard's figures (the dashboard, the export).
 */

/** Customer type filter values (spec 3 §9): NEW USER is new; REPEAT USER is existing or lapsed. */
export const customerTypesOf = {
  'NEW USER': ['new'],
  'REPEAT USER': ['existing', 'lapsed'],
} as const;

/**
 * The brands the caller's filter covers: the chosen brand (404 outside the scope), else the
 * chosen group's brands (404 for another group), else everything in scope.
 */
export async function brandsInFilter(
  brands: BrandsRepository,
  scope: TenantScope,
  brandId: string | undefined,
  groupId: string | undefined,
): Promise<string[] | 'all'> {
  if (brandId) {
    const brand = await brandInScope(brands, scope, brandId);
    if (groupId && brand.group_id !== groupId) throw notFound();
    return [brand.id];
  }
  if (groupId) return (await groupBrandsInScope(brands, scope, groupId)).map((brand) => brand.id);
  return brandsOfScope(brands, scope);
}

type Conditions = DashboardRequest['conditions'];

/**
 * The whole filter of the dashboard's conditions, as the dashboard and its export both read them:
 * a chosen invoice (is_invoice_data with xero_invoice_number) gives its month and narrows to its
 * brand; a single campaign sent without dates gets the campaign's month; then the date range
 * (spec 3 §4: default last 30 days, no start after today, end not before start; 400 naming
 * txn_date_time otherwise), the brands in scope, and the branch, publisher, campaign, customer
 * type and offer type chosen; a campaign or branch outside the scope is not found (404). Answers the
 * conditions as resolved, the range and the filter.
 */
export async function resolveDashboardFilter<Given extends Conditions>(
  deps: {
    brands: BrandsRepository;
    reporting: Pick<ReportingRepository, 'publisherIdOf' | 'brandOf'>;
    invoices: Pick<DashboardInvoices, 'selection' | 'restrictBrands'>;
    overview: Pick<DashboardOverview, 'defaultDates'>;
    timeZone: string;
    now: Date;
  },
  scope: TenantScope,
  given: Given,
): Promise<{
  conditions: Given;
  range: DateRange;
  filter: ReportingFilter;
  /** The invoice the conditions chose, if any. */
  invoice: InvoiceSelection | undefined;
  /** The brands of the brand and group filters within scope, before an invoice narrows them. */
  filterBrands: string[] | 'all';
}> {
  const { now, timeZone } = deps;
  const conditions = { ...given };
  // Another tenant's campaign or branch is not found, as everywhere: a campaign's month is not named.
  for (const [table, id] of [
    ['campaigns', conditions.campaign_id],
    ['branches', conditions.kmid],
  ] as const) {
    if (!id) continue;
    const brandId = await deps.reporting.brandOf(table, id);
    if (!brandId) throw notFound();
    await brandInScope(deps.brands, scope, brandId);
  }
  const invoice = await deps.invoices.selection(scope, conditions);
  if (invoice) conditions.txn_date_time = invoice.dates;
  conditions.txn_date_time ??= await deps.overview.defaultDates(conditions, now, timeZone);
  const range = dashboardDateRange(conditions.txn_date_time, now, timeZone);
  if ('error' in range) throw badRequest(range.error, { txn_date_time: range.error });
  const filterBrands = await brandsInFilter(deps.brands, scope, conditions.brand_id, conditions.group_id);
  const filter: ReportingFilter = {
    startDate: range.start_date,
    endDate: range.end_date,
    brandIds: deps.invoices.restrictBrands(filterBrands, invoice),
    branchId: conditions.kmid,
    publisherId: conditions.data_source
      ? await deps.reporting.publisherIdOf(conditions.data_source)
      : undefined,
    campaignId: conditions.campaign_id,
    customerTypes: conditions.customer_type_wrt_account
      ? customerTypesOf[conditions.customer_type_wrt_account]
      : undefined,
    offerType: conditions.selectedOfferType,
    // The invoice's own transactions, not its month's days: a refund of the month before, already
    // on that month's invoice, is not this one's (decision 0072).
    ...(invoice ? { invoiceId: invoice.invoiceId } : {}),
  };
  return { conditions, range, filter, invoice, filterBrands };
}
