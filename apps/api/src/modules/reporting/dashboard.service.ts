import type { Audience, TenantScope } from '@krowd/domain/access/access.rules';
import {
  dashboardParts,
  type DashboardAnswer,
  type DashboardPart,
  type DashboardRequest,
} from '@krowd/domain/dashboard/dashboard.schema';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { ReportingRepository } from './reporting.repository.ts';
import { resolveDashboardFilter } from './reporting-filter.ts';
import type { DashboardInvoices, DashboardOverview } from './dashboard-parts.ts';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import type { Computed, DashboardCache } from './dashboard-cache.ts';
import type { PendingRewardsRepository } from './pending-rewards.repository.ts';
import { finalThrough, splitRewards } from '@krowd/domain/qualification/reward-status.rules';
import { returnPeriodDays } from '@krowd/domain/invoice/invoice.rules';

/**
 * The performance dashboard (spec 3 §2.4, §3 campaign overview, §4 date rules): the filters
 * resolved within the caller's scope, answered from the reporting store only.
 *
 * Definitions: conversions are qualified purchases; revenue is their spend net of
 * refunds; total cost is cashback plus success fee (net of refunds); CPA is total cost ÷
 * conversions in pence, rounded, or 'N/A'. Reach is cardholders shown the offer, from impressions
 * (overview/dashboard-overview.ts); paying cards the distinct cards with a qualified
 * purchase; repeat customers the distinct cards with two or more. Highest and lowest spend are the largest
 * and smallest single qualified purchase; average spend is revenue ÷ conversions.
 *
 * Answers are kept (dashboard-cache.ts) under everything they depend on besides the data: the
 * caller's whole tenant scope and audience, the request as validated, and today's date in the
 * timezone (the default range, an end clamped to today and a campaign's month all follow it).
 */

const perConversion = (pence: number, conversions: number) =>
  conversions > 0 ? Math.round(pence / conversions) : ('N/A' as const);

export function createDashboardService(deps: {
  reporting: ReportingRepository;
  /** The refunds the pending part gives back to the final one (docs/decisions/0117). */
  pendingRewards: PendingRewardsRepository;
  brands: BrandsRepository;
  timeZone: string;
  clock: () => Date;
  cache: DashboardCache<DashboardAnswer>;
  /** Reach from impressions and edited overview figures (overview/dashboard-overview.ts). */
  overview: DashboardOverview;
  /** The invoice selection and the invoice selector (invoices/dashboard-invoices.ts). */
  invoices: DashboardInvoices;
}) {
  const { reporting, pendingRewards, brands, timeZone, clock, cache, overview, invoices } = deps;

  async function compute(
    scope: TenantScope,
    request: DashboardRequest,
    audience: Audience,
    now: Date,
  ): Promise<Computed<DashboardAnswer>> {
    // A chosen invoice (its month and brand) or a single campaign's month, then the filter in
    // scope: the same resolution the export uses (reporting-filter.ts).
    const { conditions, range, filter, invoice, filterBrands } = await resolveDashboardFilter(
      { brands, reporting, invoices, overview, timeZone, now },
      scope,
      request.conditions,
    );
    const parts = new Set(request.fields ?? dashboardParts);
    const wants = (part: DashboardPart) => parts.has(part);

    const campaign = conditions.campaign_id
      ? await reporting.campaignNamed(conditions.campaign_id)
      : undefined;
    const { brandIds } = filter;
    const campaignName =
      campaign && (brandIds === 'all' || brandIds.includes(campaign.brand_id)) ? campaign.name : '';
    const needsCards = wants('statistics') || wants('insights') || wants('performance');
    // Pending and final rewards (docs/decisions/0117): purchases on or before this local date are
    // final. A chosen invoice's rows are all final: it bills final rewards only.
    const through = finalThrough(localToday(now, timeZone));
    const splitsRefunds = wants('statistics') && !filter.invoiceId;
    const [summary, cards, shownReach, override, invoiceList, refundsOfFinal] = await Promise.all([
      reporting.summary(
        filter,
        { weekly: wants('performance'), distribution: wants('demographic') },
        through,
      ),
      needsCards ? reporting.cards(filter) : null,
      overview.reach(filter, wants('performance')),
      overview.overrideFor(conditions, filter, now, timeZone),
      invoices.list(audience, filterBrands),
      splitsRefunds ? pendingRewards.refundsOfFinalPurchasesAfter(filter, through) : null,
    ]);
    const { totals, weekly, distribution, kinds } = summary;
    const cost = totals.cashbackPence + totals.successFeePence;
    const answer: DashboardAnswer = {
      name: campaignName,
      start_date: range.start_date,
      end_date: range.end_date,
      count: totals.campaigns,
      is_two_customer:
        kinds.customerTypes.includes('new') &&
        kinds.customerTypes.some((type) => type === 'existing' || type === 'lapsed'),
      offerTypeList: kinds.offerTypes,
      currentFilter: {
        start_date: range.start_date,
        end_date: range.end_date,
        brandId: conditions.brand_id ?? null,
        groupId: conditions.group_id ?? null,
        campaign_id: conditions.campaign_id ?? null,
        data_source: conditions.data_source ?? null,
        kmid: conditions.kmid ?? null,
        tranCustomerType: conditions.customer_type_wrt_account ?? null,
        selectedOfferType: conditions.selectedOfferType ?? null,
        is_invoice_data: invoice !== undefined,
        selectedInvoiceNumber: invoice ? (conditions.xero_invoice_number ?? null) : null,
      },
      invoiceList,
    };
    if (cards && wants('statistics')) {
      answer.statistics = [
        // Filled in from impressions, or 'N/A' with the reason, by applyReach below.
        { name: 'reach', value: 'N/A' },
        { name: 'paying_cards', value: cards.reach },
        { name: 'conversions', value: totals.conversions },
        { name: 'revenue', value: totals.spendPence },
        { name: 'total_cost', value: cost },
        { name: 'totalCashback', value: totals.cashbackPence },
        { name: 'totalSuccessFee', value: totals.successFeePence },
        { name: 'cpa', value: perConversion(cost, totals.conversions) },
      ];
      const pending = refundsOfFinal
        ? {
            cashbackPence: summary.afterFinal.cashbackPence - refundsOfFinal.cashbackPence,
            successFeePence: summary.afterFinal.successFeePence - refundsOfFinal.successFeePence,
          }
        : { cashbackPence: 0, successFeePence: 0 };
      answer.rewards = {
        returnPeriodDays,
        finalThrough: through,
        ...splitRewards(totals, pending),
      };
    }
    if (cards && wants('insights')) {
      answer.insights = [
        { name: 'highest_spend', value: totals.maxSpendPence ?? 'N/A' },
        { name: 'lowest_spend', value: totals.minSpendPence ?? 'N/A' },
        { name: 'average_spend', value: perConversion(totals.spendPence, totals.conversions) },
        { name: 'repeat_customers', value: cards.repeat },
      ];
    }
    if (weekly) {
      answer.performance = {
        // Reach by week comes from impressions (applyReach below).
        reach: [],
        conversions: weekly.map((week) => ({ label: week.week, value: week.conversions })),
        revenue: weekly.map((week) => ({ label: week.week, value: week.spendPence })),
      };
    }
    if (distribution) {
      // Age, gender and nationality need cardholder data no publisher sends yet: empty, never guessed.
      answer.demographic = {
        age: [],
        gender: [],
        nationality: [],
        branches: distribution.branches,
        revenuePerPublisher: distribution.publishers,
      };
    }
    overview.applyReach(answer, shownReach);
    if (override) overview.applyOverride(answer, override);
    // Every figure above is of the filter's brands, narrower than (or as wide as) these.
    return { answer, brands: filterBrands };
  }

  return {
    client(scope: TenantScope, request: DashboardRequest, audience: Audience): Promise<DashboardAnswer> {
      const now = clock();
      const key = JSON.stringify([localToday(now, timeZone), audience, scope, request]);
      return cache.answer(key, () => compute(scope, request, audience, now));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
