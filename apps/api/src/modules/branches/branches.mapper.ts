import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import type { MidHealth } from '@krowd/domain/branch/mid-health.rules';
import type { BranchRecord } from './branches.repository.ts';

/** The branch as the API answers it (an allowlist of columns, in the spec's field names). */
export function toBranchRow(row: BranchRecord, health: MidHealth): BranchRow {
  return {
    _id: row.id,
    name: row.name,
    kmid: row.kmid,
    brandId: row.brand_id,
    brandName: row.brand_name,
    status: row.status,
    address: row.address,
    postcode: row.postcode,
    postalTown: row.postal_town,
    city: row.city,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    tripadvisorUrl: row.tripadvisor_url,
    merchantIds: {
      merchantId: row.mastercard_merchant_id,
      amexMerchantID: row.amex_merchant_id,
      zettleMerchantID: row.zettle_merchant_id,
    },
    proposedMerchantIds: row.merchant_ids_proposed_at
      ? {
          merchantId: row.proposed_mastercard_merchant_id,
          amexMerchantID: row.proposed_amex_merchant_id,
          zettleMerchantID: row.proposed_zettle_merchant_id,
        }
      : null,
    block: row.block,
    comments: row.comments,
    approvedBy: row.approved_by,
    created: row.created_at.toISOString(),
    activatedDate: row.activated_at?.toISOString() ?? null,
    createdByBrandUser: row.created_by_brand_user,
    defaultBranch: row.default_branch,
    midHealth: {
      status: health.status,
      merchantIds: health.merchantIds.map((entry) => ({
        mid: entry.mid,
        scheme: entry.scheme,
        status: entry.status,
        firstSeenDay: entry.firstSeenDay,
        lastSeenDay: entry.lastSeenDay,
        daysSinceSeen: entry.daysSinceSeen,
        last7Days: entry.last7Days,
        last30Days: entry.last30Days,
        batchedHour: entry.batchedHour,
      })),
    },
  };
}
