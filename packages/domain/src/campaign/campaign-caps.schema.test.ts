import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { capsSummary } from './campaign-caps.rules.ts';
import { campaignFormSchema, defaultCampaignForm, type CampaignFormInput } from './campaign.schema.ts';

const m = messages.campaign;
const form = (caps: Partial<CampaignFormInput>): CampaignFormInput => ({
  ...defaultCampaignForm({ now: new Date('2026-01-20T12:00:00Z'), timeZone: 'Europe/London' }),
  name: 'Green Fork 02/2026 3',
  brandId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  merchantIds: ['9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
  ...caps,
});

function problems(input: CampaignFormInput): Record<string, string[]> {
  const result = campaignFormSchema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
  return found;
}

describe('the caps of the campaign form (decision 0116)', () => {
  it('has no cap when every field is left empty', () => {
    const parsed = campaignFormSchema.parse(form({}));
    expect(parsed.maxCashbackPerTransaction).toBeUndefined();
    expect(parsed.maxTransactionsPerCard).toBeUndefined();
    expect(parsed.capInterval).toBeUndefined();
  });

  it('takes every cap with its interval', () => {
    const parsed = campaignFormSchema.parse(
      form({
        maxCashbackPerTransaction: 5.5,
        maxTransactionsPerCard: 3,
        maxTransactionsPerCardPerInterval: 1,
        maxSpendPerCardPerInterval: 100,
        capInterval: 'week',
      }),
    );
    expect(parsed).toMatchObject({
      maxCashbackPerTransaction: 5.5,
      maxTransactionsPerCard: 3,
      maxTransactionsPerCardPerInterval: 1,
      maxSpendPerCardPerInterval: 100,
      capInterval: 'week',
    });
  });

  it.each([0, -1, 2.5])('refuses %s rewarded transactions per card', (count) => {
    expect(problems(form({ maxTransactionsPerCard: count }))).toEqual({
      maxTransactionsPerCard: [m.caps.countInvalid(m.caps.maxTransactionsPerCard)],
    });
  });

  it.each([0, -5, 1.234])('refuses a maximum cashback of £%s', (pounds) => {
    expect(problems(form({ maxCashbackPerTransaction: pounds }))).toEqual({
      maxCashbackPerTransaction: [m.amountInvalid(m.numberFieldNames.maxCashbackPerTransaction)],
    });
  });

  it('refuses a per-interval cap without its interval, and an interval without one', () => {
    expect(problems(form({ maxSpendPerCardPerInterval: 50 }))).toEqual({
      capInterval: [m.caps.intervalRequired],
    });
    expect(problems(form({ maxTransactionsPerCardPerInterval: 2 }))).toEqual({
      capInterval: [m.caps.intervalRequired],
    });
    expect(problems(form({ capInterval: 'day' }))).toEqual({ capInterval: [m.caps.intervalNotUsed] });
  });

  it('refuses an interval that is not a day, a week or a month, and a count as text', () => {
    expect(
      Object.keys(problems(form({ capInterval: 'year' as 'day', maxTransactionsPerCardPerInterval: 1 }))),
    ).toEqual(['capInterval']);
    expect(Object.keys(problems(form({ maxTransactionsPerCard: '3' as unknown as number })))).toEqual([
      'maxTransactionsPerCard',
    ]);
  });
});

describe('capsSummary', () => {
  it('reads every cap in a line, and says when there is none', () => {
    expect(
      capsSummary({
        maxCashbackPence: 500,
        maxTransactionsPerCard: 3,
        maxTransactionsPerInterval: 1,
        maxSpendPerIntervalPence: 10_000,
        capInterval: 'week',
      }),
    ).toBe('≤ £5.00 a transaction · 3 per card · 1 per card a week · £100.00 spend per card a week');
    expect(
      capsSummary({
        maxCashbackPence: null,
        maxTransactionsPerCard: null,
        maxTransactionsPerInterval: null,
        maxSpendPerIntervalPence: null,
        capInterval: null,
      }),
    ).toBe(m.caps.none);
  });
});
