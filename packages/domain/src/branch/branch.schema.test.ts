import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  approveMerchantSchema,
  branchCreateSchema,
  branchCsvColumns,
  branchCsvRowSchema,
  branchFormSchema,
  branchInputOfCsvRecord,
  branchUpdateSchema,
  branchWizardSchema,
  multiActionSchema,
  type BranchCsvColumn,
} from './branch.schema.ts';

const m = messages.branch;
const brandId = '2b0d7c3e-55f1-4a3e-9f59-1f2d8a1c0a11';
const branchId = '7c1e6a52-0c1a-4d4e-8a4b-3c9e5f7d2b10';

const valid = {
  name: 'Green Fork Angel',
  postcode: 'n1 9aa',
  contactName: "Mary O'Neil-Smith",
  contactPhone: '020 7946 0000',
  contactEmail: 'angel@greenfork.test',
  tripadvisorUrl: 'https://www.tripadvisor.co.uk/Restaurant_Review-Green_Fork',
  merchantIds: { merchantId: '4410123' },
};

/** The message zod gives for a field, or undefined when the value passes. */
function messageFor(schema: typeof branchFormSchema, values: Record<string, unknown>, field: string) {
  const result = schema.safeParse({ ...valid, ...values });
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('branchFormSchema', () => {
  it('accepts a complete branch, upper-casing the postcode and dropping spaces from the phone', () => {
    const parsed = branchFormSchema.parse(valid);

    expect(parsed.postcode).toBe('N1 9AA');
    expect(parsed.contactPhone).toBe('02079460000');
    expect(parsed.merchantIds).toEqual({ merchantId: '4410123' });
  });

  it('needs only a name and a postcode; empty optional fields become null', () => {
    const parsed = branchFormSchema.parse({
      name: 'Abc',
      postcode: 'W1D 4HS',
      contactName: '',
      address: '  ',
    });

    expect(parsed).toMatchObject({ name: 'Abc', postcode: 'W1D 4HS', contactName: null, address: null });
  });

  it.each([
    { field: 'name', value: undefined, message: m.nameRequired },
    { field: 'name', value: '   ', message: m.nameRequired },
    { field: 'name', value: 'Ab', message: m.nameMin },
    { field: 'name', value: 'x'.repeat(101), message: m.nameMax },
    { field: 'postcode', value: '', message: m.postcodeRequired },
    { field: 'postcode', value: '12345', message: m.postcodeInvalid },
    { field: 'postcode', value: 'SW1A1AAA', message: m.postcodeInvalid },
    { field: 'contactName', value: 'J0hn', message: m.contactNameInvalid },
    { field: 'contactName', value: 'Al', message: m.contactNameMin },
    { field: 'contactName', value: 'A'.repeat(101), message: m.contactNameMax },
    { field: 'contactPhone', value: '02079x', message: m.contactPhoneInvalid },
    { field: 'contactPhone', value: '-2079460000', message: m.contactPhoneInvalid },
    { field: 'contactPhone', value: '0207946000012', message: messages.validation.tooLong },
    { field: 'contactEmail', value: 'not-an-email', message: m.contactEmailInvalid },
    { field: 'tripadvisorUrl', value: 'javascript:alert(1)', message: m.linkInvalid },
  ])('says "$message" for $field = $value', ({ field, value, message }) => {
    expect(messageFor(branchFormSchema, { [field]: value }, field)).toBe(message);
  });

  it.each(['W1D 4HS', 'EC1A 1BB', 'm1 1ad', 'SW9 8PR', 'LS14DY', 'GIR 0AA'])(
    'accepts the UK postcode %s',
    (postcode) => {
      expect(messageFor(branchFormSchema, { postcode }, 'postcode')).toBeUndefined();
    },
  );

  it('refuses a field the form does not have', () => {
    expect(branchFormSchema.safeParse({ ...valid, status: 'Active' }).success).toBe(false);
  });
});

describe('branchCreateSchema', () => {
  it('names the brand the branch belongs to', () => {
    expect(branchCreateSchema.safeParse(valid).success).toBe(false);
    expect(branchCreateSchema.parse({ ...valid, brandId }).brandId).toBe(brandId);
  });
});

describe('branchUpdateSchema', () => {
  it('takes the merchant IDs alone, as the inline editor sends them', () => {
    expect(branchUpdateSchema.parse({ merchantIds: { amexMerchantID: ' AX1 ' } })).toEqual({
      merchantIds: { amexMerchantID: 'AX1' },
    });
  });

  it('keeps the directory choice locked: no name, no kmid', () => {
    expect(branchUpdateSchema.safeParse({ name: 'Renamed' }).success).toBe(false);
    expect(branchUpdateSchema.safeParse({ kmid: 'KM1' }).success).toBe(false);
  });

  it('still checks what it is given', () => {
    const result = branchUpdateSchema.safeParse({ postcode: 'nowhere' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(m.postcodeInvalid);
  });
});

describe('branchWizardSchema', () => {
  const wizard = { ...valid, brandId };
  const wizardMessage = (values: Record<string, unknown>, field: string) => {
    const result = branchWizardSchema.safeParse({ ...wizard, ...values });
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
  };

  it('accepts a branch with its contact details and a merchant ID', () => {
    expect(branchWizardSchema.safeParse(wizard).success).toBe(true);
  });

  it.each([
    { field: 'contactPhone', value: '', message: m.contactPhoneRequired },
    { field: 'contactPhone', value: undefined, message: m.contactPhoneRequired },
    { field: 'contactPhone', value: '12ab', message: m.contactPhoneInvalidWizard },
    { field: 'contactEmail', value: '', message: m.contactEmailRequired },
    { field: 'contactEmail', value: 'nope', message: m.contactEmailInvalid },
    { field: 'merchantIds', value: {}, message: m.merchantIdRequired },
    { field: 'merchantIds', value: { merchantId: ' ', amexMerchantID: '' }, message: m.merchantIdRequired },
  ])('says "$message" for $field = $value', ({ field, value, message }) => {
    expect(wizardMessage({ [field]: value }, field)).toBe(message);
  });

  it.each(['merchantId', 'amexMerchantID', 'zettleMerchantID'])('is satisfied by %s alone', (key) => {
    expect(wizardMessage({ merchantIds: { [key]: 'X1' } }, 'merchantIds')).toBeUndefined();
  });
});

describe('branchCsvRowSchema', () => {
  const record = (values: Partial<Record<BranchCsvColumn, string>>) =>
    branchInputOfCsvRecord({
      ...(Object.fromEntries(branchCsvColumns.map((column) => [column, ''])) as Record<
        BranchCsvColumn,
        string
      >),
      name: 'Green Fork Angel',
      postcode: 'N1 9AA',
      merchantId: '4410999',
      ...values,
    });

  it('reads a row of the brief §6 columns, grouping the merchant IDs', () => {
    const parsed = branchCsvRowSchema.parse(record({ amexMerchantID: 'AX1', postalTown: 'London' }));

    expect(parsed.merchantIds).toEqual({
      merchantId: '4410999',
      amexMerchantID: 'AX1',
      zettleMerchantID: null,
    });
    expect(parsed.postalTown).toBe('London');
  });

  it('keeps a formula-like value as the text it is', () => {
    const parsed = branchCsvRowSchema.parse(record({ name: "=cmd|' /C calc'!A0", address: '@SUM(1+1)' }));

    expect(parsed.name).toBe("=cmd|' /C calc'!A0");
    expect(parsed.address).toBe('@SUM(1+1)');
  });

  it('needs at least one merchant ID', () => {
    const result = branchCsvRowSchema.safeParse(record({ merchantId: '' }));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([m.merchantIdRequired]);
  });

  it('applies the form rules to each row', () => {
    const result = branchCsvRowSchema.safeParse(record({ postcode: 'ZZZ', contactEmail: 'x@' }));
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual(
      [m.postcodeInvalid, m.contactEmailInvalid].sort(),
    );
  });
});

describe('approveMerchantSchema', () => {
  it('approves with or without comments', () => {
    expect(approveMerchantSchema.parse({ status: 'Approved', MId: branchId })).toEqual({
      status: 'Approved',
      MId: branchId,
      comments: '',
    });
  });

  it('asks for a reason to reject', () => {
    const result = approveMerchantSchema.safeParse({ status: 'Rejected', MId: branchId, comments: '  ' });
    expect(result.error?.issues[0]?.message).toBe(m.rejectCommentsRequired);
  });

  it('refuses any other status', () => {
    expect(approveMerchantSchema.safeParse({ status: 'Active', MId: branchId }).success).toBe(false);
  });
});

describe('multiActionSchema', () => {
  const approveOrReject = multiActionSchema(['APPROVE', 'REJECT']);

  it('takes the ticked ids and one of the actions it was made for', () => {
    expect(approveOrReject.parse({ selectedIds: [branchId], action: 'APPROVE' }).action).toBe('APPROVE');
    expect(approveOrReject.safeParse({ selectedIds: [branchId], action: 'DELETE' }).success).toBe(false);
  });

  it('needs at least one id, and at most 100', () => {
    expect(approveOrReject.safeParse({ selectedIds: [], action: 'APPROVE' }).success).toBe(false);
    expect(
      approveOrReject.safeParse({ selectedIds: Array(101).fill(branchId), action: 'APPROVE' }).success,
    ).toBe(false);
  });

  it('asks for a reason to reject', () => {
    const result = approveOrReject.safeParse({ selectedIds: [branchId], action: 'REJECT' });
    expect(result.error?.issues[0]?.message).toBe(m.rejectCommentsRequired);
  });
});
