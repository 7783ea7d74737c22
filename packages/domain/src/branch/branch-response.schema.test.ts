import { describe, expect, it } from 'vitest';
import { brandMerchantSchema, directoryBranchesSchema } from './branch-response.schema.ts';

const merchant = {
  _id: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Green Fork Soho',
  kmid: 'KM100200',
  status: 'Approved',
  merchantId: '5566778899',
  amexMerchantID: null,
  zettleMerchantID: null,
  postcode: 'W1D 3QF',
  address: '12 Frith Street',
  selectable: true,
  createdByBrandUser: false,
};

describe('brandMerchantSchema', () => {
  it('answers a branch the campaign form offers as it is', () => {
    expect(brandMerchantSchema.parse(merchant)).toEqual(merchant);
  });

  it('is an allowlist: a stored column it does not name never reaches the answer', () => {
    expect(brandMerchantSchema.parse({ ...merchant, contact_email: 'owner@greenfork.test' })).toEqual(
      merchant,
    );
  });
});

describe('directoryBranchesSchema', () => {
  it('refuses a venue without its kmid', () => {
    const venue = {
      merchant_name: 'Green Fork',
      address: null,
      postcode: null,
      city: null,
      email: null,
      phone_no: null,
      entity_url: null,
    };
    expect(directoryBranchesSchema.safeParse({ data: [venue] }).success).toBe(false);
  });
});
