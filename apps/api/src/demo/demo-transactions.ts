import type { Kysely } from 'kysely';
import type { transactionColumns } from '@krowd/domain/ingestion/transaction-file.schema';
import type { DB } from '../db/database.generated.ts';
import {
  createTransactionIngestion,
  type IngestItem,
  type IngestResult,
} from '../modules/ingestion/ingestion.transactions.ts';
import { createReportingRepository } from '../modules/reporting/reporting.repository.ts';
import { createTransactionsRepository } from '../modules/ingestion/transactions.repository.ts';
import { prng } from './prng.ts';

/**
 * A year of deterministic, realistic card transactions for the demo brands, in the
 * publishers' file format (brief §6), and their loading through the real ingestion pipeline.
 *
 * Each publisher's stream is independent (a card is enrolled with one publisher) and in time order:
 * busier Fridays and Saturdays, lunch and dinner peaks, a summer and December high, a January low;
 * each brand has a pool of cards in which a few customers come back often; about 2% of rows refund
 * an earlier purchase (naming it), about 1% carry a MID no demo branch has.
 */

/** A MID a publisher sends for a branch of a brand. */
export interface DemoMerchant {
  publisher: string;
  brandId: string;
  mid: string;
  postcode: string;
  /** The brand's typical spend a transaction, in pence. */
  averageSpendPence: number;
}

/** One row of a transactions file, its cells as text (original_transaction_id only on refunds). */
export type DemoTransactionRow = Record<(typeof transactionColumns)[number], string> & {
  original_transaction_id?: string;
};

export interface DemoTransactionOptions {
  merchants: DemoMerchant[];
  /** Rows over all publishers (a publisher's share follows its size). */
  count: number;
  now: Date;
  seed?: number;
  /** Starts every transaction id, so runs with different prefixes never collide. */
  idPrefix?: string;
}

/** The seed of the demo data: every fresh demo database holds the same transactions. */
export const demoTransactionSeed = 20_251_122;

/**
 * Rows loaded at first start. Ingestion on PGlite runs at 700–2,000 rows a second (a busy or an
 * idle machine), so this adds 1.5–4 seconds to a first start (measured 3.6 s with 3,000 rows on a
 * loaded 2-core machine); `npm run seed:large` loads more.
 */
export const demoTransactionCount = 3_000;

/** How much of the card traffic each publisher carries. */
const publisherShare: Record<string, number> = { ATR: 0.4, Fidel: 0.25, LUX: 0.25, Amex: 0.1 };

/** Sunday first, as Date.getUTCDay counts. */
const weekdayWeight = [0.8, 0.7, 0.75, 0.85, 0.95, 1.45, 1.55];
/** January to December: a January low, a summer and December high. */
const monthWeight = [0.75, 0.8, 0.9, 0.95, 1.0, 1.1, 1.15, 1.15, 1.0, 0.95, 1.05, 1.3];
/** Local hours 7–22: breakfast, a lunch peak, a quiet afternoon, a dinner peak. */
const hourWeight: [number, number][] = [
  [7, 0.3],
  [8, 0.5],
  [9, 0.4],
  [10, 0.4],
  [11, 0.8],
  [12, 2.2],
  [13, 2.0],
  [14, 0.9],
  [15, 0.5],
  [16, 0.5],
  [17, 0.9],
  [18, 1.8],
  [19, 2.3],
  [20, 1.9],
  [21, 1.0],
  [22, 0.4],
];
const hourTotal = hourWeight.reduce((sum, [, weight]) => sum + weight, 0);

const refundShare = 0.02;
const unknownMidShare = 0.01;
/** Purchases a refund may name: the most recent ones of the publisher. */
const refundablePurchases = 500;
const dayMs = 86_400_000;

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** London's offset from UTC on a day, in minutes (BST +60, GMT 0). */
function londonOffsetMinutes(noonUtc: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(noonUtc);
  return (Number(parts.find((part) => part.type === 'hour')!.value) - noonUtc.getUTCHours()) * 60;
}

/** ISO 8601 of a London wall-clock time with its offset, e.g. 2026-07-03T19:42:10+01:00. */
function londonInstant(day: Date, secondsIntoDay: number, offsetMinutes: number): string {
  const wall = new Date(day.getTime() + secondsIntoDay * 1000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${wall.toISOString().slice(0, 19)}${offset}`;
}

function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The publishers with merchants, each with its share of `count` (the shares add up to count). */
export function publisherCounts(merchants: DemoMerchant[], count: number): [string, number][] {
  const publishers = [...new Set(merchants.map((merchant) => merchant.publisher))].sort();
  const weights = publishers.map((code) => publisherShare[code] ?? 0.1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let given = 0;
  return publishers.map((code, index) => {
    const share =
      index === publishers.length - 1 ? count - given : Math.round((count * weights[index]!) / total);
    given += share;
    return [code, share];
  });
}

/**
 * One publisher's rows, oldest first, over the year before `now`: `count` rows, generated as they
 * are read (memory holds a day's rows and the recent purchases a refund may name).
 */
export function* demoPublisherTransactions(
  publisher: string,
  count: number,
  options: DemoTransactionOptions,
): Generator<DemoTransactionRow> {
  const merchants = options.merchants.filter((merchant) => merchant.publisher === publisher);
  if (merchants.length === 0 || count <= 0) return;
  const seed = options.seed ?? demoTransactionSeed;
  const random = prng(seed ^ [...publisher].reduce((hash, char) => hash * 31 + char.charCodeAt(0), 7));
  const prefix = `${options.idPrefix ?? 'DEMO'}-${publisher.toUpperCase()}`;

  // A pool of cards per brand; customers with a low index come back often.
  const brands = [...new Set(merchants.map((merchant) => merchant.brandId))];
  const poolSize = Math.max(40, Math.round(count / brands.length / 4));
  const cardOf = (brandIndex: number) => {
    const index = Math.floor(poolSize * random() ** 2.2);
    const token = `tok_${publisher.toLowerCase()}_${seed.toString(36)}_${brandIndex}_${index.toString(36)}`;
    const last4 = String((index * 7919 + brandIndex * 104_729 + seed) % 10_000).padStart(4, '0');
    return { token, last4 };
  };

  // Days of the past year (UTC dates), each with its weight.
  const today = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());
  // Publishers send a file a day: the rows run to yesterday.
  const lastDay = today - dayMs;
  const days: { day: Date; weight: number }[] = [];
  for (let time = lastDay - 364 * dayMs; time <= lastDay; time += dayMs) {
    const day = new Date(time);
    days.push({ day, weight: weekdayWeight[day.getUTCDay()]! * monthWeight[day.getUTCMonth()]! });
  }
  const totalWeight = days.reduce((sum, entry) => sum + entry.weight, 0);

  const recent: DemoTransactionRow[] = [];
  let sequence = 0;
  let carried = 0;
  for (const { day, weight } of days) {
    carried += (count * weight) / totalWeight;
    let rows = Math.floor(carried);
    if (day.getTime() === lastDay) rows = count - sequence;
    carried -= rows;
    const offset = londonOffsetMinutes(new Date(day.getTime() + 12 * 3_600_000));
    const times: number[] = [];
    for (let i = 0; i < rows; i += 1) {
      let pick = random() * hourTotal;
      let hour = hourWeight[0]![0];
      for (const [candidate, hourShare] of hourWeight) {
        hour = candidate;
        pick -= hourShare;
        if (pick <= 0) break;
      }
      times.push(hour * 3600 + Math.floor(random() * 3600));
    }
    times.sort((a, b) => a - b);
    for (const seconds of times) {
      sequence += 1;
      const datetime = londonInstant(day, seconds, offset);
      const transactionId = `${prefix}-${datetime.slice(0, 10).replaceAll('-', '')}-${String(sequence).padStart(7, '0')}`;
      const refunded = recent.length > 0 && random() < refundShare;
      if (refunded) {
        const original = recent.splice(Math.floor(random() * recent.length), 1)[0]!;
        const originalPence = Math.round(Number(original.amount) * 100);
        // Most refunds are whole; some give back part of the bill.
        const refundPence = random() < 0.7 ? originalPence : Math.max(100, Math.round(originalPence * 0.4));
        yield {
          ...original,
          transaction_id: transactionId,
          datetime,
          amount: pounds(-refundPence),
          original_transaction_id: original.transaction_id,
        };
        continue;
      }
      const merchant = merchants[Math.floor(random() * merchants.length)]!;
      const brandIndex = brands.indexOf(merchant.brandId);
      const card = cardOf(brandIndex);
      const unknown = random() < unknownMidShare;
      // A log-normal spread around the brand's typical spend, from £2.50.
      const amountPence = Math.max(
        250,
        Math.round(merchant.averageSpendPence * Math.exp(0.45 * normal(random) - 0.1)),
      );
      const row: DemoTransactionRow = {
        transaction_id: transactionId,
        datetime,
        amount: pounds(amountPence),
        currency: 'GBP',
        mid: unknown ? String(8_800_000 + Math.floor(random() * 100_000)) : merchant.mid,
        card_token: card.token,
        card_last4: card.last4,
        postcode: unknown ? '' : merchant.postcode,
        publisher,
      };
      recent.push(row);
      if (recent.length > refundablePurchases) recent.shift();
      yield row;
    }
  }
}

/** What the demo brands' typical spend is, by brand name; others spend about £24. */
const averageSpendByBrand: Record<string, number> = {
  'Harbour Kitchen': 2740,
  'Ember Pizza Co': 1990,
  'Green Fork': 2362,
  'First Light Bakery': 875,
  'Saffron Table': 2410,
};

/**
 * The MIDs each publisher sends for the stored brands: the branches trading (active or approved)
 * of brands with a deal with the publisher. Amex sends Amex merchant ids; the others the card
 * scheme's (Mastercard) merchant id, or the Zettle one where a branch takes card payments on Zettle.
 */
export async function demoMerchants(db: Kysely<DB>): Promise<DemoMerchant[]> {
  const rows = await db
    .selectFrom('distributor_deals as d')
    .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
    .innerJoin('branches as b', 'b.brand_id', 'd.brand_id')
    .innerJoin('brands as r', 'r.id', 'b.brand_id')
    .where('b.status', 'in', ['Active', 'Approved'])
    .select([
      'p.code as publisher',
      'b.brand_id',
      'r.name as brand_name',
      'b.postcode',
      'b.mastercard_merchant_id',
      'b.amex_merchant_id',
      'b.zettle_merchant_id',
    ])
    .orderBy('p.code')
    .orderBy('b.kmid')
    .execute();
  const merchants: DemoMerchant[] = [];
  for (const row of rows) {
    const mids =
      row.publisher === 'Amex'
        ? [row.amex_merchant_id]
        : [row.mastercard_merchant_id, row.zettle_merchant_id];
    for (const mid of mids) {
      if (!mid) continue;
      merchants.push({
        publisher: row.publisher,
        brandId: row.brand_id,
        mid,
        postcode: row.postcode ?? '',
        averageSpendPence: averageSpendByBrand[row.brand_name] ?? 2400,
      });
    }
  }
  return merchants;
}

/** Rows as the CSV reader gives them to the ingestion: the header is line 1. */
async function* itemsOf(rows: DemoTransactionRow[]): AsyncGenerator<IngestItem[]> {
  yield rows.map((fields, index) => ({ line: index + 2, fields }));
}

export interface DemoFile {
  publisher: string;
  rows: number;
  result: IngestResult;
  uploadedAt: Date;
}

/**
 * Feeds the rows to the ingestion service, one file per publisher and `file` (a calendar month,
 * uploaded the 1st of the next month at 06:00 UTC, the current month uploaded now; or every
 * `size` rows, uploaded now), publisher after publisher, as the publishers' API uploads would.
 */
export async function ingestDemoTransactions(
  db: Kysely<DB>,
  options: DemoTransactionOptions & {
    timeZone: string;
    file: 'month' | { size: number };
    onFile?: (file: DemoFile) => void;
  },
): Promise<DemoFile[]> {
  const transactions = createTransactionsRepository(db);
  const publishers = await db.selectFrom('publishers').select(['id', 'code']).execute();
  const files: DemoFile[] = [];
  for (const [code, count] of publisherCounts(options.merchants, options.count)) {
    const publisher = publishers.find((candidate) => candidate.code === code);
    if (!publisher) continue;
    const iterator = demoPublisherTransactions(code, count, options)[Symbol.iterator]();
    let next = iterator.next();
    // The next file's rows, read from the stream as the ingestion takes them.
    function* fileRows(belongs: (row: DemoTransactionRow, taken: number) => boolean) {
      for (let taken = 0; !next.done && belongs(next.value, taken); taken += 1) {
        yield next.value;
        next = iterator.next();
      }
    }
    while (!next.done) {
      let uploadedAt = options.now;
      let rows: DemoTransactionRow[];
      const file = options.file;
      if (file === 'month') {
        const month = next.value.datetime.slice(0, 7);
        const [year, monthNumber] = month.split('-').map(Number) as [number, number];
        const monthEnd = new Date(Date.UTC(year, monthNumber, 1, 6));
        if (monthEnd < options.now) uploadedAt = monthEnd;
        rows = [...fileRows((row) => row.datetime.startsWith(month))];
      } else {
        rows = [...fileRows((_row, taken) => taken < file.size)];
      }
      const ingestion = createTransactionIngestion({
        db,
        reporting: createReportingRepository(db),
        transactions,
        timeZone: options.timeZone,
        clock: () => uploadedAt,
      });
      const result = await ingestion.ingest(publisher, () => itemsOf(rows), {
        partial: false,
        channel: 'api',
      });
      const done = { publisher: code, rows: result.received, result, uploadedAt };
      files.push(done);
      options.onFile?.(done);
    }
  }
  return files;
}
