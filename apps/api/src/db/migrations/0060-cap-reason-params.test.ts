import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.ts';
import { migrateUpTo } from '../migrate.ts';

/**
 * Migration 0060 (docs/decisions/0116): rows stored before a cap's reason named its number get
 * the number from their campaign's caps as they are when it runs, `{"limit", "interval"}`, the
 * interval only for the caps per interval; a reason that is no cap, or a cap the campaign no
 * longer has, stays without one.
 */
describe('migration 0060: a cap reason’s number filled in on the rows stored before', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('fills in each capped row from its campaign’s caps, earning nothing or less, and nothing else', async () => {
    database = await openDatabase({ dataDir: 'memory' });
    // The schema as it stood before 0060, not the generated types of today's.
    const db = database.db as unknown as Kysely<unknown>;
    await migrateUpTo(db, '0059-budget-alerts');

    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
    const brand = await one(
      sql<{ id: string }>`INSERT INTO brands (name) VALUES ('Fill-in Brand') RETURNING id`,
    );
    const publisher = await one(
      sql<{
        id: string;
      }>`INSERT INTO publishers (code, display_name) VALUES ('FILL', 'Fill-in') RETURNING id`,
    );
    const log = await one(sql<{ id: string }>`
      INSERT INTO ingestion_logs (publisher_id, transaction_count, gmv_pence, channel)
      VALUES (${publisher.id}, 0, 0, 'api') RETURNING id`);
    interface Caps {
      perCard?: number;
      perInterval?: number;
      spend?: number;
      cashback?: number;
      interval?: 'day' | 'week' | 'month';
    }
    const campaign = async (caps: Caps) =>
      (
        await one(sql<{ id: string }>`
          INSERT INTO campaigns (brand_id, name, status, customer_type, discount_type, discount_percent,
            success_fee, week_days, start_date, opening_time, closing_time, max_transactions_per_card,
            max_transactions_per_interval, max_spend_per_interval_pence, max_cashback_pence, cap_interval)
          VALUES (${brand.id}, 'Capped', 'Active', 'all', 'dp', 10, 10, '["Monday"]', '2026-11-01',
            '2026-11-01T04:00:00Z', '2026-12-01T05:00:00Z', ${caps.perCard ?? null},
            ${caps.perInterval ?? null}, ${caps.spend ?? null}, ${caps.cashback ?? null},
            ${caps.interval ?? null})
          RETURNING id`)
      ).id;
    // Each campaign's caps as they stand when 0060 runs.
    const counted = await campaign({ perCard: 3, perInterval: 2, interval: 'day' });
    const spend = await campaign({ spend: 20_000, cashback: 500, interval: 'month' });
    // A campaign whose count cap was taken away since: its old capped rows name no number.
    const uncapped = await campaign({ cashback: 700 });

    let n = 0;
    const row = async (campaignId: string, outcome: 'qualified' | 'notQualified', code: string | null) => {
      n += 1;
      const notQualified = outcome === 'notQualified';
      await sql`
        INSERT INTO transactions (publisher_id, publisher_transaction_id, ingestion_log_id, mid, card_token,
          card_last4, amount_pence, occurred_at, local_datetime, outcome, campaign_id, customer_type,
          offer_type, terms, reason, capped_reason, cashback_pence)
        VALUES (${publisher.id}, ${`F-${n}`}, ${log.id}, 'MID-F', 'card-f', '4242', 6000,
          '2026-11-10T12:00:00Z', '2026-11-10T07:00:00', ${outcome}, ${campaignId},
          ${notQualified ? null : 'new'}, ${notQualified ? null : 'dp'},
          ${notQualified ? null : '{"cashbackPercent":10,"cashbackValuePence":null,"minimumSpendPence":0,"successFeePercent":10,"successFeeFree":false}'},
          ${notQualified ? code : null}, ${notQualified ? null : code}, ${notQualified ? 0 : 500})`.execute(
        db,
      );
      return `F-${n}`;
    };
    const ids = {
      perCard: await row(counted, 'notQualified', 'cappedTransactionsPerCard'),
      perDay: await row(counted, 'notQualified', 'cappedTransactionsPerInterval'),
      spendReached: await row(spend, 'notQualified', 'cappedSpendPerInterval'),
      spendPartly: await row(spend, 'qualified', 'cappedSpendPartly'),
      cashback: await row(spend, 'qualified', 'cappedCashbackPerTransaction'),
      capGone: await row(uncapped, 'notQualified', 'cappedTransactionsPerCard'),
      notACap: await row(counted, 'notQualified', 'outsideHours'),
      uncut: await row(counted, 'qualified', null),
    };

    await migrateUpTo(db, '0060-cap-reason-params');

    const { rows } = await sql<{ id: string; reason_params: unknown }>`
      SELECT publisher_transaction_id AS id, reason_params FROM transactions`.execute(db);
    const params = Object.fromEntries(rows.map((r) => [r.id, r.reason_params]));
    expect(params[ids.perCard]).toEqual({ limit: 3, interval: null });
    expect(params[ids.perDay]).toEqual({ limit: 2, interval: 'day' });
    expect(params[ids.spendReached]).toEqual({ limit: 20_000, interval: 'month' });
    expect(params[ids.spendPartly]).toEqual({ limit: 20_000, interval: 'month' });
    expect(params[ids.cashback]).toEqual({ limit: 500, interval: null });
    expect(params[ids.capGone]).toBeNull();
    expect(params[ids.notACap]).toBeNull();
    expect(params[ids.uncut]).toBeNull();
    // From now on a number needs a reason to belong to.
    await expect(
      sql`UPDATE transactions SET reason_params = '{"limit":1,"interval":null}'
        WHERE publisher_transaction_id = ${ids.uncut}`.execute(db),
    ).rejects.toThrow(/transactions_reason_params_check/);
  }, 180_000);
});
