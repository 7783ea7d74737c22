import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../apps/api/src/db/database.generated.ts';
import {
  addedToStoredSums,
  appendedToStoredLists,
  dimensions,
} from '../apps/api/src/modules/reporting/reporting.repository.ts';

/**
 * The dashboard benchmark's data: `count` transactions over the year to yesterday, written by
 * set-based SQL (generate_series) in uploads of up to a million rows, because qualifying 10 million
 * rows one by one through ingestion takes longer than a benchmark should. Each upload is an
 * ingestion log like a publisher's file, and its share of the reporting store is then summed from
 * its rows by set-based SQL too (`storeUpload`: what ingestion sums as it qualifies, reporting-
 * tally.ts); the benchmark checks every answer against a GROUP BY over the raw rows.
 *
 * The rows: the demo brands' trading branches, through the publishers each brand has a deal with,
 * in the publishers' shares of the demo data (ATR 40%, NextJump and Mastercard 25% each, Amex 10%);
 * each brand runs one active 10% cashback campaign a month (created here); a card pool per brand and
 * publisher in which a few regulars come back often (as demo-transactions.ts: the index drawn as
 * pool × u^2.2); amounts log-normal around £24; 90% qualify (70% of those as existing customers,
 * 30% new), 9% do not ('Outside campaign hours'), 1% carry a MID no branch has. No refunds: the
 * dashboard reads them like any qualified row. random() is seeded, so a run is repeatable.
 */
export interface DashboardSeed {
  transactions: number;
  uploads: number;
  seconds: number;
  storeSeconds: number;
  reportingDailyRows: number;
  /** Distinct cards numbered for the card lists, and the purchases the lists hold. */
  cards: number;
  listedPurchases: number;
}

const uploadRows = 1_000_000;

export async function seedDashboardTransactions(
  db: Kysely<DB>,
  options: { count: number; timeZone: string; now?: Date },
): Promise<DashboardSeed> {
  const started = performance.now();
  const now = options.now ?? new Date();
  await sql`SELECT setseed(0.42)`.execute(db);

  // One active campaign a month for each demo brand, over the 13 months the year touches.
  await sql`
    INSERT INTO campaigns (brand_id, name, status, customer_type, discount_type, discount_percent, success_fee,
      week_days, start_date, opening_time, closing_time, all_branches, created_at)
    SELECT b.id, b.name || ' bench ' || to_char(m, 'YYYY-MM'), 'Active', 'all', 'dp', 10, 10,
      '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]'::jsonb, m::date, m,
      m + interval '1 month' - interval '1 millisecond', true, m - interval '1 month'
    FROM brands b
    CROSS JOIN generate_series(date_trunc('month', ${now}::timestamptz - interval '366 days'),
      date_trunc('month', ${now}::timestamptz), interval '1 month') AS m
    WHERE EXISTS (SELECT 1 FROM distributor_deals d WHERE d.brand_id = b.id)
      AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.brand_id = b.id
        AND c.name = b.name || ' bench ' || to_char(m, 'YYYY-MM'))`.execute(db);

  // What a row may be: a trading branch's MID through a publisher the brand has a deal with.
  await sql`DROP TABLE IF EXISTS bench_merchants`.execute(db);
  await sql`
    CREATE UNLOGGED TABLE bench_merchants AS
    SELECT p.id AS publisher_id, p.code, b.id AS branch_id, b.brand_id,
      CASE WHEN p.code = 'Amex' THEN b.amex_merchant_id ELSE b.mastercard_merchant_id END AS mid,
      b.postcode, (dense_rank() OVER (ORDER BY b.brand_id))::int AS brand_index,
      (row_number() OVER (PARTITION BY p.id ORDER BY b.id) - 1)::int AS k,
      (count(*) OVER (PARTITION BY p.id))::int AS n
    FROM distributor_deals d JOIN publishers p ON p.id = d.publisher_id
    JOIN branches b ON b.brand_id = d.brand_id AND b.status IN ('Active', 'Approved')
    WHERE CASE WHEN p.code = 'Amex' THEN b.amex_merchant_id ELSE b.mastercard_merchant_id END IS NOT NULL`.execute(
    db,
  );
  const { rows: shares } = await sql<{ code: string; publisher_id: string; n: number; brands: number }>`
    SELECT code, publisher_id, max(n) AS n, count(DISTINCT brand_id)::int AS brands
    FROM bench_merchants GROUP BY code, publisher_id ORDER BY code`.execute(db);
  const shareOf: Record<string, number> = { ATR: 0.4, Fidel: 0.25, LUX: 0.25, Amex: 0.1 };
  const weight = shares.reduce((sum, share) => sum + (shareOf[share.code] ?? 0.1), 0);

  let uploads = 0;
  let storeSeconds = 0;
  for (const share of shares) {
    const publisherCount = Math.round((options.count * (shareOf[share.code] ?? 0.1)) / weight);
    // The demo generator's pool: a quarter of a brand's rows, so a card buys about 4 times a year.
    const pool = Math.max(40, Math.round(publisherCount / share.brands / 4));
    for (let offset = 0; offset < publisherCount; offset += uploadRows) {
      const rows = Math.min(uploadRows, publisherCount - offset);
      // Each upload is named, so a run cut short resumes where it stopped (BENCH_REUSE_DATABASE).
      const fileName = `bench ${share.code} ${offset}`;
      const done = await db
        .selectFrom('ingestion_logs')
        .select('id')
        .where('file_name', '=', fileName)
        .executeTakeFirst();
      if (done) continue;
      await db.transaction().execute(async (trx) => {
        const log = await trx
          .insertInto('ingestion_logs')
          .values({
            publisher_id: share.publisher_id,
            channel: 'api',
            file_name: fileName,
            uploaded_at: now,
            gmv_pence: 0,
            transaction_count: rows,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`
          INSERT INTO transactions (publisher_id, publisher_transaction_id, ingestion_log_id, mid, branch_id,
            brand_id, card_token, card_last4, amount_pence, occurred_at, local_datetime, postcode, outcome,
            campaign_id, cashback_pence, success_fee_pence, customer_type, offer_type, terms, reason)
          SELECT ${share.publisher_id}::uuid, 'BENCH-' || ${share.code} || '-' || (${offset}::bigint + g),
            ${log.id}::uuid,
            CASE WHEN r.unknown THEN (8800000 + g % 100000)::text ELSE m.mid END,
            CASE WHEN r.unknown THEN NULL ELSE m.branch_id END,
            CASE WHEN r.unknown THEN NULL ELSE m.brand_id END,
            'tok_' || lower(${share.code}) || '_' || m.brand_index || '_' || r.card,
            lpad(((r.card::bigint * 7919 + m.brand_index * 104729) % 10000)::text, 4, '0'),
            r.amount, r.at, r.at AT TIME ZONE ${options.timeZone}, m.postcode,
            CASE WHEN r.unknown OR NOT r.qualified THEN 'notQualified' ELSE 'qualified' END,
            CASE WHEN r.unknown OR NOT r.qualified THEN NULL ELSE c.id END,
            CASE WHEN r.unknown OR NOT r.qualified THEN 0 ELSE (r.amount + 5) / 10 END,
            CASE WHEN r.unknown OR NOT r.qualified THEN 0 ELSE (r.amount + 5) / 10 / 10 END,
            CASE WHEN r.unknown OR NOT r.qualified THEN NULL WHEN r.new THEN 'new' ELSE 'existing' END,
            CASE WHEN r.unknown OR NOT r.qualified THEN NULL ELSE 'dp' END,
            CASE WHEN r.unknown OR NOT r.qualified THEN NULL ELSE
              '{"cashbackPercent":10,"cashbackValuePence":null,"minimumSpendPence":0,"successFeePercent":10,"successFeeFree":false}'::jsonb END,
            CASE WHEN r.unknown THEN 'unknownMerchantId' WHEN NOT r.qualified THEN 'outsideCampaignHours' END
          FROM generate_series(1, ${rows}::int) AS g
          CROSS JOIN LATERAL (
            SELECT floor(random() * ${share.n}::int)::int AS k,
              floor(${pool}::int * power(random(), 2.2))::int AS card,
              greatest(250, round(2400 * exp(0.45 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) - 0.1)))::bigint AS amount,
              date_trunc('day', ${now}::timestamptz) - interval '1 day' * (1 + floor(random() * 365))
                + interval '1 second' * floor(11 * 3600 + random() * 11 * 3600) AS at,
              random() < 0.01 AS unknown, random() < 0.909 AS qualified, random() < 0.3 AS new,
              g AS row_of
          ) r
          JOIN bench_merchants m ON m.publisher_id = ${share.publisher_id}::uuid AND m.k = r.k
          LEFT JOIN LATERAL (
            SELECT id FROM campaigns
            WHERE brand_id = m.brand_id AND status = 'Active'
              AND start_date = date_trunc('month', r.at AT TIME ZONE ${options.timeZone})::date
              AND name LIKE '% bench %'
            LIMIT 1
          ) c ON true`.execute(trx);
        const storing = performance.now();
        await storeUpload(trx, log.id);
        storeSeconds += (performance.now() - storing) / 1000;
      });
      uploads += 1;
    }
  }
  await sql`DROP TABLE bench_merchants`.execute(db);
  await sql`VACUUM ANALYZE transactions`.execute(db);
  await sql`VACUUM ANALYZE reporting_daily`.execute(db);
  await sql`VACUUM ANALYZE cards`.execute(db);
  await sql`VACUUM ANALYZE reporting_daily_cards`.execute(db);
  return {
    ...(await storeCounts(db)),
    uploads,
    seconds: (performance.now() - started) / 1000,
    storeSeconds,
  };
}

/**
 * An upload's share of the reporting store from its stored rows (ingestion sums it as it qualifies
 * instead): the sums, the cards met for the first time numbered after the largest, and each row's
 * card list extended by its qualified purchases' card numbers.
 */
async function storeUpload(trx: Transaction<DB>, logId: string) {
  await sql`
    INSERT INTO reporting_daily (${dimensions}, conversions, refunds, spend_pence, cashback_pence,
      success_fee_pence, max_spend_pence, min_spend_pence)
    SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
      offer_type, count(*) FILTER (WHERE outcome = 'qualified'),
      count(*) FILTER (WHERE outcome = 'refund'), sum(amount_pence), sum(cashback_pence),
      sum(success_fee_pence), max(amount_pence) FILTER (WHERE outcome = 'qualified'),
      min(amount_pence) FILTER (WHERE outcome = 'qualified')
    FROM transactions
    WHERE ingestion_log_id = ${logId} AND outcome <> 'notQualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ${addedToStoredSums}`.execute(trx);
  await sql`
    INSERT INTO cards (token)
    SELECT token
    FROM (SELECT DISTINCT t.card_token AS token FROM transactions t
          WHERE t.ingestion_log_id = ${logId} AND t.outcome = 'qualified'
            AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.token = t.card_token)) new_cards`.execute(trx);
  await sql`
    INSERT INTO reporting_daily_cards (${dimensions}, cards)
    SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
      offer_type, string_agg(int4send(c.id), ''::bytea)
    FROM transactions t JOIN cards c ON c.token = t.card_token
    WHERE t.ingestion_log_id = ${logId} AND t.outcome = 'qualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ${appendedToStoredLists}`.execute(trx);
}

/** What the database holds (a database kept from an earlier run: no seeding figures). */
export async function storeCounts(db: Kysely<DB>): Promise<DashboardSeed> {
  const { rows: counts } = await sql<{ transactions: number; daily: number; cards: number; listed: number }>`
    SELECT (SELECT count(*) FROM transactions)::int AS transactions,
      (SELECT count(*) FROM reporting_daily)::int AS daily,
      (SELECT count(*) FROM cards)::int AS cards,
      (SELECT coalesce(sum(octet_length(cards) / 4), 0) FROM reporting_daily_cards)::int AS listed`.execute(
    db,
  );
  return {
    transactions: counts[0]!.transactions,
    uploads: 0,
    seconds: 0,
    storeSeconds: 0,
    reportingDailyRows: counts[0]!.daily,
    cards: counts[0]!.cards,
    listedPurchases: counts[0]!.listed,
  };
}
