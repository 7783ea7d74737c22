import type { BranchRow } from './branch-response.schema.ts';

/** A row of the Branches list as the API answers it (tests): a pending branch of Green Fork, with overrides. */
export function branchRowFixture(overrides: Partial<BranchRow> = {}): BranchRow {
  return {
    _id: 'd0d0d0d0-0000-4000-8000-000000000001',
    name: 'Angel',
    kmid: null,
    brandId: 'b0b0b0b0-0000-4000-8000-000000000001',
    brandName: 'Green Fork',
    status: 'Pending',
    address: null,
    postcode: 'N1 9AA',
    postalTown: null,
    city: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
    tripadvisorUrl: null,
    merchantIds: { merchantId: '4419001', amexMerchantID: null, zettleMerchantID: null },
    proposedMerchantIds: null,
    block: null,
    comments: null,
    approvedBy: null,
    created: '2026-11-01T10:00:00.000Z',
    activatedDate: null,
    createdByBrandUser: true,
    defaultBranch: false,
    midHealth: { status: 'notLive', merchantIds: [] },
    ...overrides,
  };
}
