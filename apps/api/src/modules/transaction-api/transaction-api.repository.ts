import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A stored transaction as its status reads it. */
export interface StoredTransaction {
  id: string;
  publisher_transaction_id: string;
  outcome: 'qualified' | 'refund' | 'notQualified';
  reason: string | null;
  capped_reason: string | null;
  /** A cap reason's number (decision 0116), as stored (jsonb). */
  reason_params: unknown;
  amount_pence: number;
  refunded_pence: number;
  cashback_pence: number;
  success_fee_pence: number;
  campaign_id: string | null;
  brand_id: string | null;
  occurred_at: Date;
  mid: string;
  card_token: string;
  card_last4: string;
  postcode: string | null;
  original_transaction_id: string | null;
}

/** An authorisation as stored (migration 0049). */
export interface StoredAuthorisation {
  id: string;
  publisher_id: string;
  publisher_transaction_id: string;
  occurred_at: Date;
  amount_pence: number;
  mid: string;
  card_token: string;
  card_last4: string;
  postcode: string | null;
  status: 'authorised' | 'cleared' | 'expired';
  expires_at: Date;
  created_at: Date;
}

const authorisationColumns = [
  'id',
  'publisher_id',
  'publisher_transaction_id',
  'occurred_at',
  'amount_pence',
  'mid',
  'card_token',
  'card_last4',
  'postcode',
  'status',
  'expires_at',
  'created_at',
] as const;

/**
 * The single-transaction API's reads and writes (docs/decisions/0109): a publisher's stored
 * transaction by its own id, and the authorisations table. The transactions themselves are written
 * by ingestion only. SQL only.
 */
export const transactionApiRepository = {
  /** The publisher's stored transaction with this id of its own, with the original a refund names. */
  async transaction(db: Db, publisherId: string, transactionId: string): Promise<StoredTransaction | null> {
    return (
      (await transactionApiRepository.transactions(db, publisherId, [transactionId])).get(transactionId) ??
      null
    );
  },

  /** The publisher's stored transactions with these ids of its own, by id. */
  async transactions(
    db: Db,
    publisherId: string,
    transactionIds: readonly string[],
  ): Promise<Map<string, StoredTransaction>> {
    if (transactionIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('transactions as t')
      .leftJoin('transactions as o', 'o.id', 't.original_transaction_id')
      .where('t.publisher_id', '=', publisherId)
      .where('t.publisher_transaction_id', 'in', [...transactionIds])
      .select([
        't.id',
        't.publisher_transaction_id',
        't.outcome',
        't.reason',
        't.capped_reason',
        't.reason_params',
        't.amount_pence',
        't.refunded_pence',
        't.cashback_pence',
        't.success_fee_pence',
        't.campaign_id',
        't.brand_id',
        't.occurred_at',
        't.mid',
        't.card_token',
        't.card_last4',
        't.postcode',
        'o.publisher_transaction_id as original_transaction_id',
      ])
      .execute();
    return new Map(
      rows.map((row) => [
        row.publisher_transaction_id,
        {
          ...row,
          amount_pence: Number(row.amount_pence),
          refunded_pence: Number(row.refunded_pence),
          cashback_pence: Number(row.cashback_pence),
          success_fee_pence: Number(row.success_fee_pence),
        },
      ]),
    );
  },

  async authorisation(db: Db, publisherId: string, transactionId: string) {
    return (
      (await transactionApiRepository.authorisations(db, publisherId, [transactionId])).get(transactionId) ??
      null
    );
  },

  /** The publisher's authorisations with these ids of its own, by id. */
  async authorisations(
    db: Db,
    publisherId: string,
    transactionIds: readonly string[],
  ): Promise<Map<string, StoredAuthorisation>> {
    if (transactionIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('transaction_authorisations')
      .where('publisher_id', '=', publisherId)
      .where('publisher_transaction_id', 'in', [...transactionIds])
      .select(authorisationColumns)
      .execute();
    return new Map(
      rows.map((row) => [row.publisher_transaction_id, { ...row, amount_pence: Number(row.amount_pence) }]),
    );
  },

  /** A new authorisation, or null when the publisher already has one with this id (it stands). */
  async insertAuthorisation(
    trx: Transaction<DB>,
    values: Omit<StoredAuthorisation, 'id' | 'status' | 'created_at'> & { created_at: Date },
  ): Promise<StoredAuthorisation | null> {
    const row = await trx
      .insertInto('transaction_authorisations')
      .values(values)
      .onConflict((conflict) => conflict.columns(['publisher_id', 'publisher_transaction_id']).doNothing())
      .returning(authorisationColumns)
      .executeTakeFirst();
    return row ? { ...row, amount_pence: Number(row.amount_pence) } : null;
  },

  /**
   * Marks cleared the authorisations of `cleared` not yet so (an expired one too: it cleared late), and answers the authorisations of
   * every id in `of` as they stand after it: one statement (a batch of clearings pays one round trip
   * for both; the plain read sees the table before the update, so the updated rows come from it).
   */
  async clearAuthorisations(
    trx: Transaction<DB>,
    publisherId: string,
    ids: { cleared: readonly string[]; of: readonly string[] },
    at: Date,
  ): Promise<Map<string, StoredAuthorisation>> {
    if (ids.of.length === 0) return new Map();
    const columns = sql.join(authorisationColumns.map((column) => sql.ref(column)));
    const { rows } = await sql<StoredAuthorisation>`
      WITH cleared AS (
        UPDATE transaction_authorisations SET status = 'cleared', settled_at = ${at}
        WHERE publisher_id = ${publisherId} AND publisher_transaction_id = ANY(${[...ids.cleared]}::text[])
          AND status <> 'cleared'
        RETURNING ${columns}
      )
      SELECT ${columns} FROM cleared
      UNION ALL
      SELECT ${columns} FROM transaction_authorisations
      WHERE publisher_id = ${publisherId} AND publisher_transaction_id = ANY(${[...ids.of]}::text[])
        AND publisher_transaction_id NOT IN (SELECT publisher_transaction_id FROM cleared)`.execute(trx);
    return new Map(
      rows.map((row) => [row.publisher_transaction_id, { ...row, amount_pence: Number(row.amount_pence) }]),
    );
  },

  /**
   * Up to `limit` authorisations past their expiry marked expired, each once (SKIP LOCKED: a
   * clearing holding one keeps it): the rows marked.
   */
  async expireDue(trx: Transaction<DB>, now: Date, limit: number): Promise<StoredAuthorisation[]> {
    const { rows } = await sql<StoredAuthorisation>`
      UPDATE transaction_authorisations a SET status = 'expired', settled_at = ${now}
      WHERE a.id IN (
        SELECT id FROM transaction_authorisations
        WHERE status = 'authorised' AND expires_at <= ${now}
        ORDER BY expires_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING ${sql.join(authorisationColumns.map((column) => sql.ref(`a.${column}`)))}
    `.execute(trx);
    return rows.map((row) => ({ ...row, amount_pence: Number(row.amount_pence) }));
  },
};

export type TransactionApiRepository = typeof transactionApiRepository;
