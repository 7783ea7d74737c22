import { describe, expect, it } from 'vitest';
import { cardHistoryOf } from './card-history.rules.ts';

const london = 'Europe/London';

describe('cardHistoryOf: the history from the card’s earlier purchases', () => {
  const at = '2025-06-11T12:00:00+01:00';
  it('takes the latest earlier purchase, of any age, and averages the last 12 months half up', () => {
    const history = cardHistoryOf(
      [
        { datetime: '2023-01-05T10:00:00Z', amountPence: 99_999 }, // older than 12 months: not averaged
        { datetime: '2024-06-11T11:00:00Z', amountPence: 1_000 }, // exactly 12 months before: averaged
        { datetime: '2025-05-01T10:00:00Z', amountPence: 2_001 },
        { datetime: '2025-05-02T10:00:00Z', amountPence: -2_001 }, // a refund: not a purchase
        { datetime: at, amountPence: 5_000 }, // the transaction itself: not earlier
        { datetime: '2025-06-12T10:00:00Z', amountPence: 5_000 }, // later
      ],
      at,
      london,
    );
    // (1,000 + 2,001) ÷ 2 = 1,500.5 → 1,501
    expect(history).toEqual({ lastPurchaseAt: Date.parse('2025-05-01T10:00:00Z'), averageSpendPence: 1_501 });
  });

  it('leaves out a purchase just over 12 months before from the average, not from the last purchase', () => {
    expect(cardHistoryOf([{ datetime: '2024-06-11T10:59:59.999Z', amountPence: 1_000 }], at, london)).toEqual(
      {
        lastPurchaseAt: Date.parse('2024-06-11T10:59:59.999Z'),
        averageSpendPence: null,
      },
    );
  });

  it('no purchases: no history', () => {
    expect(cardHistoryOf([], at, london)).toEqual({ lastPurchaseAt: null, averageSpendPence: null });
  });
});
