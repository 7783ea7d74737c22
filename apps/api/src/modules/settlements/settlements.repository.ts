import { sql, type Kysely, type Transaction } from 'kysely';
import type { DailyRow, MonthlyRow } from '@krowd/domain/settlement/settlement.rules';
import { storedReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import type { DB } from '../../db/database.generated.ts';

/**
 * The settlement files' SQL (docs/decisions/0107). The monthly rows are the sums, per document and
 * campaign, of the very links the invoice run wrote (`invoice_transactions`,
 * `credit_note_transactions`): the figures are the invoices', split by publisher, never a second
 * derivation from the transactions.
 */
/** A qualified purchase's cap (decision 0116) as the daily file's three columns. */
function cappedColumns(reason: string | null, stored: unknown) {
  const params = reason ? storedReasonParams(stored) : null;
  return { cappedReason: reason, capLimit: params?.limit ?? null, capInterval: params?.interval ?? null };
}

export const settlementQueries = {
  /**
   * One publisher's transactions qualified or refunded from `start` to `end` (a local day's
   * instants), each with the campaign's brand, the original's own id for a refund, and the instant
   * (written as local time by the service). `notQualified` earns nothing and is left out.
   */
  async dailyRows(
    db: Kysely<DB> | Transaction<DB>,
    publisherId: string,
    bounds: { start: Date; end: Date },
  ): Promise<(Omit<DailyRow, 'localTime'> & { occurredAt: Date })[]> {
    const rows = await db
      .selectFrom('transactions as t')
      .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
      .innerJoin('brands as br', 'br.id', 'c.brand_id')
      .leftJoin('transactions as o', 'o.id', 't.original_transaction_id')
      .select([
        't.outcome',
        't.publisher_transaction_id',
        'o.publisher_transaction_id as original_id',
        't.occurred_at',
        'br.id as brand_id',
        'br.name as brand_name',
        'c.id as campaign_id',
        'c.name as campaign_name',
        't.amount_pence',
        't.cashback_pence',
        't.success_fee_pence',
        't.capped_reason',
        't.reason_params',
      ])
      .where('t.publisher_id', '=', publisherId)
      .where('t.outcome', '<>', 'notQualified')
      .where('t.occurred_at', '>=', bounds.start)
      .where('t.occurred_at', '<', bounds.end)
      .execute();
    return rows.map((row) => ({
      event: row.outcome === 'refund' ? 'refunded' : 'qualified',
      transactionId: row.publisher_transaction_id,
      originalTransactionId: row.original_id,
      occurredAt: row.occurred_at,
      brandId: row.brand_id,
      brandName: row.brand_name,
      campaignId: row.campaign_id,
      campaignName: row.campaign_name,
      amountPence: Number(row.amount_pence),
      cashbackPence: Number(row.cashback_pence),
      successFeePence: Number(row.success_fee_pence),
      ...cappedColumns(row.capped_reason, row.reason_params),
    }));
  },

  /** One publisher's rows of the invoices and credit notes issued in `month` (YYYY-MM). */
  async monthlyRows(
    db: Kysely<DB> | Transaction<DB>,
    publisherId: string,
    month: string,
  ): Promise<MonthlyRow[]> {
    const first = `${month}-01`;
    const { rows } = await sql<Record<string, unknown>>`
      WITH documents AS (
        SELECT i.invoice_number AS document, i.brand_id, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on,
          it.transaction_id
        FROM invoices i JOIN invoice_transactions it ON it.invoice_id = i.id
        WHERE i.issued_on >= ${first}::date AND i.issued_on < ${first}::date + interval '1 month'
        UNION ALL
        SELECT n.credit_note_number, n.brand_id, to_char(n.issued_on, 'YYYY-MM-DD'), ct.transaction_id
        FROM credit_notes n JOIN credit_note_transactions ct ON ct.credit_note_id = n.id
        WHERE n.issued_on >= ${first}::date AND n.issued_on < ${first}::date + interval '1 month')
      SELECT d.brand_id, br.name AS brand_name, c.id AS campaign_id, c.name AS campaign_name,
        d.document, d.issued_on, count(*) AS transactions,
        sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee
      FROM documents d JOIN transactions t ON t.id = d.transaction_id
      JOIN campaigns c ON c.id = t.campaign_id JOIN brands br ON br.id = d.brand_id
      WHERE t.publisher_id = ${publisherId}::uuid
      GROUP BY d.brand_id, br.name, c.id, c.name, d.document, d.issued_on`.execute(db);
    return rows.map((row) => ({
      brandId: String(row.brand_id),
      brandName: String(row.brand_name),
      campaignId: String(row.campaign_id),
      campaignName: String(row.campaign_name),
      document: String(row.document),
      issuedOn: String(row.issued_on),
      transactions: Number(row.transactions),
      cashbackPence: Number(row.cashback),
      successFeePence: Number(row.fee),
    }));
  },

  /**
   * Stores a file once: a second write for the same publisher, kind and period keeps the first
   * (two instances, a re-run); answers the stored file either way, and whether this write made it
   * (its `settlement.ready` is told once, by the write that made it).
   */
  async insertFile(
    trx: Transaction<DB>,
    file: {
      publisherId: string;
      kind: 'daily' | 'monthly';
      period: string;
      rowCount: number;
      cashbackPence: number;
      successFeePence: number;
      sha256: string;
      content: string;
    },
  ) {
    const made = await trx
      .insertInto('settlement_files')
      .values({
        publisher_id: file.publisherId,
        kind: file.kind,
        period: file.period,
        row_count: file.rowCount,
        cashback_pence: file.cashbackPence,
        success_fee_pence: file.successFeePence,
        sha256: file.sha256,
        content: file.content,
      })
      .onConflict((oc) => oc.columns(['publisher_id', 'kind', 'period']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const stored = await trx
      .selectFrom('settlement_files')
      .selectAll()
      .where('publisher_id', '=', file.publisherId)
      .where('kind', '=', file.kind)
      .where('period', '=', file.period)
      .executeTakeFirstOrThrow();
    return { file: stored, created: made !== undefined };
  },

  /** Every publisher's id, for the job's round. */
  async publisherIds(db: Kysely<DB>) {
    const rows = await db.selectFrom('publishers').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  },

  /**
   * The job's round: each publisher, when it was made, when its first qualified or refunded
   * transaction happened (a backfilled file may be older than the publisher's account), the period
   * of its last daily file, and whether its monthly file of `month` exists.
   */
  async publishersToSettle(db: Kysely<DB>, month: string) {
    const rows = await db
      .selectFrom('publishers as p')
      .select((eb) => [
        'p.id',
        'p.created_at',
        // The partial index of migration 0050 answers this from its first entry.
        eb
          .selectFrom('transactions as t')
          .select((inner) => inner.fn.min('t.occurred_at').as('at'))
          .whereRef('t.publisher_id', '=', 'p.id')
          .where('t.outcome', '<>', 'notQualified')
          .as('first_settled'),
        eb
          .selectFrom('settlement_files as f')
          .select((inner) => inner.fn.max('f.period').as('period'))
          .whereRef('f.publisher_id', '=', 'p.id')
          .where('f.kind', '=', 'daily')
          .as('last_daily'),
        eb
          .exists(
            eb
              .selectFrom('settlement_files as m')
              .select('m.id')
              .whereRef('m.publisher_id', '=', 'p.id')
              .where('m.kind', '=', 'monthly')
              .where('m.period', '=', month),
          )
          .as('has_month'),
      ])
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      firstSettled: row.first_settled ? new Date(row.first_settled) : null,
      lastDaily: row.last_daily ?? null,
      hasMonth: Boolean(row.has_month),
    }));
  },
};
