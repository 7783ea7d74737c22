import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a version 7 UUID of the variant RFC 9562 gives, starting with the time in milliseconds', () => {
    const id = timeOrderedId(Date.parse('2026-11-24T10:00:00.123Z'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(Date.parse('2026-11-24T10:00:00.123Z'));
  });

  it('sorts later ids after earlier ones, and never repeats', () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => timeOrderedId(1_700_000_000_000 + index));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => timeOrderedId(1_700_000_000_000))).size).toBe(10_000);
  });
});
