import { dateCondition, type BrandFilterKind } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DashboardConditions } from '../api/get-dashboard.ts';
import type { ReportFilters } from './use-report-filters.ts';

/** Conditions with no filter but the ones given (the report and print pages). */
export function conditionsOf(fields: Partial<DashboardConditions>): DashboardConditions {
  return {
    brand_id: '',
    group_id: '',
    kmid: '',
    campaign_id: '',
    data_source: '',
    customer_type_wrt_account: '',
    selectedOfferType: '',
    ...fields,
  };
}

export interface ReportDates {
  start: string;
  end: string;
}

/**
 * The dates the pickers show: the user's, else the fallback range ('' while it is not known yet);
 * and what is wrong with them, which holds the figures back (spec 3 §4).
 */
export function reportDatesOf(
  filters: Pick<ReportFilters, 'start' | 'end'>,
  fallback: ReportDates | null,
  today: string,
): { dates: ReportDates; errors: { start?: string; end?: string } } {
  const dates = { start: filters.start ?? fallback?.start ?? '', end: filters.end ?? fallback?.end ?? '' };
  return {
    dates,
    errors: {
      start: dates.start && dates.start > today ? messages.dashboard.startInFuture : undefined,
      end:
        dates.start && dates.end && dates.end < dates.start ? messages.dashboard.endBeforeStart : undefined,
    },
  };
}

/**
 * The dashboard's conditions for the filters (spec 3 §7 POST /client): the brand and group only
 * where the caller's kind of brand filter offers them.
 */
export function dashboardConditionsOf(
  kind: BrandFilterKind,
  filters: ReportFilters,
  campaignId: string,
  dates: ReportDates,
): DashboardConditions {
  return {
    brand_id: kind === 'ownBrand' ? '' : filters.brand,
    group_id: kind === 'groupsAndBrands' ? filters.group : '',
    kmid: filters.branch,
    campaign_id: campaignId,
    data_source: filters.publisher,
    // Customer type applies to ATR only (spec 3 §2.4); a change of publisher clears it.
    customer_type_wrt_account: filters.publisher.toUpperCase() === 'ATR' ? filters.customerType : '',
    selectedOfferType: filters.offerType,
    txn_date_time: dateCondition(dates.start, dates.end),
    ...(filters.invoice ? { is_invoice_data: true, xero_invoice_number: filters.invoice } : {}),
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The print route's id names a campaign when it is one of our ids; 0 (or anything else) means none. */
export function isCampaignId(id: string | undefined): id is string {
  return Boolean(id && uuidPattern.test(id));
}
