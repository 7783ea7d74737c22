import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { minimumDetectableLift } from './lift-power.rules.ts';
import { detectableLiftPlanSchema, holdoutShareSchema } from './incrementality.schema.ts';

const m = messages.campaign.holdout;

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the holdout share field', () => {
  it('takes 0 to 5,000 basis points, and 10% when none is given', () => {
    expect(holdoutShareSchema.parse(0)).toBe(0);
    expect(holdoutShareSchema.parse(5_000)).toBe(5_000);
    expect(holdoutShareSchema.parse(undefined)).toBe(1_000);
  });

  it.each([5_001, -1, 12.5, '10', null])('refuses %j, saying what a share may be', (value) => {
    expect(issueOf(holdoutShareSchema.safeParse(value))).toBe(m.shareInvalid);
  });
});

describe("the form's question of what a holdout detects", () => {
  const plan = {
    holdoutShareBasisPoints: 1_000,
    eligibleCards: 100_000,
    spendStandardDeviationPence: 3_000,
    varianceReduction: 0.3,
  };

  it('passes a plan the rule can answer', () => {
    const parsed = detectableLiftPlanSchema.parse(plan);
    expect(minimumDetectableLift(parsed)).toEqual({ perCardPence: 75, incrementalRevenuePence: 6_671_068 });
  });

  it.each([
    ['eligibleCards', -5, m.eligibleCardsInvalid],
    ['eligibleCards', 10.5, m.eligibleCardsInvalid],
    ['spendStandardDeviationPence', 12.3, m.spendDeviationInvalid],
    ['varianceReduction', 1.2, m.varianceReductionInvalid],
    ['holdoutShareBasisPoints', 9_000, m.shareInvalid],
  ])('refuses %s of %j with its message', (field, value, message) => {
    const result = detectableLiftPlanSchema.safeParse({ ...plan, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
