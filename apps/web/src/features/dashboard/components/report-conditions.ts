import type { DashboardConditions } from '../api/dashboard-calls.ts';

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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The print route's id names a campaign when it is one of our ids; 0 (or anything else) means none. */
export function isCampaignId(id: string | undefined): id is string {
  return Boolean(id && uuidPattern.test(id));
}
