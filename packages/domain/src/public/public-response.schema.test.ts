import { describe, expect, it } from 'vitest';
import { leadRowSchema } from './public-response.schema.ts';

const lead = {
  _id: '5d1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  created: '2026-03-01T09:00:00.000Z',
  kind: 'diningSignup',
  from: 'amexdiningsignup',
  name: 'Ana Casa',
  email: 'ana@casa-ana.test',
  phone: null,
  company: 'Casa Ana',
  legalName: 'Casa Ana Ltd',
  website: 'https://casa-ana.test',
  amexMerchantID: null,
  brandId: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  branchSubmissions: [],
};

describe('leadRowSchema', () => {
  it('answers a lead of the list as it is', () => {
    expect(leadRowSchema.parse(lead)).toEqual(lead);
  });

  it('is an allowlist: the branch page id never reaches the answer', () => {
    expect(leadRowSchema.parse({ ...lead, branch_page_id: 'p'.repeat(43) })).toEqual(lead);
  });
});
