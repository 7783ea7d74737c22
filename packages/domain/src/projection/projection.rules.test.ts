import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  conversionAt,
  defaultAverageSpend,
  discountPercentOf,
  internalDemoProjection,
  project,
  projectionRecordSchema,
  roundHalfUp,
  type CurvePoint,
  type ProjectionFigures,
  type ProjectionInput,
  type ProjectionRecord,
} from './projection.rules.ts';

/**
 * The record every case starts from:
 * B (base_traffic) = 10,000 new-customer cardholders, O (old_user_traffic) = 5,000 existing ones,
 * average spend £40 (4,000 p), and these curves (discount % → conversion):
 *   acquisition   0 → 0,     10 → 0.02, 20 → 0.03
 *   reengagement  0 → 0.01,  20 → 0.05
 *   reactivation  5 → 0.01,  25 → 0.03
 *   conversion_curve (the fallback) 0 → 0.005, 50 → 0.05
 */
function recordWith(
  change: { curves?: Partial<ProjectionRecord[0]>; audience?: Partial<ProjectionRecord[1]> } = {},
): ProjectionRecord {
  return [
    {
      traffic: 20_000,
      conversion_curve: [
        { discount: 0, conversion: 0.005 },
        { discount: 50, conversion: 0.05 },
      ],
      curve: {
        acquisition: [
          { discount: 20, conversion: 0.03 },
          { discount: 0, conversion: 0 },
          { discount: 10, conversion: 0.02 },
        ],
        reengagement: [
          { discount: 0, conversion: 0.01 },
          { discount: 20, conversion: 0.05 },
        ],
        reactivation: [
          { discount: 5, conversion: 0.01 },
          { discount: 25, conversion: 0.03 },
        ],
      },
      reengamenet_window: 6,
      entity_metaid: 'green-fork',
      ...change.curves,
    },
    {
      addressable_market: 576_759,
      base_traffic: 10_000,
      old_user_traffic: 5_000,
      avg_transaction_val: 40,
      total_card_holder_count: 4_037_318,
      ...change.audience,
    },
  ];
}

const figures = (record: unknown, input: ProjectionInput): ProjectionFigures => {
  const result = project(record, input);
  if (!result.valid) throw new Error(`expected a projection, got ${result.message}`);
  return result.figures;
};

const shared = { total_cardholders: 4_037_318, addressable_market: 576_759 };

describe('project: each customer type (ss 15%, success fee 10%, average spend £40)', () => {
  it.each<{
    customerType: ProjectionInput['customerType'];
    expected: Omit<ProjectionFigures, keyof typeof shared>;
  }>([
    {
      // reach B = 10,000; acquisition(15) = 0.02 + (15−10)/(20−10) × (0.03−0.02) = 0.025
      // conversions 10,000 × 0.025 = 250; revenue 250 × 4,000 p = 1,000,000 p
      // cost 1,000,000 × (10 + 15)/100 = 250,000 p; CPA 250,000/250 = 1,000 p
      customerType: 'new',
      expected: {
        expected_reach: 10_000,
        expected_conversion: 250,
        expected_revenue: 1_000_000,
        expected_cost: 250_000,
        cpa: 1_000,
      },
    },
    {
      // reach O = 5,000; reengagement(15) = 0.01 + 15/20 × (0.05−0.01) = 0.04
      // conversions 200; revenue 800,000 p; cost 25% = 200,000 p; CPA 1,000 p
      customerType: 'existing',
      expected: {
        expected_reach: 5_000,
        expected_conversion: 200,
        expected_revenue: 800_000,
        expected_cost: 200_000,
        cpa: 1_000,
      },
    },
    {
      // reach O × 1.02 = 5,100; reactivation(15) = 0.01 + (15−5)/(25−5) × 0.02 = 0.02
      // conversions 102; revenue 408,000 p; cost 25% = 102,000 p; CPA 1,000 p
      customerType: 'lapsed',
      expected: {
        expected_reach: 5_100,
        expected_conversion: 102,
        expected_revenue: 408_000,
        expected_cost: 102_000,
        cpa: 1_000,
      },
    },
    {
      // reach (B + O) × 1.04 = 15,600
      // rate (10,000 × 0.025 + 5,000 × 0.04)/15,000 = 450/15,000 = 0.03; conversions 468
      // revenue 468 × 4,000 = 1,872,000 p; cost 25% = 468,000 p; CPA 1,000 p
      customerType: 'all',
      expected: {
        expected_reach: 15_600,
        expected_conversion: 468,
        expected_revenue: 1_872_000,
        expected_cost: 468_000,
        cpa: 1_000,
      },
    },
  ])('$customerType customers', ({ customerType, expected }) => {
    expect(
      figures(recordWith(), { customerType, discountType: 'ss', discountSpreadValue: 15, successFee: 10 }),
    ).toEqual({
      ...shared,
      ...expected,
    });
  });
});

describe('project: each discount type', () => {
  it('dp uses its percent and always projects all customers', () => {
    // dp forces 'all': reach 15,600; dp 10%: acquisition(10) = 0.02, reengagement(10) = 0.01 + 10/20 × 0.04 = 0.03
    // rate (10,000 × 0.02 + 5,000 × 0.03)/15,000 = 350/15,000; conversions 15,600 × 350/15,000 = 364
    // revenue 364 × 4,000 = 1,456,000 p; cost (5 + 10)% = 218,400 p; CPA 600 p
    expect(
      figures(recordWith(), { customerType: 'new', discountType: 'dp', discountPercent: 10, successFee: 5 }),
    ).toEqual({
      ...shared,
      expected_reach: 15_600,
      expected_conversion: 364,
      expected_revenue: 1_456_000,
      expected_cost: 218_400,
      cpa: 600,
    });
  });

  it('dv turns its value into a percent of the minimum spend', () => {
    // £7.50 off a £50 minimum spend = 15%; new customers as above: 250 conversions
    // revenue 1,000,000 p; cost (10 + 15)% = 250,000 p
    const result = project(recordWith(), {
      customerType: 'new',
      discountType: 'dv',
      discountAmount: 50,
      discountValue: 7.5,
      successFee: 10,
    });
    expect(result).toEqual({
      valid: true,
      discountPercent: 15,
      figures: {
        ...shared,
        expected_reach: 10_000,
        expected_conversion: 250,
        expected_revenue: 1_000_000,
        expected_cost: 250_000,
        cpa: 1_000,
      },
    });
  });

  it('dv without a minimum spend turns its value into a percent of the average spend', () => {
    // £6 of the £40 average spend = 15%: the same figures as £7.50 off £50
    const withoutMinimum = project(recordWith(), {
      customerType: 'new',
      discountType: 'dv',
      discountAmount: '',
      discountValue: 6,
      successFee: 10,
    });
    expect(withoutMinimum).toMatchObject({
      valid: true,
      discountPercent: 15,
      figures: { expected_cost: 250_000 },
    });
  });

  it('dv with a percent that is not a whole number keeps it unrounded', () => {
    // £10 off £30 = 33.33…%; existing: reengagement beyond its last point (20) stays 0.05
    // conversions 5,000 × 0.05 = 250; revenue 1,000,000 p
    // cost 1,000,000 × (10 + 33.333…)/100 = 433,333.33… → 433,333 p; CPA 433,333/250 = 1,733.33 → 1,733 p
    expect(
      figures(recordWith(), {
        customerType: 'existing',
        discountType: 'dv',
        discountAmount: 30,
        discountValue: 10,
        successFee: 10,
      }),
    ).toEqual({
      ...shared,
      expected_reach: 5_000,
      expected_conversion: 250,
      expected_revenue: 1_000_000,
      expected_cost: 433_333,
      cpa: 1_733,
    });
  });

  it('ss uses its discount percent, not its ATV percent', () => {
    const input: ProjectionInput = {
      customerType: 'new',
      discountType: 'ss',
      discountSpreadValue: 15,
      successFee: 10,
    };
    expect(project(recordWith(), input)).toMatchObject({ discountPercent: 15 });
  });
});

describe('project: the maximum cashback per transaction (a cap, decision 0116)', () => {
  it('caps a percent discount at the cap’s share of the average spend, for conversion and cost alike', () => {
    // dp 20% of £40 would be £8; a £4 cap is 10% of £40: the same figures as dp 10% above.
    expect(
      figures(recordWith(), {
        customerType: 'all',
        discountType: 'dp',
        discountPercent: 20,
        successFee: 5,
        maxCashbackPerTransaction: 4,
      }),
    ).toEqual({
      ...shared,
      expected_reach: 15_600,
      expected_conversion: 364,
      expected_revenue: 1_456_000,
      expected_cost: 218_400,
      cpa: 600,
    });
  });

  it('changes nothing when the cap is above the cashback, and is no cap when empty', () => {
    const dp = { customerType: 'all', discountType: 'dp', discountPercent: 10, successFee: 5 } as const;
    const uncapped = figures(recordWith(), dp);
    expect(figures(recordWith(), { ...dp, maxCashbackPerTransaction: 4 })).toEqual(uncapped);
    expect(figures(recordWith(), { ...dp, maxCashbackPerTransaction: '' })).toEqual(uncapped);
  });

  it('caps a value discount at the cap’s share of its minimum spend', () => {
    // £7.50 off £50 is 15%; a £5 cap is 10% of £50.
    const input: ProjectionInput = {
      customerType: 'new',
      discountType: 'dv',
      discountAmount: 50,
      discountValue: 7.5,
      maxCashbackPerTransaction: 5,
    };
    expect(discountPercentOf(input, 40)).toBeCloseTo(10, 12);
  });
});

describe('project: the other caps (decision 0116)', () => {
  const dp = { customerType: 'all', discountType: 'dp', discountPercent: 20, successFee: 5 } as const;

  it('pays dp on the rewarded spend only when the spend cap is below the average spend, fee included', () => {
    // A £20 cap is half of the £40 average spend: dp 20% earns 10% of it and the 5% fee 2.5%.
    // Reach 15,600 and 364 conversions at 10% (as above); revenue 364 × 4,000 = 1,456,000 p;
    // cost 1,456,000 × (2.5 + 10) ÷ 100 = 182,000 p; CPA 182,000 ÷ 364 = 500 p.
    expect(figures(recordWith(), { ...dp, maxSpendPerCardPerInterval: 20 })).toEqual({
      ...shared,
      expected_reach: 15_600,
      expected_conversion: 364,
      expected_revenue: 1_456_000,
      expected_cost: 182_000,
      cpa: 500,
    });
    expect(project(recordWith(), { ...dp, maxSpendPerCardPerInterval: 20 })).toMatchObject({
      discountPercent: 10,
    });
  });

  it('changes nothing when the spend cap is at or above the average spend, and cuts a penny below it', () => {
    const uncapped = figures(recordWith(), dp);
    expect(figures(recordWith(), { ...dp, maxSpendPerCardPerInterval: 40 })).toEqual(uncapped);
    expect(figures(recordWith(), { ...dp, maxSpendPerCardPerInterval: 40.01 })).toEqual(uncapped);
    expect(figures(recordWith(), { ...dp, maxSpendPerCardPerInterval: '' })).toEqual(uncapped);
    expect(discountPercentOf({ ...dp, maxSpendPerCardPerInterval: 39.99 }, 40)).toBeCloseTo(19.995, 12);
  });

  it('pays a value discount whole while the spend cap reaches its minimum spend, the fee on the capped part', () => {
    const dv = {
      customerType: 'existing',
      discountType: 'dv',
      discountAmount: 30,
      discountValue: 10,
      successFee: 10,
    } as const;
    // £10 off £30 is 33.33%, as uncapped (250 conversions, revenue 1,000,000 p); the fee is on
    // £30 of each £40 purchase, 7.5%: cost round(1,000,000 × 40.8333 ÷ 100) = 408,333 p, CPA 1,633 p.
    expect(figures(recordWith(), { ...dv, maxSpendPerCardPerInterval: 30 })).toEqual({
      ...shared,
      expected_reach: 5_000,
      expected_conversion: 250,
      expected_revenue: 1_000_000,
      expected_cost: 408_333,
      cpa: 1_633,
    });
    // A penny below the minimum spend no purchase earns: the offer is 0% (reengagement 0.01) and
    // nothing is paid, cashback or fee.
    expect(figures(recordWith(), { ...dv, maxSpendPerCardPerInterval: 29.99 })).toEqual({
      ...shared,
      expected_reach: 5_000,
      expected_conversion: 50,
      expected_revenue: 200_000,
      expected_cost: 0,
      cpa: 0,
    });
  });

  it('pays every conversion under the count caps: one purchase each, and a count cap is at least one', () => {
    const uncapped = figures(recordWith(), dp);
    expect(
      figures(recordWith(), { ...dp, maxTransactionsPerCard: 1, maxTransactionsPerCardPerInterval: 1 }),
    ).toEqual(uncapped);
  });

  it('applies the cashback cap after the spend cap, to the cashback the rewarded spend earns', () => {
    // dp 20% of the £20 rewarded is £4 (10% of £40); a £2 cap makes it 5%.
    expect(
      discountPercentOf({ ...dp, maxSpendPerCardPerInterval: 20, maxCashbackPerTransaction: 2 }, 40),
    ).toBeCloseTo(5, 12);
  });
});

describe('project: rounding', () => {
  it('rounds reach, conversions, cost and CPA half up, each from the figure before it', () => {
    // lapsed, O = 4,321, default average spend £23.62 (2,362 p), ss 12%, success fee 7%
    // reach 4,321 × 1.02 = 4,407.42 → 4,407
    // reactivation(12) = 0.01 + (12−5)/20 × 0.02 = 0.017; conversions 4,407 × 0.017 = 74.919 → 75
    // revenue 75 × 2,362 = 177,150 p; cost 177,150 × 19/100 = 33,658.5 → 33,659 p (half up)
    // CPA 33,659/75 = 448.79 → 449 p
    const record = recordWith({ audience: { old_user_traffic: 4_321, avg_transaction_val: null } });
    expect(
      figures(record, { customerType: 'lapsed', discountType: 'ss', discountSpreadValue: 12, successFee: 7 }),
    ).toEqual({
      ...shared,
      expected_reach: 4_407,
      expected_conversion: 75,
      expected_revenue: 177_150,
      expected_cost: 33_659,
      cpa: 449,
    });
  });

  it.each([
    { value: 2.5, rounded: 3 },
    { value: 2.4999999999999996, rounded: 3 },
    { value: 2.49, rounded: 2 },
    { value: 1.005 * 100, rounded: 101 },
    { value: 0, rounded: 0 },
    { value: 33_658.5, rounded: 33_659 },
  ])('roundHalfUp($value) is $rounded', ({ value, rounded }) => {
    expect(roundHalfUp(value)).toBe(rounded);
  });
});

describe('project: the average spend', () => {
  it.each([
    { avg: 40, pence: 4_000 },
    { avg: 23.62, pence: 2_362 },
    { avg: null, pence: 2_362 },
    { avg: undefined, pence: 2_362 },
    { avg: 0, pence: 2_362 },
    { avg: 12.345, pence: 1_235 },
  ])('an average spend of $avg brings $pence p a conversion', ({ avg, pence }) => {
    // new, ss 15%: 250 conversions, so revenue is 250 × the average spend in pence
    const record = recordWith({ audience: { avg_transaction_val: avg } });
    const result = figures(record, {
      customerType: 'new',
      discountType: 'ss',
      discountSpreadValue: 15,
      successFee: 10,
    });
    expect(result.expected_revenue).toBe(250 * pence);
  });

  it('defaults to £23.62', () => {
    expect(defaultAverageSpend).toBe(23.62);
  });
});

describe('project: curves', () => {
  it('uses the overall conversion curve when a customer type has no curve of its own', () => {
    // no acquisition curve: conversion_curve(20) = 0.005 + 20/50 × 0.045 = 0.023; conversions 10,000 × 0.023 = 230
    const record = recordWith({ curves: { curve: { reengagement: [{ discount: 0, conversion: 0.01 }] } } });
    const result = figures(record, {
      customerType: 'new',
      discountType: 'ss',
      discountSpreadValue: 20,
      successFee: 10,
    });
    expect(result.expected_conversion).toBe(230);
  });

  it.each<{ discount: number; conversion: number; why: string }>([
    { discount: 0, conversion: 0, why: 'on the first point' },
    { discount: 5, conversion: 0.01, why: 'halfway between 0 and 10' },
    { discount: 10, conversion: 0.02, why: 'on a middle point' },
    { discount: 12.5, conversion: 0.0225, why: 'a quarter of the way from 10 to 20' },
    { discount: 20, conversion: 0.03, why: 'on the last point' },
    { discount: 35, conversion: 0.03, why: 'beyond the last point: held at its value' },
    { discount: 100, conversion: 0.03, why: 'far beyond the last point' },
  ])('acquisition at $discount% is $conversion ($why)', ({ discount, conversion }) => {
    expect(conversionAt(recordWith()[0].curve.acquisition!, discount)).toBeCloseTo(conversion, 12);
  });

  it.each([
    { discount: 0, conversion: 0.01, why: 'below the first point (5%): held at its value' },
    { discount: 5, conversion: 0.01, why: 'on the first point' },
    { discount: 25, conversion: 0.03, why: 'on the last point' },
  ])('reactivation at $discount% is $conversion ($why)', ({ discount, conversion }) => {
    expect(conversionAt(recordWith()[0].curve.reactivation!, discount)).toBeCloseTo(conversion, 12);
  });

  it('holds a one-point curve flat', () => {
    const curve: CurvePoint[] = [{ discount: 10, conversion: 0.04 }];
    expect([0, 10, 60].map((discount) => conversionAt(curve, discount))).toEqual([0.04, 0.04, 0.04]);
  });

  it('does not reorder the curve it is given', () => {
    const curve = recordWith()[0].curve.acquisition!;
    conversionAt(curve, 15);
    expect(curve[0]).toEqual({ discount: 20, conversion: 0.03 });
  });
});

describe('project: CPA N/A and empty values', () => {
  it('answers N/A for CPA when no one converts', () => {
    // new, 0%: acquisition(0) = 0, so 0 conversions, no revenue, no cost
    const result = figures(recordWith(), {
      customerType: 'new',
      discountType: 'ss',
      discountSpreadValue: 0,
      successFee: 10,
    });
    expect(result).toMatchObject({
      expected_conversion: 0,
      expected_revenue: 0,
      expected_cost: 0,
      cpa: 'N/A',
    });
  });

  it('answers N/A when conversions round down to nothing', () => {
    // new, B = 10: reach 10; acquisition(15) = 0.025: 10 × 0.025 = 0.25 → 0 conversions
    const record = recordWith({ audience: { base_traffic: 10 } });
    const result = figures(record, {
      customerType: 'new',
      discountType: 'ss',
      discountSpreadValue: 15,
      successFee: 10,
    });
    expect(result).toMatchObject({ expected_reach: 10, expected_conversion: 0, cpa: 'N/A' });
  });

  it('projects nothing for a brand with no traffic, without dividing by zero', () => {
    const record = recordWith({ audience: { base_traffic: 0, old_user_traffic: 0 } });
    const result = figures(record, {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: 10,
      successFee: 10,
    });
    expect(result).toMatchObject({ expected_reach: 0, expected_conversion: 0, expected_cost: 0, cpa: 'N/A' });
  });

  it('counts empty discount and success fee fields as 0 while the user types', () => {
    // dp → all, 0%: rate (10,000 × 0 + 5,000 × 0.01)/15,000 = 1/300; 15,600/300 = 52 conversions
    // revenue 52 × 4,000 = 208,000 p; cost 0% of it = 0; CPA 0
    const result = figures(recordWith(), {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: '',
      successFee: null,
    });
    expect(result).toMatchObject({
      expected_conversion: 52,
      expected_revenue: 208_000,
      expected_cost: 0,
      cpa: 0,
    });
  });

  it('works out a dv discount of an empty value as 0%', () => {
    expect(discountPercentOf({ customerType: 'new', discountType: 'dv', discountAmount: 50 }, 40)).toBe(0);
  });
});

describe('project: invalid records answer Invalid Data', () => {
  const [curves, audience] = recordWith();
  const { traffic: _traffic, ...withoutTraffic } = curves;
  const { conversion_curve: _curve, ...withoutConversionCurve } = curves;
  const { base_traffic: _base, ...withoutBaseTraffic } = audience;

  it.each([
    { case: 'no record', record: undefined },
    { case: 'null', record: null },
    { case: 'an empty list', record: [] },
    { case: 'an object instead of the two elements', record: { ...curves, ...audience } },
    { case: 'only element one', record: [curves] },
    { case: 'no traffic', record: [withoutTraffic, audience] },
    { case: 'traffic as text', record: [{ ...curves, traffic: '20000' }, audience] },
    { case: 'no conversion curve', record: [withoutConversionCurve, audience] },
    { case: 'an empty conversion curve', record: [{ ...curves, conversion_curve: [] }, audience] },
    { case: 'no curves object', record: [{ ...curves, curve: undefined }, audience] },
    {
      case: 'a curve with two points at one discount',
      record: [
        {
          ...curves,
          conversion_curve: [
            { discount: 10, conversion: 0.01 },
            { discount: 10, conversion: 0.02 },
          ],
        },
        audience,
      ],
    },
    {
      case: 'a conversion above 1',
      record: [{ ...curves, conversion_curve: [{ discount: 10, conversion: 1.5 }] }, audience],
    },
    { case: 'no base traffic', record: [curves, withoutBaseTraffic] },
    { case: 'a negative old-user traffic', record: [curves, { ...audience, old_user_traffic: -1 }] },
  ])('$case', ({ record }) => {
    expect(
      project(record, { customerType: 'all', discountType: 'dp', discountPercent: 10, successFee: 10 }),
    ).toEqual({
      valid: false,
      message: messages.common.invalidData,
    });
  });

  it('words the toast as the brief fixes it', () => {
    expect(messages.common.invalidData).toBe('Invalid Data');
  });

  it('accepts the record the tests start from', () => {
    expect(projectionRecordSchema.safeParse(recordWith()).success).toBe(true);
  });
});

describe('internalDemoProjection', () => {
  it('holds the fixed demo figures of spec 1 §9, money in pence', () => {
    expect(internalDemoProjection).toEqual({
      total_cardholders: 4_037_318,
      addressable_market: 576_759,
      expected_reach: 50_173,
      expected_conversion: 305,
      expected_revenue: 12_430 * 100,
      expected_cost: 2_193 * 100,
      // 219,300 / 305 = 719.02 → 719
      cpa: 719,
    });
  });
});

describe('the worked example of projection.md', () => {
  it('gives the figures the document shows', () => {
    const record = recordWith({
      audience: { avg_transaction_val: undefined },
      curves: {
        curve: {
          acquisition: [
            { discount: 0, conversion: 0 },
            { discount: 10, conversion: 0.02 },
            { discount: 20, conversion: 0.03 },
          ],
          reengagement: [
            { discount: 0, conversion: 0.01 },
            { discount: 20, conversion: 0.05 },
          ],
        },
      },
    });
    expect(
      figures(record, { customerType: 'all', discountType: 'dp', discountPercent: 15, successFee: 10 }),
    ).toEqual({
      ...shared,
      expected_reach: 15_600,
      expected_conversion: 468,
      expected_revenue: 1_105_416,
      expected_cost: 276_354,
      cpa: 591,
    });
  });
});
