import { describe, expect, it } from 'vitest';
import { transactionColumns, transactionRowSchema } from '@krowd/domain/ingestion/transaction-file.schema';
import {
  demoPublisherTransactions,
  publisherCounts,
  type DemoMerchant,
  type DemoTransactionOptions,
  type DemoTransactionRow,
} from './demo-transactions.ts';

const merchant = (publisher: string, brandId: string, mid: string, averageSpendPence = 2400) => ({
  publisher,
  brandId,
  mid,
  postcode: 'W1D 4HS',
  averageSpendPence,
});

const merchants: DemoMerchant[] = [
  merchant('ATR', 'brand-a', '4410137', 2740),
  merchant('ATR', 'brand-a', '4410274', 2740),
  merchant('ATR', 'brand-b', '4410411', 1990),
  merchant('Amex', 'brand-a', 'AX4410137', 2740),
];

const now = new Date('2026-11-22T10:00:00Z');
const options: DemoTransactionOptions = { merchants, count: 4000, now };

const rowsOf = (publisher: string, count: number, extra: Partial<DemoTransactionOptions> = {}) => [
  ...demoPublisherTransactions(publisher, count, { ...options, ...extra }),
];

describe('demo transactions', () => {
  const rows = rowsOf('ATR', 4000);
  const purchases = rows.filter((row) => !row.amount.startsWith('-'));
  const refunds = rows.filter((row) => row.amount.startsWith('-'));
  const knownMids = new Set(merchants.map((m) => m.mid));

  it('are the same rows for the same seed, and others for another seed', () => {
    expect(rowsOf('ATR', 4000)).toEqual(rows);
    const other = rowsOf('ATR', 4000, { seed: 7 });
    expect(other).toHaveLength(4000);
    expect(other.map((row) => row.amount)).not.toEqual(rows.map((row) => row.amount));
  });

  it('are exactly the rows asked for, split over the publishers by their size', () => {
    expect(rows).toHaveLength(4000);
    const counts = publisherCounts(merchants, 10_000);
    expect(counts).toEqual([
      ['ATR', 8000],
      ['Amex', 2000],
    ]);
    expect(rowsOf('LUX', 100)).toEqual([]);
  });

  it('are rows of the transactions file that the ingestion accepts', () => {
    for (const row of rows) {
      expect(Object.keys(row).slice(0, transactionColumns.length)).toEqual([...transactionColumns]);
      const parsed = transactionRowSchema.safeParse(row);
      expect(parsed.success, JSON.stringify(row)).toBe(true);
    }
    const ids = new Set(rows.map((row) => row.transaction_id));
    expect(ids.size).toBe(rows.length);
    expect(rows.every((row) => row.publisher === 'ATR' && row.currency === 'GBP')).toBe(true);
  });

  it('run in time order over the year before today, in London time', () => {
    const times = rows.map((row) => Date.parse(row.datetime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThanOrEqual(now.getTime() - 367 * 86_400_000);
    expect(times.at(-1)!).toBeLessThan(Date.parse('2026-11-22T00:00:00Z'));
    expect(rows.some((row) => row.datetime.endsWith('+01:00'))).toBe(true);
    expect(rows.some((row) => row.datetime.endsWith('+00:00'))).toBe(true);
  });

  it('are busier on Fridays and Saturdays, at lunch and at dinner, and in December', () => {
    const perDay = Array.from({ length: 7 }, () => 0);
    const perHour = Array.from({ length: 24 }, () => 0);
    const perMonth = Array.from({ length: 12 }, () => 0);
    for (const row of rows) {
      const local = new Date(`${row.datetime.slice(0, 19)}Z`);
      perDay[local.getUTCDay()]! += 1;
      perHour[local.getUTCHours()]! += 1;
      perMonth[local.getUTCMonth()]! += 1;
    }
    const [sunday, monday, tuesday, , , friday, saturday] = perDay as number[];
    expect(Math.min(friday!, saturday!)).toBeGreaterThan(Math.max(sunday!, monday!, tuesday!));
    expect(perHour[12]!).toBeGreaterThan(2 * perHour[16]!);
    expect(perHour[19]!).toBeGreaterThan(2 * perHour[16]!);
    expect(perHour.slice(0, 7).every((count) => count === 0)).toBe(true);
    expect(perMonth[11]!).toBeGreaterThan(perMonth[0]!);
  });

  it('spread amounts, in pence, around each brand’s typical spend', () => {
    const pence = (row: DemoTransactionRow) => Math.round(Number(row.amount) * 100);
    const average = (brandMids: string[]) => {
      const own = purchases.filter((row) => brandMids.includes(row.mid)).map(pence);
      return own.reduce((sum, value) => sum + value, 0) / own.length;
    };
    expect(purchases.every((row) => /^\d+\.\d{2}$/.test(row.amount))).toBe(true);
    expect(average(['4410137', '4410274'])).toBeGreaterThan(average(['4410411']));
    const amounts = new Set(purchases.map((row) => row.amount));
    expect(amounts.size).toBeGreaterThan(purchases.length / 4);
  });

  it('refund about 2% of purchases, each naming an earlier purchase of the same card and MID', () => {
    expect(refunds.length / rows.length).toBeGreaterThan(0.01);
    expect(refunds.length / rows.length).toBeLessThan(0.03);
    const byId = new Map(rows.map((row, index) => [row.transaction_id, { row, index }]));
    for (const refund of refunds) {
      const original = byId.get(refund.original_transaction_id!);
      expect(original, refund.transaction_id).toBeDefined();
      expect(original!.index).toBeLessThan(rows.indexOf(refund));
      expect(original!.row.card_token).toBe(refund.card_token);
      expect(original!.row.mid).toBe(refund.mid);
      expect(-Number(refund.amount)).toBeLessThanOrEqual(Number(original!.row.amount));
    }
    const refunded = refunds.map((refund) => refund.original_transaction_id);
    expect(new Set(refunded).size).toBe(refunded.length);
  });

  it('carry a MID no branch has on about 1% of purchases', () => {
    const unknown = purchases.filter((row) => !knownMids.has(row.mid));
    expect(unknown.length / purchases.length).toBeGreaterThan(0.004);
    expect(unknown.length / purchases.length).toBeLessThan(0.02);
  });

  it('come from a pool of cards per brand, where some customers come back often', () => {
    const visits = new Map<string, number>();
    for (const row of purchases) visits.set(row.card_token, (visits.get(row.card_token) ?? 0) + 1);
    expect(visits.size).toBeLessThan(purchases.length / 2);
    expect([...visits.values()].filter((count) => count >= 10).length).toBeGreaterThan(10);
    expect([...visits.values()].filter((count) => count === 1).length).toBeGreaterThan(10);
    const brandOfMid = new Map(merchants.map((m) => [m.mid, m.brandId]));
    const brandsOfCard = new Map<string, Set<string | undefined>>();
    for (const row of purchases.filter((row) => knownMids.has(row.mid))) {
      const brands = brandsOfCard.get(row.card_token) ?? new Set();
      brands.add(brandOfMid.get(row.mid));
      brandsOfCard.set(row.card_token, brands);
    }
    expect([...brandsOfCard.values()].every((brands) => brands.size === 1)).toBe(true);
  });

  it('keep each publisher’s transaction ids and cards apart, and the id prefix apart', () => {
    const amex = rowsOf('Amex', 500);
    expect(amex.every((row) => row.transaction_id.startsWith('DEMO-AMEX-'))).toBe(true);
    const atrCards = new Set(rows.map((row) => row.card_token));
    expect(amex.some((row) => atrCards.has(row.card_token))).toBe(false);
    const prefixed = rowsOf('ATR', 10, { idPrefix: 'L1' });
    expect(prefixed.every((row) => row.transaction_id.startsWith('L1-ATR-'))).toBe(true);
  });
});
