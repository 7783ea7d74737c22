import { describe, expect, it } from 'vitest';
import {
  amountTolerancePence,
  bestClaimMatch,
  claimMatchScore,
  claimMatchThreshold,
  type CandidateTransaction,
  type ClaimedPurchase,
} from './claim-match.rules.ts';

const at = (iso: string) => new Date(iso);
const claim: ClaimedPurchase = {
  cardToken: 'tok_1',
  cardLast4: null,
  mid: '4410137',
  amountPence: 2500,
  occurredAt: at('2026-12-01T12:30:00Z'),
};
const tx: CandidateTransaction = {
  cardToken: 'tok_1',
  cardLast4: '4242',
  mid: '4410137',
  amountPence: 2500,
  occurredAt: at('2026-12-01T12:30:00Z'),
};

describe('the match score of a claim against a transaction (decision 0108)', () => {
  it('gives 100 when card token, merchant ID, amount and time all agree', () => {
    expect(claimMatchScore(claim, tx)).toEqual({
      score: 100,
      card: 40,
      mid: 25,
      amount: 20,
      time: 15,
      matches: true,
    });
  });

  it('gives a last-four card 20 points, not the token’s 40', () => {
    const score = claimMatchScore({ ...claim, cardToken: null, cardLast4: '4242' }, tx);
    expect(score).toMatchObject({ card: 20, score: 80, matches: true });
  });

  it('excludes a transaction of another card, whatever else agrees', () => {
    expect(claimMatchScore({ ...claim, cardToken: 'tok_2' }, tx)).toMatchObject({ score: 0, matches: false });
    expect(claimMatchScore({ ...claim, cardToken: null, cardLast4: '1111' }, tx).matches).toBe(false);
    expect(claimMatchScore({ ...claim, cardLast4: '1111' }, tx).matches).toBe(false);
  });

  it('never matches at another merchant ID, though card, amount and time reach the threshold', () => {
    const score = claimMatchScore({ ...claim, mid: '9999999' }, tx);
    expect(score.score).toBe(75);
    expect(score.score).toBeGreaterThanOrEqual(claimMatchThreshold);
    expect(score.matches).toBe(false);
  });

  it('compares merchant IDs trimmed and without case', () => {
    expect(claimMatchScore({ ...claim, mid: ' ax4410137 ' }, { ...tx, mid: 'AX4410137' }).mid).toBe(25);
  });

  it('gives half the amount points within the tolerance, the larger of £1 and 5%', () => {
    expect(amountTolerancePence(2500)).toBe(125);
    expect(amountTolerancePence(1000)).toBe(100);
    expect(claimMatchScore(claim, { ...tx, amountPence: 2625 }).amount).toBe(10);
    expect(claimMatchScore(claim, { ...tx, amountPence: 2375 }).amount).toBe(10);
    expect(claimMatchScore(claim, { ...tx, amountPence: 2626 }).amount).toBe(0);
  });

  it('gives full time points within an hour, falling to 5 at the 72-hour edge and 0 beyond', () => {
    const shifted = (hours: number) => ({
      ...tx,
      occurredAt: new Date(claim.occurredAt.getTime() + hours * 3_600_000),
    });
    expect(claimMatchScore(claim, shifted(1)).time).toBe(15);
    expect(claimMatchScore(claim, shifted(-36.5)).time).toBe(10);
    expect(claimMatchScore(claim, shifted(72)).time).toBe(5);
    expect(claimMatchScore(claim, shifted(72.1)).time).toBe(0);
  });

  it('needs a last-four claim to be close on amount and time as well', () => {
    const lastFour = { ...claim, cardToken: null, cardLast4: '4242' };
    // 20 card + 25 MID + 10 amount + 5 time = 60: below the threshold.
    const far = { ...tx, amountPence: 2600, occurredAt: at('2026-12-04T12:30:00Z') };
    expect(claimMatchScore(lastFour, far)).toMatchObject({ score: 60, matches: false });
    // 20 + 25 + 20 + 10 = 75.
    const near = { ...tx, occurredAt: at('2026-12-03T01:00:00Z') };
    expect(claimMatchScore(lastFour, near)).toMatchObject({ score: 75, matches: true });
  });

  it('chooses the highest score of several, then the nearest in time', () => {
    const a = { ...tx, id: 'a', amountPence: 2600 }; // 90
    const b = { ...tx, id: 'b', occurredAt: at('2026-12-02T18:30:00Z') }; // 30 hours: 96
    const c = { ...tx, id: 'c', occurredAt: at('2026-12-01T12:45:00Z') }; // 100, 15 minutes
    const d = { ...tx, id: 'd', occurredAt: at('2026-12-01T12:10:00Z') }; // 100, 20 minutes
    expect(bestClaimMatch(claim, [a, b])?.score.score).toBe(96);
    expect(bestClaimMatch(claim, [a, b])?.transaction.id).toBe('b');
    expect(bestClaimMatch(claim, [a, d, b, c])?.transaction.id).toBe('c');
    expect(bestClaimMatch(claim, [{ ...tx, id: 'x', cardToken: 'other' }])).toBeNull();
  });
});
