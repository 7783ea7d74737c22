import { describe, expect, it } from 'vitest';
import {
  assignHoldouts,
  heldOutCampaigns,
  holdoutCampaignsOf,
  holdoutMonthOf,
} from './holdout-assignment.rules.ts';
import { holdoutBucket, holdoutHashVersion } from './holdout.rules.ts';

/**
 * Stored holdout assignments (docs/decisions/0129): one bucket for the card, brand and month,
 * each campaign with a holdout assigning its arm by its own share; a stored arm wins over the
 * hash's.
 */

const card = { publisherId: 'pub-1', cardToken: 'card-7', brandId: 'brand-1', month: '2026-12' };
const bucket = holdoutBucket(card);

describe('assignHoldouts', () => {
  it('gives every campaign with a holdout the card’s one bucket, held out below its share', () => {
    const campaigns = [
      { id: 'above', holdoutShareBasisPoints: bucket + 1 },
      { id: 'at', holdoutShareBasisPoints: bucket === 0 ? 1 : bucket },
      { id: 'off', holdoutShareBasisPoints: 0 },
    ];
    const assigned = assignHoldouts(card, campaigns);
    expect(assigned.map((a) => a.campaignId)).toEqual(['above', 'at']);
    expect(assigned[0]).toEqual({
      campaignId: 'above',
      bucket,
      arm: 'holdout',
      shareBasisPoints: bucket + 1,
      recipeVersion: holdoutHashVersion,
    });
    // A share equal to the bucket does not hold it out (bucket < share), unless the bucket is 0.
    expect(assigned[1]!.arm).toBe(bucket === 0 ? 'holdout' : 'exposed');
  });

  it('assigns nothing when no campaign has a holdout', () => {
    expect(assignHoldouts(card, [{ id: 'off', holdoutShareBasisPoints: 0 }])).toEqual([]);
  });
});

describe('heldOutCampaigns', () => {
  const decided = assignHoldouts(card, [
    { id: 'a', holdoutShareBasisPoints: 5_000 },
    { id: 'b', holdoutShareBasisPoints: 5_000 },
  ]);
  const byHash = decided[0]!.arm;
  const other = byHash === 'holdout' ? 'exposed' : 'holdout';

  it('holds the card out where the hash says, with nothing stored', () => {
    expect([...heldOutCampaigns(decided, null)]).toEqual(byHash === 'holdout' ? ['a', 'b'] : []);
  });

  it('keeps a stored arm over the hash’s, campaign by campaign', () => {
    const held = heldOutCampaigns(decided, new Map([['a', other]]));
    expect(held.has('a')).toBe(other === 'holdout');
    expect(held.has('b')).toBe(byHash === 'holdout');
  });
});

describe('holdoutCampaignsOf', () => {
  const base = { start_date: '2026-12-01', status: 'Active' as const, holdoutShareBasisPoints: 1_000 };
  it('keeps the approved campaigns of the month with a share above 0', () => {
    const campaigns = [
      { ...base, id: 'kept' },
      { ...base, id: 'bank-approved', status: 'Bank Approved' as const },
      { ...base, id: 'pending', status: 'Pending' as const },
      { ...base, id: 'off', holdoutShareBasisPoints: 0 },
      { ...base, id: 'january', start_date: '2027-01-01' },
    ];
    expect(holdoutCampaignsOf(campaigns, '2026-12').map((c) => c.id)).toEqual(['kept', 'bank-approved']);
    expect(holdoutMonthOf('2027-01-01')).toBe('2027-01');
  });
});
