import { describe, expect, it } from 'vitest';
import { campaignDetailsSchema, campaignListItemSchema, formValuesOf } from './campaign-response.schema.ts';
import { campaignFields, campaignFormSchema, defaultCampaignForm } from './campaign.schema.ts';

const brandId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const branchA = '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('campaignListItemSchema', () => {
  it('reads a row of the Future list', () => {
    const row = {
      _id: '0b5c5a1e-7c39-4a53-9a0e-2b2f3f1d9c11',
      name: 'Green Fork26031',
      status: 'Pending',
      statusLabel: 'Submitted',
      discountType: 'dp',
      discountPercent: 10,
      discountValue: null,
      discountSpreadValue: null,
      successFee: 10,
      openingTime: '2026-03-01T05:00:00.000Z',
      closingTime: '2026-04-01T03:59:59.999Z',
      start_date: '2026-03-01',
      period: '03/2026',
      merchantNames: ['Green Fork Soho'],
      brandId,
      brandName: 'Green Fork',
      customerType: 'all',
      suggestions: '',
      recurring: true,
      is_primary_campaign: true,
      pausedDate: ['01/05/2026 - 31/05/2026'],
      editable: true,
      hasQualifiedTransactions: false,
      seriesContinues: false,
      caps: 'No caps',
      holdoutShare: 1000,
      budgetUse: {
        spentPence: 8000,
        budgetPence: 10000,
        percentUsed: 80,
        projection: 'runsOut',
        runsOutOn: '2026-03-24',
      },
    };
    expect(campaignListItemSchema.parse(row)).toEqual(row);
  });

  it('refuses a status outside the list', () => {
    expect(campaignListItemSchema.shape.status.safeParse('Live').success).toBe(false);
  });
});

describe('campaignDetailsSchema and formValuesOf', () => {
  const listRow = {
    _id: '0b5c5a1e-7c39-4a53-9a0e-2b2f3f1d9c11',
    status: 'Pending',
    statusLabel: 'Submitted',
    openingTime: '2026-03-01T05:00:00.000Z',
    closingTime: '2026-04-01T03:59:59.999Z',
    period: '03/2026',
    merchantNames: ['Green Fork Soho'],
    brandName: 'Green Fork',
    is_primary_campaign: true,
    pausedDate: [],
    editable: true,
    hasQualifiedTransactions: false,
    seriesContinues: false,
    caps: 'No caps',
    budgetUse: {
      spentPence: 0,
      budgetPence: null,
      percentUsed: null,
      projection: 'noBudget',
      runsOutOn: null,
    },
  };
  const stored = campaignDetailsSchema.parse({
    ...defaultCampaignForm({ now: new Date('2026-01-20T17:00:00Z'), timeZone: 'UTC', brandId }),
    ...listRow,
    name: 'Green Fork26031',
    discountPercent: 10,
    discountAmount: null,
    discountValue: null,
    discountSpreadAmount: null,
    discountSpreadValue: null,
    spreadAvgSpend: null,
    budget: null,
    start_date: '2026-03-01',
    merchantIds: [branchA],
    templates: [],
    primaryCampaignId: null,
    pauses: [],
    startedOn: '01/03/2026',
  });

  it('answers a stored campaign as it is: no transform of the form runs on the way out', () => {
    expect(campaignDetailsSchema.encode(stored)).toEqual(stored);
  });

  it('answers every field of the form', () => {
    expect(Object.keys(campaignDetailsSchema.shape)).toEqual(expect.arrayContaining(campaignFields));
  });

  it('fills the form with exactly its fields, which the form accepts', () => {
    const values = formValuesOf(stored);
    expect(Object.keys(values).sort()).toEqual([...campaignFields].sort());
    expect(campaignFormSchema.safeParse(values).success).toBe(true);
  });
});
