import { describe, expect, it } from 'vitest';
import { aspectsMentioned, countMentions, emptyAspectCounts, polarityOf } from './sentiment.rules';

describe('aspect mentions', () => {
  it('finds the aspects a clause names, in the charts order', () => {
    expect(aspectsMentioned(['the', 'staff', 'were', 'lovely', 'and', 'the', 'pasta', 'fresh'])).toEqual([
      'Food',
      'Service',
    ]);
    expect(aspectsMentioned(['we', 'went', 'there'])).toEqual([]);
  });

  it('counts a clause as positive or negative only beyond the threshold', () => {
    expect(polarityOf(0.3)).toBe(1);
    expect(polarityOf(-0.3)).toBe(-1);
    expect(polarityOf(0.04)).toBe(0);
    const tally = emptyAspectCounts();
    countMentions(tally, ['Food', 'Price'], 0.5);
    countMentions(tally, ['Food'], -0.5);
    countMentions(tally, ['Service'], 0);
    expect(tally).toEqual({
      ...emptyAspectCounts(),
      Food: { positive: 1, negative: 1 },
      Price: { positive: 1, negative: 0 },
    });
  });
});
