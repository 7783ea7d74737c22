import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  branchEntrySchema,
  branchSubmissionSchema,
  brandOnboardingSchema,
  contactLeadSchema,
  signupLookupSchema,
  type BranchEntryInput,
} from './card-network.schema.ts';

const m = messages.cardNetwork;

/** The first message for each field, as a form shows them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const contact = {
  name: 'Ana Lopez',
  email: 'Ana@Example.co.uk',
  phone: '020 7946 0000',
  company: 'Casa Ana',
  website: 'www.casa-ana.co.uk',
  from: 'amexdining',
};

describe('the contact form (spec 3 §5)', () => {
  it('accepts a complete form, with the e-mail lower-cased and the website given its scheme', () => {
    const parsed = contactLeadSchema.parse(contact);

    expect(parsed).toMatchObject({ email: 'ana@example.co.uk', website: 'https://www.casa-ana.co.uk' });
  });

  it('needs a name, an e-mail and a restaurant name, with the spec’s messages', () => {
    const result = contactLeadSchema.safeParse({ ...contact, name: ' ', email: '', company: '' });

    expect(fieldErrors(result)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      company: 'Restaurant name is required',
    });
  });

  it('needs a valid e-mail', () => {
    expect(fieldErrors(contactLeadSchema.safeParse({ ...contact, email: 'ana@' }))).toEqual({
      email: 'Please provide a valid email',
    });
  });

  it('leaves phone and website optional, but checks them when given', () => {
    expect(contactLeadSchema.parse({ ...contact, phone: '', website: '' })).toMatchObject({
      phone: null,
      website: null,
    });
    expect(
      fieldErrors(
        contactLeadSchema.safeParse({ ...contact, phone: 'call me', website: 'javascript:alert(1)' }),
      ),
    ).toEqual({ phone: m.phoneInvalid, website: m.websiteInvalid });
  });

  it('takes only the two contact pages as its source', () => {
    expect(contactLeadSchema.safeParse({ ...contact, from: 'amexsignup' }).success).toBe(true);
    expect(contactLeadSchema.safeParse({ ...contact, from: 'amexdiningsignup' }).success).toBe(false);
  });
});

describe('the card-network sign-up look-up (spec 3 §5)', () => {
  it('needs a Merchant ID and an e-mail', () => {
    const result = signupLookupSchema.safeParse({ amexMerchantID: '', email: '' });

    expect(fieldErrors(result)).toEqual({
      amexMerchantID: 'Merchant ID is required',
      email: 'Email is required',
    });
  });

  it('accepts the Merchant ID trimmed, phone and website left out', () => {
    expect(signupLookupSchema.parse({ amexMerchantID: ' AX100 ', email: 'a@b.co' })).toEqual({
      amexMerchantID: 'AX100',
      email: 'a@b.co',
      phone: null,
      website: null,
    });
  });
});

describe('the dining sign-up (spec 3 §5)', () => {
  const form = {
    name: 'Ana Lopez',
    brandName: 'Casa Ana',
    legalName: 'Casa Ana Ltd',
    email: 'ana@example.co.uk',
    phone: '',
    website: '',
    from: 'amexdiningsignup',
  };

  it('accepts the form from the dining sign-up page only', () => {
    expect(brandOnboardingSchema.safeParse(form).success).toBe(true);
    expect(brandOnboardingSchema.safeParse({ ...form, from: 'amexdining' }).success).toBe(false);
  });

  it('needs a name, a brand name, a legal name and a valid e-mail', () => {
    const result = brandOnboardingSchema.safeParse({
      ...form,
      name: '',
      brandName: '',
      legalName: '',
      email: 'x',
    });

    expect(fieldErrors(result)).toEqual({
      // Spec 3 §5: 'Brand Name required (on both name and brandName)'.
      name: 'Brand Name is required',
      brandName: 'Brand Name is required',
      legalName: 'Legal Name is required',
      email: 'Please provide a valid email',
    });
  });
});

describe('a branch entry of the branch page', () => {
  const entry: BranchEntryInput = {
    branchName: 'Casa Ana Soho',
    merchantId: '',
    amexMerchantID: 'AX9001',
    zettleMerchantID: '',
    postcode: 'w1d 4hs',
    postaltown: 'London',
    address: '1 Dean Street',
  };

  it('becomes a branch of the branch form: postcode upper-cased, empty IDs none', () => {
    expect(branchEntrySchema.parse(entry)).toMatchObject({
      name: 'Casa Ana Soho',
      postcode: 'W1D 4HS',
      postalTown: 'London',
      merchantIds: { merchantId: null, amexMerchantID: 'AX9001', zettleMerchantID: null },
    });
  });

  it('follows the branches’ rules, each message on the entry’s own field', () => {
    const result = branchEntrySchema.safeParse({
      ...entry,
      branchName: 'Ab',
      postcode: 'nowhere',
      amexMerchantID: '',
    });

    expect(fieldErrors(result)).toEqual({
      branchName: messages.branch.nameMin,
      postcode: messages.branch.postcodeInvalid,
      merchantId: messages.branch.merchantIdRequired,
    });
  });
});

describe('the branch submission', () => {
  const entry = {
    branchName: 'Casa Ana Soho',
    amexMerchantID: 'AX9001',
    postcode: 'W1D 4HS',
  };
  const id = 'a'.repeat(43);

  it('needs at least one branch', () => {
    expect(fieldErrors(branchSubmissionSchema.safeParse({ id, branchList: [] }))).toEqual({
      branchList: m.branchRequired,
    });
  });

  it('refuses one Merchant ID entered twice, in any case', () => {
    const result = branchSubmissionSchema.safeParse({
      id,
      branchList: [entry, { ...entry, branchName: 'Casa Ana Bath', amexMerchantID: 'ax9001' }],
    });

    expect(fieldErrors(result)).toEqual({ branchList: messages.branch.duplicateMerchantId('ax9001') });
  });

  it('refuses an id that is not a branch page id', () => {
    expect(fieldErrors(branchSubmissionSchema.safeParse({ id: '42', branchList: [entry] }))).toEqual({
      id: m.branchPageUnknown,
    });
  });

  it('keeps the comments trimmed, empty when none', () => {
    expect(branchSubmissionSchema.parse({ id, branchList: [entry] }).comments).toBe('');
  });
});
