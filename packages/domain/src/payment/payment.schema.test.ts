import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { testBankDetailsSchema } from './payment.schema.ts';

const m = messages.payment;

function errorsOf(input: Record<string, string>) {
  const result = testBankDetailsSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('the test provider page bank details', () => {
  it('accepts a sort code typed with dashes or spaces and keeps only its digits', () => {
    expect(
      testBankDetailsSchema.parse({
        accountHolderName: ' Ada Lovelace ',
        sortCode: '12-34 56',
        accountNumber: '1234 5678',
      }),
    ).toEqual({ accountHolderName: 'Ada Lovelace', sortCode: '123456', accountNumber: '12345678' });
  });

  it('refuses a sort code that is not 6 digits and an account number that is not 8', () => {
    expect(errorsOf({ accountHolderName: 'Ada', sortCode: '12345', accountNumber: '1234567a' })).toEqual({
      sortCode: m.sortCodeInvalid,
      accountNumber: m.accountNumberInvalid,
    });
  });

  it('needs the account holder name', () => {
    expect(errorsOf({ accountHolderName: '  ', sortCode: '123456', accountNumber: '12345678' })).toEqual({
      accountHolderName: m.accountHolderRequired,
    });
  });
});
