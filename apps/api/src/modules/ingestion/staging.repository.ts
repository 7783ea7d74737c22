import { sql, type Transaction } from 'kysely';
import type { TransactionRow } from '@krowd/domain/ingestion/transaction-file.schema';
import { CopyRows } from '../../db/copy-rows.ts';
import { copyInto } from '../../db/database.ts';
import type { DB } from '../../db/database.generated.ts';

/**
 * The upload's staging table (ingestion.transactions.ts, 'through the staging table'): the valid
 * rows of a file that is not in time order, kept as they stream in so they can be qualified in
 * time order without holding the file in memory. Dropped when the transaction ends.
 */

/** A row of the file as the engine takes it, with whether its transaction id is already stored. */
export interface StagedRow {
  line: number;
  transactionId: string;
  datetime: string;
  occurredAt: Date;
  amountPence: number;
  mid: string;
  cardToken: string;
  cardLast4: string;
  postcode: string | null;
  originalTransactionId: string | null;
  duplicate: boolean;
}

/** The staging table's columns, in the order `stage` writes them. */
const stagingColumns = [
  'line',
  'transaction_id',
  'datetime',
  'occurred_ms',
  'amount_pence',
  'mid',
  'card_token',
  'card_last4',
  'postcode',
  'original_transaction_id',
] as const;

export const stagingRepository = {
  /**
   * Creates the staging table. Rows arrive by COPY; `endStaging` then sets aside transaction ids
   * repeated in the file and orders the rest.
   */
  async createStaging(trx: Transaction<DB>) {
    // A second upload in one enclosing transaction (the overview docs upload) starts afresh.
    await sql`DROP TABLE IF EXISTS ingest_staging`.execute(trx);
    await sql`CREATE TEMP TABLE ingest_staging (
      line integer NOT NULL,
      transaction_id text NOT NULL,
      datetime text NOT NULL,
      occurred_ms bigint NOT NULL,
      amount_pence bigint NOT NULL,
      mid text NOT NULL,
      card_token text NOT NULL,
      card_last4 text NOT NULL,
      postcode text,
      original_transaction_id text
    ) ON COMMIT DROP`.execute(trx);
  },

  /**
   * Stages rows by COPY. The instant is kept in milliseconds as the engine reads it (Date.parse:
   * further digits dropped), so what is stored is what was qualified.
   */
  async stage(trx: Transaction<DB>, rows: { line: number; row: TransactionRow }[]) {
    const copy = new CopyRows(stagingColumns.length);
    for (const { line, row } of rows) {
      copy
        .row()
        .int4(line)
        .text(row.transactionId)
        .text(row.datetime)
        .int8(Date.parse(row.datetime))
        .int8(row.amountPence)
        .text(row.mid)
        .text(row.cardToken)
        .text(row.cardLast4)
        .text(row.postcode)
        .text(row.originalTransactionId);
    }
    await copyInto(trx, 'ingest_staging', stagingColumns, copy);
  },

  /**
   * Once the file is staged: the rows whose transaction id an earlier line of the file already
   * had, each with that first line, are taken out of staging (the first is kept); the rest is
   * indexed in time order and analysed, so its pages are read by index whatever its size.
   */
  async endStaging(trx: Transaction<DB>): Promise<Map<number, number>> {
    const { rows } = await sql<{ line: number; first_line: number }>`
      DELETE FROM ingest_staging s
      USING (SELECT transaction_id, min(line) AS first_line FROM ingest_staging
             GROUP BY transaction_id HAVING count(*) > 1) repeated
      WHERE s.transaction_id = repeated.transaction_id AND s.line <> repeated.first_line
      RETURNING s.line, repeated.first_line`.execute(trx);
    await sql`CREATE INDEX ingest_staging_order_idx ON ingest_staging (occurred_ms, line)`.execute(trx);
    await sql`ANALYZE ingest_staging`.execute(trx);
    return new Map(rows.map((row) => [row.line, row.first_line]));
  },

  /** The next staged rows in time order (then file order), after the position given. */
  async stagedPage(
    trx: Transaction<DB>,
    publisherId: string,
    after: { occurredAt: Date; line: number } | null,
    limit: number,
  ): Promise<StagedRow[]> {
    const { rows } = await sql<{
      line: number;
      transaction_id: string;
      datetime: string;
      occurred_ms: number;
      amount_pence: number;
      mid: string;
      card_token: string;
      card_last4: string;
      postcode: string | null;
      original_transaction_id: string | null;
      duplicate: boolean;
    }>`
      SELECT s.*, d.found IS NOT NULL AS duplicate
      FROM (
        SELECT * FROM ingest_staging s
        ${after ? sql`WHERE (s.occurred_ms, s.line) > (${after.occurredAt.getTime()}, ${after.line})` : sql``}
        ORDER BY s.occurred_ms, s.line
        LIMIT ${limit}
      ) s
      -- One index probe per row (a lateral LIMIT 1 is never turned into hashing every stored
      -- transaction of the publisher, which stale statistics mid-upload would otherwise choose).
      LEFT JOIN LATERAL (
        SELECT 1 AS found FROM transactions t
        WHERE t.publisher_id = ${publisherId} AND t.publisher_transaction_id = s.transaction_id
        LIMIT 1
      ) d ON true
      ORDER BY s.occurred_ms, s.line`.execute(trx);
    return rows.map((row) => ({
      line: row.line,
      transactionId: row.transaction_id,
      datetime: row.datetime,
      occurredAt: new Date(row.occurred_ms),
      amountPence: Number(row.amount_pence),
      mid: row.mid,
      cardToken: row.card_token,
      cardLast4: row.card_last4,
      postcode: row.postcode,
      originalTransactionId: row.original_transaction_id,
      duplicate: row.duplicate,
    }));
  },
};
