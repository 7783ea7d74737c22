import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  onboardingCampaignSchema,
  onboardingCampaignSchemaFor,
  onboardingCompleteSchema,
  onboardingProgressSchema,
} from './onboarding.schema.ts';

const brandId = '6f1d1d4e-8a4b-4c55-9a38-0f5f3e1f2a10';
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Guest Bistro 31041',
  start_date: '2031-04-01',
  customerType: 'all',
  discountType: 'dp',
  discountPercent: 15,
  successFee: 10,
  brandId,
  type: 'All',
  ...overrides,
});
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('onboardingCampaignSchema', () => {
  it('takes an All-branches campaign form with the terms accepted', () => {
    const parsed = onboardingCampaignSchema.parse({ stepOneData: form(), isTAndCAccepted: true });

    expect(parsed.stepOneData).toMatchObject({ type: 'All', start_date: '2031-04-01', customerType: 'all' });
  });

  it('refuses chosen branches: the first campaign runs at every branch the guest adds', () => {
    const result = onboardingCampaignSchema.safeParse({
      stepOneData: form({ type: undefined, merchantIds: [brandId] }),
      isTAndCAccepted: true,
    });

    expect(issuesOf(result)).toEqual([['stepOneData.merchantIds', messages.onboarding.allBranchesOnly]]);
  });

  it('refuses the terms not accepted', () => {
    const result = onboardingCampaignSchema.safeParse({ stepOneData: form(), isTAndCAccepted: false });

    expect(issuesOf(result)).toEqual([['isTAndCAccepted', messages.campaign.termsRequired]]);
  });

  it('checks the month window of the user kind given', () => {
    const schema = onboardingCampaignSchemaFor({
      now: new Date('2031-03-10T15:00:00Z'),
      timeZone: 'America/New_York',
      kind: 'cardNetworkOrFirstLogin',
    });

    expect(schema.safeParse({ stepOneData: form(), isTAndCAccepted: true }).success).toBe(true);
    const late = schema.safeParse({ stepOneData: form({ start_date: '2031-10-01' }), isTAndCAccepted: true });
    expect(issuesOf(late)[0]?.[0]).toBe('stepOneData.start_date');
  });
});

describe('onboardingProgressSchema', () => {
  it('takes each step with its own flag, and the spec client’s brandId and payerAuthorisationId', () => {
    expect(onboardingProgressSchema.safeParse({ step: 'payment', stepTwo: true }).success).toBe(true);
    expect(
      onboardingProgressSchema.safeParse({
        step: 'branch',
        stepThree: false,
        brandId,
        payerAuthorisationId: 'PA123',
      }).success,
    ).toBe(true);
  });

  it('names the flag a step leaves out', () => {
    expect(issuesOf(onboardingProgressSchema.safeParse({ step: 'payment', stepThree: true }))).toEqual([
      ['stepTwo', messages.validation.invalidValue],
    ]);
    expect(issuesOf(onboardingProgressSchema.safeParse({ step: 'branch' }))[0]?.[0]).toBe('stepThree');
  });

  it('refuses another step and any other field', () => {
    expect(issuesOf(onboardingProgressSchema.safeParse({ step: 'password', stepTwo: true }))[0]?.[0]).toBe(
      'step',
    );
    expect(
      onboardingProgressSchema.safeParse({ step: 'payment', stepTwo: true, stepOne: true }).success,
    ).toBe(false);
  });
});

describe('onboardingCompleteSchema', () => {
  const valid = {
    firstName: 'Gia',
    lastName: 'Guest',
    phone: '07700 900123',
    newPassword: 'Str0ng!Pass',
    confirmPassword: 'Str0ng!Pass',
  };

  it('takes the names, the phone (spaces removed) and a password', () => {
    expect(onboardingCompleteSchema.parse(valid)).toMatchObject({ phone: '07700900123', firstName: 'Gia' });
  });

  it('keeps the create-password rules: no common password, and the confirmation', () => {
    expect(
      issuesOf(onboardingCompleteSchema.safeParse({ ...valid, newPassword: 'Password1!' })),
    ).toContainEqual(['newPassword', messages.validation.passwordCommon]);
    expect(
      issuesOf(onboardingCompleteSchema.safeParse({ ...valid, confirmPassword: 'Other!Pass1' })),
    ).toEqual([['confirmPassword', messages.validation.passwordsMustMatch]]);
  });

  it('keeps the profile rules for names and phone, and refuses other fields', () => {
    expect(issuesOf(onboardingCompleteSchema.safeParse({ ...valid, firstName: 'G1' }))[0]?.[0]).toBe(
      'firstName',
    );
    expect(issuesOf(onboardingCompleteSchema.safeParse({ ...valid, phone: 'abc' }))[0]?.[0]).toBe('phone');
    expect(onboardingCompleteSchema.safeParse({ ...valid, email: 'x@example.test' }).success).toBe(false);
  });
});
