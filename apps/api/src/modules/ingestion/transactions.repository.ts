import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import type { IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { monthOf } from '@krowd/domain/campaign/campaign-dates.rules';
import type { WeekDayLabel } from '@krowd/domain/campaign/campaign.schema';
import type { TransactionRow } from '@krowd/domain/ingestion/transaction-file.schema';
import type {
  BranchMatch,
  QualificationCampaign,
  QualificationOutcome,
  QualificationReason,
  RewardTerms,
} from '@krowd/domain/qualification/qualification.rules';
import { CopyRows } from '../../db/copy-rows.ts';
import { copyInto } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** The stored form of an API key: SHA-256, hex (keys are long random strings; see 0012). */
export function apiKeyHashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface Publisher {
  id: string;
  code: string;
}

/** A row of the file waiting in the upload's staging table, with whether it is already stored. */
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

/** A purchase a refund may reverse, as stored. */
export interface StoredPurchase {
  id: string;
  amountPence: number;
  refundedPence: number;
  outcome: QualificationOutcome;
}

/** The advisory lock held while an upload qualifies its rows. */
const ingestionLockKey = 5_000_001;

const approvedStatuses = ['Bank Approved', 'Active'] as const;

/** The stored outcome columns back into the engine's outcome. */
function outcomeOf(row: {
  outcome: 'qualified' | 'refund' | 'notQualified';
  campaign_id: string | null;
  cashback_pence: number;
  success_fee_pence: number;
  customer_type: 'new' | 'existing' | 'lapsed' | null;
  offer_type: 'dp' | 'dv' | 'ss' | null;
  terms: unknown;
  reason: string | null;
}): QualificationOutcome {
  if (row.outcome === 'notQualified') {
    return {
      outcome: 'notQualified',
      reason: row.reason as QualificationReason,
      campaignId: row.campaign_id,
    };
  }
  return {
    outcome: row.outcome,
    campaignId: row.campaign_id!,
    cashbackPence: row.cashback_pence,
    successFeePence: row.success_fee_pence,
    customerType: row.customer_type!,
    offerType: row.offer_type!,
    terms: row.terms as RewardTerms,
  };
}

/** The key of a card at a brand in `cardPurchases`' answer. */
export const cardKey = (brandId: string, cardToken: string) => `${brandId} ${cardToken}`;

/** A transaction to store with its outcome. */
export interface NewTransaction {
  publisherId: string;
  logId: string;
  row: StagedRow;
  branch: BranchMatch | null;
  originalId: string | null;
  outcome: QualificationOutcome;
  /** The instant's wall time in the timezone setting, as the engine read it (ms, read as UTC). */
  localAt: number;
  /** The card's number when the row is a purchase at a known merchant (the card-history key). */
  cardNumber: number | null;
  /** Chosen by the caller (time-ordered), so a refund in the same page may name it. */
  id: string;
  /** What refunds already took back of it (a purchase refunded before it was stored). */
  refundedPence?: number;
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

const outcomeColumns = [
  'outcome',
  'campaign_id',
  'cashback_pence',
  'success_fee_pence',
  'customer_type',
  'offer_type',
  'terms',
  'reason',
] as const;

/** The columns `insertTransactions` writes, in its order. */
const transactionColumns = [
  'id',
  'publisher_id',
  'publisher_transaction_id',
  'ingestion_log_id',
  'mid',
  'branch_id',
  'brand_id',
  'card_token',
  'card_id',
  'card_last4',
  'amount_pence',
  'refunded_pence',
  'original_transaction_id',
  'occurred_at',
  'local_datetime',
  'postcode',
  ...outcomeColumns,
] as const;

/**
 * The branch of each merchant ID (any of its three), deleted branches aside; when two branches share
 * it, an active or approved one first, then the oldest. Every MID given, null when no branch has it;
 * one query.
 */
async function branchesOfMids(
  trx: Transaction<DB>,
  mids: string[],
): Promise<Map<string, BranchMatch | null>> {
  const found = new Map<string, BranchMatch | null>(mids.map((mid) => [mid, null]));
  if (mids.length === 0) return found;
  const { rows } = await sql<{ mid: string; id: string; brand_id: string; status: BranchStatus }>`
    SELECT m.mid, b.id, b.brand_id, b.status
    FROM unnest(${mids}::text[]) AS m (mid)
    CROSS JOIN LATERAL (
      SELECT id, brand_id, status FROM branches
      WHERE status <> 'Deleted' AND (mastercard_merchant_id = m.mid OR amex_merchant_id = m.mid
        OR zettle_merchant_id = m.mid)
      ORDER BY status IN ('Active', 'Approved') DESC, created_at, id
      LIMIT 1
    ) b`.execute(trx);
  for (const row of rows) {
    found.set(row.mid, { branchId: row.id, brandId: row.brand_id, status: row.status });
  }
  return found;
}

export function createTransactionsRepository(db: Kysely<DB>) {
  return {
    /** The publisher holding this API key, if any. */
    async publisherByApiKey(key: string): Promise<Publisher | undefined> {
      return db
        .selectFrom('publishers')
        .select(['id', 'code'])
        .where('api_key_hash', '=', apiKeyHashOf(key))
        .executeTakeFirst();
    },

    /** The publisher an admin console upload names. */
    async publisherById(id: string): Promise<Publisher | undefined> {
      return db.selectFrom('publishers').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * One upload qualifies at a time, until its transaction ends: budgets and card histories span
     * files, so a second upload waits for the first one's rows (a transaction-scoped advisory lock).
     */
    async lockIngestion(trx: Transaction<DB>) {
      await sql`SELECT pg_advisory_xact_lock(${ingestionLockKey}::bigint)`.execute(trx);
    },

    /**
     * A savepoint in the upload's transaction, to undo the first way through a file when it needs
     * the other (ingestion.transactions.ts); the names are ingestion's own constants.
     */
    async savepoint(trx: Transaction<DB>, name: string) {
      await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
    },
    async releaseSavepoint(trx: Transaction<DB>, name: string) {
      await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    },
    async rollbackToSavepoint(trx: Transaction<DB>, name: string) {
      await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
    },

    /**
     * The upload's staging table: the valid rows of the file as they stream in, so they can be
     * qualified in time order without holding the file in memory. Dropped when the transaction
     * ends. Rows arrive by COPY; `endStaging` then sets aside transaction ids repeated in the file
     * and orders the rest.
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

    /** The branch of a merchant ID, as `branchesOfMids` finds it (the rule simulator's one MID). */
    async branchOfMid(trx: Transaction<DB>, mid: string): Promise<BranchMatch | null> {
      return (await branchesOfMids(trx, [mid])).get(mid) ?? null;
    },

    branchesOfMids,

    /**
     * The brand's campaigns (not deleted) as the engine reads them, with each one's budget spent
     * so far (cashback plus fee of its qualified transactions and refunds, net: the reporting
     * store, which only ingestion writes, under its lock, with the rows) and the brand's approved
     * months.
     */
    async brandCampaigns(
      trx: Transaction<DB>,
      brandId: string,
    ): Promise<{ campaigns: QualificationCampaign[]; months: IsoMonth[] }> {
      const rows = await trx
        .selectFrom('campaigns')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('deleted_at', 'is', null)
        // The engine's tie rule order, so it need not sort them for every transaction.
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (rows.length === 0) return { campaigns: [], months: [] };
      const ids = rows.map((row) => row.id);
      const [branches, pauses, spent] = await Promise.all([
        trx
          .selectFrom('campaign_branches')
          .select(['campaign_id', 'branch_id'])
          .where('campaign_id', 'in', ids)
          .execute(),
        trx
          .selectFrom('campaign_pauses')
          .select(['campaign_id', 'from_date', 'to_date'])
          .where('campaign_id', 'in', ids)
          .execute(),
        trx
          .selectFrom('reporting_daily')
          .select((eb) => [
            'campaign_id',
            sql<number>`sum(${eb.ref('cashback_pence')} + ${eb.ref('success_fee_pence')})::bigint`.as(
              'spent',
            ),
          ])
          .where('campaign_id', 'in', ids)
          .groupBy('campaign_id')
          .execute(),
      ]);
      const spentOf = new Map(spent.map((row) => [row.campaign_id, Number(row.spent)]));
      const campaigns = rows.map((row): QualificationCampaign => ({
        id: row.id,
        brandId: row.brand_id,
        createdAt: row.created_at.toISOString(),
        status: row.status,
        start_date: row.start_date,
        allBranches: row.all_branches,
        branchIds: branches.filter((b) => b.campaign_id === row.id).map((b) => b.branch_id),
        pauses: pauses
          .filter((p) => p.campaign_id === row.id)
          .map((p) => ({ from: p.from_date, to: p.to_date })),
        weekDays: (Array.isArray(row.week_days) ? row.week_days : []) as WeekDayLabel[],
        start_time: row.start_time?.slice(0, 5) ?? null,
        end_time: row.end_time?.slice(0, 5) ?? null,
        customerType: row.customer_type,
        lastTransaction: row.last_transaction_months ?? 'NULL',
        discountType: row.discount_type,
        discountPercent: row.discount_percent,
        discountAmountPence: row.discount_amount_pence,
        discountValuePence: row.discount_value_pence,
        discountSpreadAmount: row.discount_spread_amount,
        discountSpreadValue: row.discount_spread_value,
        spreadAvgSpendPence: row.spread_avg_spend_pence,
        successFee: row.success_fee,
        budgetType: row.budget_type,
        budgetPence: row.budget_pence,
        budgetSpentPence: spentOf.get(row.id) ?? 0,
      }));
      const months = [
        ...new Set(
          rows
            .filter((row) => (approvedStatuses as readonly string[]).includes(row.status))
            .map((row) => monthOf(row.start_date)),
        ),
      ];
      return { campaigns, months };
    },

    /**
     * The purchases `cardHistoryOf` may need for these cards (by number) at these brands from
     * `from` on: every stored one since 13 months before it (a superset of the engine's local 12
     * months; later ones too, which the engine ignores for earlier rows), and each card's latest one
     * before that. A list for each card given, in their order; one query.
     */
    async cardPurchases(
      trx: Transaction<DB>,
      cards: readonly { brandId: string; cardNumber: number }[],
      from: Date,
    ): Promise<{ datetime: string; amountPence: number }[][]> {
      const purchases = cards.map((): { datetime: string; amountPence: number }[] => []);
      if (cards.length === 0) return purchases;
      const windowStart = sql`${from}::timestamptz - interval '13 months'`;
      const { rows } = await sql<{ card: number; occurred_at: Date; amount_pence: number }>`
        SELECT c.card, h.occurred_at, h.amount_pence
        FROM unnest(${cards.map((card) => card.brandId)}::uuid[], ${cards.map((card) => card.cardNumber)}::int[])
          WITH ORDINALITY AS c (brand_id, card_id, card)
        -- Index probes per card, whatever the statistics say: mid-upload they count none of the
        -- upload's rows, and a join would then be planned as a scan of every stored transaction.
        CROSS JOIN LATERAL (
          (SELECT t.occurred_at, t.amount_pence FROM transactions t
           WHERE t.card_id = c.card_id AND t.brand_id = c.brand_id AND t.occurred_at >= ${windowStart})
          UNION ALL
          (SELECT t.occurred_at, t.amount_pence FROM transactions t
           WHERE t.card_id = c.card_id AND t.brand_id = c.brand_id AND t.occurred_at < ${windowStart}
           ORDER BY t.occurred_at DESC LIMIT 1)
        ) h`.execute(trx);
      for (const row of rows) {
        purchases[Number(row.card) - 1]!.push({
          datetime: new Date(row.occurred_at).toISOString(),
          amountPence: Number(row.amount_pence),
        });
      }
      return purchases;
    },

    /** Purchases of the publisher named by their transaction ids (refunds' stated originals), by id. */
    async purchasesByIds(trx: Transaction<DB>, publisherId: string, transactionIds: string[]) {
      const found = new Map<string, StoredPurchase>();
      if (transactionIds.length === 0) return found;
      // One probe of the (publisher, transaction id) key per id, whatever the statistics say
      // (mid-upload they count none of the upload's rows, and a scan of the publisher's would be chosen).
      const { rows } = await sql<Parameters<typeof storedPurchase>[0] & { publisher_transaction_id: string }>`
        SELECT t.* FROM unnest(${transactionIds}::text[]) AS named (transaction_id)
        CROSS JOIN LATERAL (
          SELECT id, publisher_transaction_id, amount_pence, refunded_pence, ${sql.join(outcomeColumns.map((column) => sql.ref(column)))}
          FROM transactions
          WHERE publisher_id = ${publisherId} AND publisher_transaction_id = named.transaction_id
            AND amount_pence > 0
          LIMIT 1
        ) t`.execute(trx);
      for (const row of rows) found.set(row.publisher_transaction_id, storedPurchase(row));
      return found;
    },

    /**
     * A refund's original when the file does not name it: the card's latest earlier purchase at
     * the brand whose amount not yet refunded covers the refund, else its latest earlier purchase.
     */
    async refundedPurchase(
      trx: Transaction<DB>,
      brandId: string,
      cardToken: string,
      before: Date,
      refundPence: number,
    ): Promise<StoredPurchase | null> {
      const earlier = trx
        .selectFrom('transactions')
        .select(['id', 'amount_pence', 'refunded_pence', ...outcomeColumns])
        .where('card_id', '=', (eb) =>
          eb.selectFrom('cards').select('cards.id').where('cards.token', '=', cardToken),
        )
        .where('brand_id', '=', brandId)
        .where('amount_pence', '>', 0)
        .where('occurred_at', '<', before)
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      const row =
        (await earlier
          .where(sql<boolean>`amount_pence - refunded_pence >= ${refundPence}`)
          .executeTakeFirst()) ?? (await earlier.executeTakeFirst());
      return row ? storedPurchase(row) : null;
    },

    /** Sets what refunds took back of stored purchases, in one statement. */
    async setRefunded(trx: Transaction<DB>, purchases: { id: string; refundedPence: number }[]) {
      if (purchases.length === 0) return;
      const ids = purchases.map((p) => p.id);
      await sql`
        UPDATE transactions
        SET refunded_pence = (${purchases.map((p) => p.refundedPence)}::bigint[])[array_position(${ids}::uuid[], id)]
        -- By the primary key, whatever the statistics say (a join with the list may be planned as a
        -- scan of every stored transaction mid-upload, when they count none of the upload's rows).
        WHERE id = ANY (${ids}::uuid[])`.execute(trx);
    },

    /**
     * Stores transactions with their outcomes by COPY, each with what refunds already took back of
     * it.
     */
    async insertTransactions(trx: Transaction<DB>, rows: NewTransaction[]) {
      const copy = new CopyRows(transactionColumns.length);
      for (const r of rows) {
        const at = r.row.occurredAt.getTime();
        const outcome = r.outcome;
        const reward = outcome.outcome === 'notQualified' ? null : outcome;
        copy
          .row()
          .uuid(r.id)
          .uuid(r.publisherId)
          .text(r.row.transactionId)
          .uuid(r.logId)
          .text(r.row.mid)
          .uuid(r.branch?.branchId ?? null)
          .uuid(r.branch?.brandId ?? null)
          .text(r.row.cardToken)
          .int4(r.cardNumber)
          .text(r.row.cardLast4)
          .int8(r.row.amountPence)
          .int8(r.refundedPence ?? 0)
          .uuid(r.originalId)
          .timestamp(at)
          .timestamp(r.localAt)
          .text(r.row.postcode)
          .text(outcome.outcome)
          .uuid(outcome.campaignId ?? null)
          .int8(reward?.cashbackPence ?? 0)
          .int8(reward?.successFeePence ?? 0)
          .text(reward?.customerType ?? null)
          .text(reward?.offerType ?? null)
          .jsonb(reward ? JSON.stringify(reward.terms) : null)
          .text(outcome.outcome === 'notQualified' ? outcome.reason : null);
      }
      await copyInto(trx, 'transactions', transactionColumns, copy);
    },

    /** The upload's log row, written first so its transactions can name it; totals come at the end. */
    async createLog(
      trx: Transaction<DB>,
      publisherId: string,
      channel: 'api' | 'console',
      uploadedAt: Date,
      upload?: { fileName: string | null; userId: string },
    ) {
      const row = await trx
        .insertInto('ingestion_logs')
        .values({
          publisher_id: publisherId,
          channel,
          file_name: upload?.fileName ?? null,
          uploaded_by_user_id: upload?.userId ?? null,
          uploaded_at: uploadedAt,
          gmv_pence: 0,
          transaction_count: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async finishLog(
      trx: Transaction<DB>,
      logId: string,
      totals: {
        gmvPence: number;
        count: number;
        unmatched: number;
        lastAt: Date | null;
        nextAt: Date;
        brands: Map<string, { gmvPence: number; count: number; lastAt: Date }>;
      },
    ) {
      await trx
        .updateTable('ingestion_logs')
        .set({
          gmv_pence: totals.gmvPence,
          transaction_count: totals.count,
          unmatched_count: totals.unmatched,
          last_transaction_at: totals.lastAt,
          next_ingestion_at: totals.nextAt,
        })
        .where('id', '=', logId)
        .execute();
      if (totals.brands.size === 0) return;
      await trx
        .insertInto('ingestion_log_brands')
        .values(
          [...totals.brands].map(([brandId, share]) => ({
            ingestion_log_id: logId,
            brand_id: brandId,
            gmv_pence: share.gmvPence,
            transaction_count: share.count,
            last_transaction_at: share.lastAt,
          })),
        )
        .execute();
    },
  };
}

function storedPurchase(row: {
  id: string;
  amount_pence: number;
  refunded_pence: number;
  outcome: 'qualified' | 'refund' | 'notQualified';
  campaign_id: string | null;
  cashback_pence: number;
  success_fee_pence: number;
  customer_type: 'new' | 'existing' | 'lapsed' | null;
  offer_type: 'dp' | 'dv' | 'ss' | null;
  terms: unknown;
  reason: string | null;
}): StoredPurchase {
  return {
    id: row.id,
    amountPence: row.amount_pence,
    refundedPence: row.refunded_pence,
    outcome: outcomeOf(row),
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
