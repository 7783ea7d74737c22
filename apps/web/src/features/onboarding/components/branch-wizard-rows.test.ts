import { describe, expect, it } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  emptyWizardRow,
  listedBranches,
  rowSnapshot,
  rowsToSave,
  wizardMerchantIdErrors,
  wizardRowOf,
} from './branch-wizard-rows.ts';

const brandId = 'c0c0c0c0-0000-4000-8000-000000000003';

const savedBranch = (overrides: Partial<BranchRow> = {}): BranchRow => ({
  _id: 'd0d0d0d0-0000-4000-8000-000000000001',
  name: 'Guest Bistro Soho',
  kmid: 'KM1',
  brandId,
  brandName: 'Guest Bistro',
  status: 'Pending',
  address: '1 Dean Street',
  postcode: 'W1D 3RB',
  postalTown: 'London',
  city: 'London',
  contactName: null,
  contactEmail: 'soho@guest.test',
  contactPhone: '02079460000',
  tripadvisorUrl: null,
  merchantIds: { merchantId: '4000123', amexMerchantID: null, zettleMerchantID: null },
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
});

const withIds = (ids: Partial<Record<'merchantId' | 'amexMerchantID' | 'zettleMerchantID', string>>) => ({
  ...emptyWizardRow(brandId),
  merchantIds: { merchantId: '', amexMerchantID: '', zettleMerchantID: '', ...ids },
});

describe("the Branch step's merchant-ID check", () => {
  it('passes when every row has one of the three merchant IDs', () => {
    expect(
      wizardMerchantIdErrors([
        withIds({ merchantId: '4000123' }),
        withIds({ amexMerchantID: '9400' }),
        withIds({ zettleMerchantID: 'Z-1' }),
      ]),
    ).toEqual([]);
  });

  it('says "At least one Merchant ID is required." when a row has none', () => {
    expect(wizardMerchantIdErrors([withIds({ merchantId: '4000123' }), withIds({})])).toEqual([
      messages.onboarding.merchantIdRequired,
    ]);
  });

  it('counts blank merchant IDs as none', () => {
    expect(wizardMerchantIdErrors([withIds({ merchantId: '   ' })])).toEqual([
      messages.onboarding.merchantIdRequired,
    ]);
  });

  it('says the same when there is no branch at all', () => {
    expect(wizardMerchantIdErrors([])).toEqual([messages.onboarding.merchantIdRequired]);
  });
});

describe('what Next sends', () => {
  it('sends new rows and saved rows that were changed, not saved rows left as they were', () => {
    const unchanged = wizardRowOf(savedBranch());
    const changed = wizardRowOf(savedBranch({ _id: 'd0d0d0d0-0000-4000-8000-000000000002' }));
    const saved = new Map([unchanged, changed].map((row) => [row._id!, rowSnapshot(row)]));
    const rows = [unchanged, { ...changed, postalTown: 'Westminster' }, withIds({ merchantId: '1' })];
    expect(rowsToSave(rows, saved)).toEqual([1, 2]);
  });

  it('does not list Deleted branches in the wizard', () => {
    const branches = [savedBranch(), savedBranch({ _id: 'x', status: 'Deleted' })];
    expect(listedBranches(branches).map((branch) => branch._id)).toEqual([savedBranch()._id]);
  });

  it("keeps a saved branch's id, so saving it again updates it", () => {
    expect(wizardRowOf(savedBranch())._id).toBe(savedBranch()._id);
    expect(emptyWizardRow(brandId)._id).toBeUndefined();
  });
});
