import type { Audience, TenantScope } from '@krowd/domain/access/access.rules';
import type {
  DashboardAnswer,
  DashboardInvoice,
  DashboardRequest,
  ReachSource,
  ReportingFilter,
} from '@krowd/domain/dashboard/dashboard.schema';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';

/**
 * What the dashboard and its export read of the overview and invoices modules, declared here and
 * implemented there (overview/dashboard-overview.ts, invoices/dashboard-invoices.ts): app.ts passes
 * the implementations in, so reporting imports nothing of either, not even a type.
 */

type Conditions = DashboardRequest['conditions'];

/** A dashboard condition that chose an invoice: its brand and month (local dates, both ends inclusive). */
export interface InvoiceSelection {
  invoiceId: string;
  brandId: string;
  dates: [string, string];
}

/** Reach from impressions, or why it is not available for the filter. */
export type ShownReach =
  | { source: 'impressions'; total: number; weeks: { week: string; reach: number }[] | null }
  | { source: Exclude<ReachSource, 'impressions'> };

/** A campaign's edited overview figures, when and by whom. */
export interface OverviewOverride {
  figures: OverviewFigures;
  createdAt: Date;
  createdBy: string;
}

export interface DashboardOverview {
  defaultDates(conditions: Conditions, now: Date, timeZone: string): Promise<string[] | undefined>;
  reach(filter: ReportingFilter, withWeeks: boolean): Promise<ShownReach>;
  applyReach(answer: DashboardAnswer, reach: ShownReach): void;
  overrideFor(
    conditions: Conditions,
    filter: ReportingFilter,
    now: Date,
    timeZone: string,
  ): Promise<OverviewOverride | undefined>;
  applyOverride(answer: DashboardAnswer, override: OverviewOverride): void;
}

export interface DashboardInvoices {
  selection(
    scope: TenantScope,
    conditions: { is_invoice_data?: boolean; xero_invoice_number?: string },
  ): Promise<InvoiceSelection | undefined>;
  restrictBrands(brandIds: string[] | 'all', selection: InvoiceSelection | undefined): string[] | 'all';
  list(audience: Audience, brandIds: string[] | 'all'): Promise<DashboardInvoice[]>;
}
