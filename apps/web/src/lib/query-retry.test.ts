import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryDelay, retryQuery, retrySession } from './query-retry.ts';

const unavailable = new ApiError(503, 'The service is unavailable for a moment.');
const refused = new ApiError(400, 'Invalid value');

describe('retrying calls', () => {
  it('tries a query again as long as the service is unavailable, and once after any other failure', () => {
    expect(retryQuery(0, unavailable)).toBe(true);
    expect(retryQuery(40, unavailable)).toBe(true);
    expect(retryQuery(0, refused)).toBe(true);
    expect(retryQuery(1, refused)).toBe(false);
    expect(retryQuery(1, new Error('network'))).toBe(false);
  });

  it('tries the session again only while the service is unavailable: a refusal is an answer', () => {
    expect(retrySession(0, unavailable)).toBe(true);
    expect(retrySession(0, refused)).toBe(false);
  });

  it('waits 1 s, then twice as long each time, at most 15 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
  });
});
