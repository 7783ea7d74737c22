import { describe, expect, it } from 'vitest';
import type { RewardTerms } from '@krowd/domain/qualification/qualification.rules';
import { rewardTermsJson } from './transactions.repository.ts';

describe("rewardTermsJson: a reward's terms as stored", () => {
  // Typed as RewardTerms: a field added to the terms fails to compile here until it is written.
  const terms: RewardTerms[] = [
    {
      cashbackPercent: 10,
      cashbackValuePence: null,
      minimumSpendPence: 0,
      successFeePercent: 10,
      successFeeFree: false,
    },
    {
      cashbackPercent: null,
      cashbackValuePence: 500,
      minimumSpendPence: 2500,
      successFeePercent: 0,
      successFeeFree: true,
    },
    {
      cashbackPercent: 12.5,
      cashbackValuePence: null,
      minimumSpendPence: 3299,
      successFeePercent: 7.25,
      successFeeFree: false,
    },
    {
      cashbackPercent: 0.1,
      cashbackValuePence: null,
      minimumSpendPence: 1e21,
      successFeePercent: 0,
      successFeeFree: false,
    },
    {
      cashbackPercent: 10,
      cashbackValuePence: null,
      minimumSpendPence: 0,
      successFeePercent: 10,
      successFeeFree: false,
      maxCashbackPence: 500,
      rewardedSpendPence: null,
    },
    {
      cashbackPercent: 10,
      cashbackValuePence: null,
      minimumSpendPence: 0,
      successFeePercent: 10,
      successFeeFree: false,
      maxCashbackPence: null,
      rewardedSpendPence: 4_000,
    },
  ];

  it('is the JSON.stringify of every kind of terms, character for character', () => {
    for (const each of terms) expect(rewardTermsJson(each)).toBe(JSON.stringify(each));
    const negativeZero = { ...terms[0]!, successFeePercent: -0 };
    expect(rewardTermsJson(negativeZero)).toBe(JSON.stringify(negativeZero));
  });

  it('reads back as the terms it was written from', () => {
    for (const each of terms) expect(JSON.parse(rewardTermsJson(each))).toEqual(each);
  });
});
