import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  BranchMatch,
  QualificationOutcome,
  RewardTerms,
} from '@krowd/domain/qualification/qualification.rules';
import type { ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import { CopyRows } from '../../db/copy-rows.ts';
import { copyInto } from '../../db/database.ts';
import type { DB } from '../../db/database.generated.ts';
import type { MidActivityRows } from './mid-activity-tally.ts';
import { outcomeColumns, qualificationLookups } from './qualification-lookups.repository.ts';
import { stagingRepository, type StagedRow } from './staging.repository.ts';
import { addHoldoutAssignments, storedHoldoutArms } from './holdout-assignments.repository.ts';

/**
 * The publishers' transactions as stored: the publisher a console upload names, the upload's locks and savepoints,
 * its rows written by COPY with their outcomes, and its ingestion log. The repository ingestion is
 * given also holds the staging table (staging.repository.ts) and what qualification looks up
 * (qualification-lookups.repository.ts).
 */

export interface Publisher {
  id: string;
  code: string;
}

/**
 * The advisory locks an upload holds (ingestion-locks.ts), in two-key form: this class and the
 * hash of the publisher's or brand's id (a collision only makes two uploads take turns).
 */
const publisherLockClass = 5_000_002;
const brandLockClass = 5_000_003;

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

/** The columns `transactionCopyRows` encodes and `insertTransactions` writes, in this order. */
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

/** About what a stored transaction takes in COPY's binary format (360 bytes in the demo's files). */
const bytesPerRow = 400;

/**
 * A reward's terms as stored (jsonb), written out rather than by JSON.stringify, which took ten
 * times as long for every qualified row. Every field is null, a boolean or a finite number, whose
 * JSON is its text.
 */
export function rewardTermsJson(terms: RewardTerms): string {
  const json = `{"cashbackPercent":${terms.cashbackPercent},"cashbackValuePence":${terms.cashbackValuePence},"minimumSpendPence":${terms.minimumSpendPence},"successFeePercent":${terms.successFeePercent},"successFeeFree":${terms.successFeeFree}`;
  // A capped campaign's terms only (caps.rules.ts, decision 0116): the others stay as they were.
  if (terms.maxCashbackPence === undefined && terms.rewardedSpendPence === undefined) return `${json}}`;
  return `${json},"maxCashbackPence":${terms.maxCashbackPence ?? null},"rewardedSpendPence":${terms.rewardedSpendPence ?? null}}`;
}

/** A cap reason's number as stored (jsonb, decision 0116), written out as `rewardTermsJson` is. */
export function reasonParamsJson(params: ReasonParams | undefined): string | null {
  if (params === undefined) return null;
  const interval = params.interval === null ? 'null' : `"${params.interval}"`;
  return `{"limit":${params.limit},"interval":${interval}}`;
}

/**
 * Transactions with their outcomes encoded for COPY, each with what refunds already took back of
 * it. Apart from the write, so an upload encodes a page while its connection is busy with the page
 * before (upload-qualification.ts).
 */
export function transactionCopyRows(rows: readonly NewTransaction[]): CopyRows {
  const copy = new CopyRows(transactionColumns.length, rows.length * bytesPerRow);
  for (const r of rows) {
    const at = r.row.occurredAt.getTime();
    const outcome = r.outcome;
    const reward = outcome.outcome === 'notQualified' ? null : outcome;
    copy
      .row()
      .uniqueUuid(r.id)
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
      .jsonb(reward ? rewardTermsJson(reward.terms) : null)
      .text(outcome.outcome === 'notQualified' ? outcome.reason : null)
      .text(outcome.outcome === 'qualified' ? (outcome.cappedReason ?? null) : null)
      .jsonb(outcome.outcome === 'refund' ? null : reasonParamsJson(outcome.reasonParams));
  }
  return copy;
}

export function createTransactionsRepository(db: Kysely<DB>) {
  return {
    ...stagingRepository,
    ...qualificationLookups,
    // The cards' holdout arms (decision 0129): ingestion's, and the publisher's held-out cards call's.
    addHoldoutAssignments,
    storedHoldoutArms,

    /** Every publisher by its lower-cased code: the docs upload's file names them in any case. */
    async publishersByCode(): Promise<Map<string, Publisher>> {
      const rows = await db.selectFrom('publishers').select(['id', 'code']).execute();
      return new Map(rows.map((p) => [p.code.toLowerCase(), p]));
    },

    /** The publisher an admin console upload names. */
    async publisherById(id: string): Promise<Publisher | undefined> {
      return db.selectFrom('publishers').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    /** Held until the upload's transaction ends (ingestion-locks.ts). */
    async lockPublisherIngestion(trx: Transaction<DB>, publisherId: string) {
      await sql`SELECT pg_advisory_xact_lock(${publisherLockClass}::int, hashtext(${publisherId}))`.execute(
        trx,
      );
    },
    async lockBrandIngestion(trx: Transaction<DB>, brandId: string) {
      await sql`SELECT pg_advisory_xact_lock(${brandLockClass}::int, hashtext(${brandId}))`.execute(trx);
    },
    /** The brand's lock if no other upload holds it, without waiting. */
    async tryLockBrandIngestion(trx: Transaction<DB>, brandId: string): Promise<boolean> {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(${brandLockClass}::int, hashtext(${brandId})) AS locked`.execute(
        trx,
      );
      return rows[0]!.locked;
    },

    /** Adds an upload's transactions by MID, day and hour to the MID health store (migration 0054). */
    async addMidActivity(trx: Transaction<DB>, rows: MidActivityRows) {
      if (rows.days.length === 0 && rows.hours.length === 0) return;
      // One statement for both tallies: a batch of a few transactions pays one round trip.
      await sql`
        WITH days AS (
          INSERT INTO mid_activity_days (mid, day, transactions)
          SELECT * FROM unnest(${rows.days.map((row) => row.mid)}::text[],
            ${rows.days.map((row) => row.day)}::date[], ${rows.days.map((row) => row.transactions)}::int[])
          ON CONFLICT (mid, day) DO UPDATE
          SET transactions = mid_activity_days.transactions + excluded.transactions
        )
        INSERT INTO mid_activity_hours (mid, hour, transactions)
        SELECT * FROM unnest(${rows.hours.map((row) => row.mid)}::text[],
          ${rows.hours.map((row) => row.hour)}::smallint[], ${rows.hours.map((row) => row.transactions)}::int[])
        ON CONFLICT (mid, hour) DO UPDATE
        SET transactions = mid_activity_hours.transactions + excluded.transactions`.execute(trx);
    },

    /** The brands whose branches have these merchant IDs (the brands an upload will lock). */
    async brandsOfMids(trx: Transaction<DB>, mids: readonly string[]): Promise<string[]> {
      if (mids.length === 0) return [];
      const { rows } = await sql<{ brand_id: string }>`
        SELECT DISTINCT brand_id FROM branches
        WHERE status <> 'Deleted' AND (mastercard_merchant_id = ANY(${mids}::text[])
          OR amex_merchant_id = ANY(${mids}::text[]) OR zettle_merchant_id = ANY(${mids}::text[]))`.execute(
        trx,
      );
      return rows.map((row) => row.brand_id);
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

    /** Stores transactions encoded by `transactionCopyRows`, by COPY. */
    async insertTransactions(trx: Transaction<DB>, rows: CopyRows) {
      await copyInto(trx, 'transactions', transactionColumns, rows);
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
        // Whether the publisher hides held-out cards' offers, read in the same statement: the
        // upload's holdouts apply only then (decision 0129), at no extra round trip (decision 0119).
        .returning((eb) => [
          'id',
          eb
            .selectFrom('publishers')
            .select('honours_holdouts')
            .whereRef('publishers.id', '=', 'ingestion_logs.publisher_id')
            .as('honours_holdouts'),
        ])
        .executeTakeFirstOrThrow();
      return { id: row.id, honoursHoldouts: row.honours_holdouts === true };
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

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
