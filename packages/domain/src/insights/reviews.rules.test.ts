import { describe, expect, it } from 'vitest';
import { reviewRowOf } from './reviews.rules';

describe('reviewRowOf', () => {
  const now = new Date('2026-06-30T00:00:00Z');
  const good = {
    source: 'Google',
    external_id: 'g-1',
    kmid: 'KM5000001',
    reviewed_at: '2026-05-01T19:30:00+01:00',
    rating: '4',
    reviewer_rating: '3.5',
    text: 'Lovely pasta.\nFriendly staff.',
  };

  it('reads a good row', () => {
    expect(reviewRowOf(good, now)).toEqual({
      source: 'Google',
      externalId: 'g-1',
      kmid: 'KM5000001',
      reviewedAt: new Date('2026-05-01T18:30:00Z'),
      rating: 4,
      reviewerRating: 3.5,
      text: 'Lovely pasta.\nFriendly staff.',
    });
    expect(reviewRowOf({ ...good, reviewer_rating: '' }, now)).toMatchObject({ reviewerRating: null });
  });

  it.each([
    ['source', { source: '' }, 'source is required'],
    ['external_id', { external_id: ' ' }, 'external_id is required'],
    ['kmid', { kmid: '' }, 'kmid is required'],
    ['a date without offset', { reviewed_at: '2026-05-01T19:30:00' }, 'reviewed_at must be'],
    ['a future date', { reviewed_at: '2026-07-01T00:00:00Z' }, 'reviewed_at must be'],
    ['a rating of 6', { rating: '6' }, 'rating must be'],
    ['a rating of 4.5', { rating: '4.5' }, 'rating must be'],
    ['a reviewer rating of 0', { reviewer_rating: '0' }, 'reviewer_rating must be'],
    ['an empty text', { text: '  ' }, 'text is required'],
    ['a long text', { text: 'a'.repeat(5001) }, 'text is required'],
    ['a NUL byte', { text: 'nice\u0000food' }, 'Control characters'],
  ])('refuses %s', (_, change, message) => {
    const result = reviewRowOf({ ...good, ...change }, now);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain(message);
  });
});
