import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { ExportRow } from './export.csv.ts';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import { returnPeriodDays } from '@krowd/domain/invoice/invoice.rules';
import { rewardFinalOn, rewardStatus } from '@krowd/domain/qualification/reward-status.rules';
import { storedReasonText } from '@krowd/domain/qualification/cap-reasons.rules';

type Executor = Kysely<DB> | Transaction<DB>;

/** Where the next page of a brand's rows starts: after this local time and id. */
export interface ExportCursor {
  /** local_datetime as PostgreSQL's text, to the microsecond. */
  at: string;
  id: string;
}

export interface ExportRecord {
  id: string;
  userId: string;
  filter: ReportingFilter;
  status: 'queued' | 'ready';
  rowCount: number | null;
  byteSize: number | null;
  tokenHash: string | null;
  completedAt: Date | null;
  expiresAt: Date;
  /** The not-qualified transactions too, with their reasons (docs/decisions/0130). */
  includeNotQualified: boolean;
}

/** The dashboard exports (0016) and the transactions they read. SQL only. */
export function createExportRepository(db: Kysely<DB>) {
  return {
    /** Locks the requesting user's row until `trx` ends, so two requests at once count one after the other. */
    async lockRequester(trx: Transaction<DB>, userId: string) {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async create(
      trx: Transaction<DB>,
      values: { userId: string; filter: ReportingFilter; expiresAt: Date; includeNotQualified: boolean },
    ): Promise<string> {
      const row = await trx
        .insertInto('dashboard_exports')
        .values({
          user_id: values.userId,
          filter: JSON.stringify(values.filter),
          expires_at: values.expiresAt,
          include_not_qualified: values.includeNotQualified,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The user's exports still waiting for the job. */
    async pendingCount(executor: Executor, userId: string): Promise<number> {
      const row = await executor
        .selectFrom('dashboard_exports')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async find(id: string): Promise<ExportRecord | undefined> {
      const row = await db
        .selectFrom('dashboard_exports')
        .select([
          'id',
          'user_id',
          'filter',
          'status',
          'row_count',
          'byte_size',
          'token_hash',
          'completed_at',
          'expires_at',
          'include_not_qualified',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        userId: row.user_id,
        filter: row.filter,
        status: row.status,
        rowCount: row.row_count === null ? null : Number(row.row_count),
        byteSize: row.byte_size === null ? null : Number(row.byte_size),
        tokenHash: row.token_hash,
        completedAt: row.completed_at,
        expiresAt: row.expires_at,
        includeNotQualified: row.include_not_qualified,
      };
    },

    /** An export's state for the user who asked for it (undefined for anyone else). */
    async stateOf(exportId: string, userId: string) {
      return db
        .selectFrom('dashboard_exports')
        .select(['status', 'row_count', 'mailed_at'])
        .where('id', '=', exportId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The export's link has been mailed. */
    async markMailed(exportId: string, at: Date) {
      await db.updateTable('dashboard_exports').set({ mailed_at: at }).where('id', '=', exportId).execute();
    },

    /** Who asked for the export: where the mail goes. */
    async ownerOf(exportId: string) {
      return db
        .selectFrom('dashboard_exports as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.email', 'u.first_name', 'u.brand_id'])
        .where('e.id', '=', exportId)
        .executeTakeFirst();
    },

    /** The brands an export reads, by name: those listed, or every brand for 'all'. */
    async brandsOf(brandIds: ReportingFilter['brandIds']): Promise<{ id: string; name: string }[]> {
      if (brandIds !== 'all' && brandIds.length === 0) return [];
      let query = db.selectFrom('brands').select(['id', 'name']);
      if (brandIds !== 'all') query = query.where('id', 'in', brandIds);
      return query.orderBy('name').orderBy('id').execute();
    },

    /**
     * One page of a brand's qualified purchases and refunds matching the filter, in local time
     * order (ties by id), after the cursor: a range scan of transactions_export_idx. Each row's
     * reward status on `today` (docs/decisions/0117) is its purchase's (a refund's original, `o`):
     * from the purchase's local date, what it earned, and what its refunds dated inside the return
     * period took back, summed only for a purchase something was refunded of
     * (transactions_refund_original_idx, migration 0057).
     */
    async page(
      brand: { id: string; name: string },
      filter: ReportingFilter,
      after: ExportCursor | null,
      limit: number,
      today: string,
    ): Promise<{ rows: ExportRow[]; next: ExportCursor | null }> {
      // A refund dated before this many days after its purchase's date is inside the return
      // period: isRefundInsideReturnPeriod (reward-status.rules.ts) in SQL.
      const insideDays = returnPeriodDays + 1;
      let query = db
        .selectFrom('transactions as t')
        .innerJoin('publishers as p', 'p.id', 't.publisher_id')
        .innerJoin('branches as b', 'b.id', 't.branch_id')
        .leftJoin('campaigns as c', 'c.id', 't.campaign_id')
        .leftJoin('transactions as o', (join) =>
          join.onRef('o.id', '=', 't.original_transaction_id').on('t.outcome', '=', 'refund'),
        )
        .select([
          sql<string>`to_char(coalesce(o.local_datetime, t.local_datetime), 'YYYY-MM-DD')`.as(
            'purchase_date',
          ),
          sql<string>`coalesce(o.cashback_pence + o.success_fee_pence, t.cashback_pence + t.success_fee_pence)`.as(
            'earned',
          ),
          sql<string>`CASE WHEN coalesce(o.refunded_pence, t.refunded_pence) > 0 THEN -(
            SELECT coalesce(sum(x.cashback_pence + x.success_fee_pence), 0) FROM transactions x
            WHERE x.outcome = 'refund' AND x.original_transaction_id = coalesce(o.id, t.id)
              AND x.local_datetime < coalesce(o.local_datetime, t.local_datetime)::date + ${insideDays}::int)
            ELSE 0 END`.as('taken_back_inside'),
          't.id',
          't.publisher_transaction_id',
          sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI:SS')`.as('date'),
          sql<string>`t.local_datetime::text`.as('cursor_at'),
          't.outcome',
          'p.display_name as publisher',
          'b.name as branch',
          't.postcode',
          't.card_last4',
          't.amount_pence',
          't.cashback_pence',
          't.success_fee_pence',
          't.customer_type',
          't.offer_type',
          'c.name as campaign',
          't.capped_reason',
          't.reason_params',
        ])
        .where('t.brand_id', '=', brand.id)
        .where('t.outcome', '<>', 'notQualified')
        .where(
          filter.invoiceId
            ? // A chosen invoice exports the transactions it billed, as its view shows them.
              sql<boolean>`EXISTS (SELECT 1 FROM invoice_transactions it
                WHERE it.transaction_id = t.id AND it.invoice_id = ${filter.invoiceId}::uuid)`
            : sql<boolean>`t.local_datetime >= ${filter.startDate}::date
                AND t.local_datetime < ${filter.endDate}::date + 1`,
        );
      if (after)
        query = query.where(
          sql<boolean>`(t.local_datetime, t.id) > (${after.at}::timestamp, ${after.id}::uuid)`,
        );
      if (filter.branchId) query = query.where('t.branch_id', '=', filter.branchId);
      if (filter.publisherId === null) query = query.where(sql<boolean>`false`);
      else if (filter.publisherId) query = query.where('t.publisher_id', '=', filter.publisherId);
      if (filter.campaignId) query = query.where('t.campaign_id', '=', filter.campaignId);
      if (filter.customerTypes) query = query.where('t.customer_type', 'in', [...filter.customerTypes]);
      if (filter.offerType) query = query.where('t.offer_type', '=', filter.offerType);
      const found = await query.orderBy('t.local_datetime').orderBy('t.id').limit(limit).execute();
      const last = found.at(-1);
      return {
        rows: found.map((row) => ({
          transactionId: row.publisher_transaction_id,
          date: row.date,
          type: row.outcome === 'refund' ? 'refund' : 'purchase',
          publisher: row.publisher,
          brand: brand.name,
          branch: row.branch,
          postcode: row.postcode,
          cardLast4: row.card_last4,
          amountPence: Number(row.amount_pence),
          cashbackPence: Number(row.cashback_pence),
          successFeePence: Number(row.success_fee_pence),
          rewardStatus: rewardStatus({
            purchaseDate: row.purchase_date,
            today,
            earnedPence: Number(row.earned),
            takenBackInsidePence: Number(row.taken_back_inside),
          }),
          rewardFinalOn: rewardFinalOn(row.purchase_date),
          customerType: row.customer_type,
          offerType: row.offer_type,
          campaign: row.campaign,
          reason: row.capped_reason
            ? { text: storedReasonText(row.capped_reason, row.reason_params), code: row.capped_reason }
            : null,
        })),
        next: last && found.length === limit ? { at: last.cursor_at, id: last.id } : null,
      };
    },

    /**
     * One page of a brand's not-qualified transactions matching the filter, in local time order
     * after the cursor (docs/decisions/0130): a range scan of transactions_not_qualified_idx
     * (migration 0063). Customer type and offer type do not apply (such a row has neither), as on
     * the dashboard's reasons; a chosen invoice gives its month (the filter's dates).
     */
    async notQualifiedPage(
      brand: { id: string; name: string },
      filter: ReportingFilter,
      after: ExportCursor | null,
      limit: number,
    ): Promise<{ rows: ExportRow[]; next: ExportCursor | null }> {
      let query = db
        .selectFrom('transactions as t')
        .innerJoin('publishers as p', 'p.id', 't.publisher_id')
        .innerJoin('branches as b', 'b.id', 't.branch_id')
        .leftJoin('campaigns as c', 'c.id', 't.campaign_id')
        .select([
          't.id',
          't.publisher_transaction_id',
          sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI:SS')`.as('date'),
          sql<string>`t.local_datetime::text`.as('cursor_at'),
          'p.display_name as publisher',
          'b.name as branch',
          't.postcode',
          't.card_last4',
          't.amount_pence',
          'c.name as campaign',
          't.reason',
          't.reason_params',
        ])
        .where('t.outcome', '=', 'notQualified')
        .where('t.brand_id', 'is not', null)
        .where('t.brand_id', '=', brand.id)
        .where(
          sql<boolean>`t.local_datetime >= ${filter.startDate}::date
            AND t.local_datetime < ${filter.endDate}::date + 1`,
        );
      if (after)
        query = query.where(
          sql<boolean>`(t.local_datetime, t.id) > (${after.at}::timestamp, ${after.id}::uuid)`,
        );
      if (filter.branchId) query = query.where('t.branch_id', '=', filter.branchId);
      if (filter.publisherId === null) query = query.where(sql<boolean>`false`);
      else if (filter.publisherId) query = query.where('t.publisher_id', '=', filter.publisherId);
      if (filter.campaignId) query = query.where('t.campaign_id', '=', filter.campaignId);
      const found = await query.orderBy('t.local_datetime').orderBy('t.id').limit(limit).execute();
      const last = found.at(-1);
      return {
        rows: found.map((row) => ({
          transactionId: row.publisher_transaction_id,
          date: row.date,
          type: 'not_qualified',
          publisher: row.publisher,
          brand: brand.name,
          branch: row.branch,
          postcode: row.postcode,
          cardLast4: row.card_last4,
          amountPence: Number(row.amount_pence),
          cashbackPence: 0,
          successFeePence: 0,
          rewardStatus: null,
          rewardFinalOn: null,
          customerType: null,
          offerType: null,
          campaign: row.campaign,
          reason: row.reason
            ? { text: storedReasonText(row.reason, row.reason_params), code: row.reason }
            : null,
        })),
        next: last && found.length === limit ? { at: last.cursor_at, id: last.id } : null,
      };
    },

    /** Removes what an earlier, interrupted run of the job wrote. */
    async clearParts(exportId: string) {
      await db.deleteFrom('dashboard_export_parts').where('export_id', '=', exportId).execute();
    },

    async addPart(exportId: string, part: number, content: Uint8Array) {
      await db.insertInto('dashboard_export_parts').values({ export_id: exportId, part, content }).execute();
    },

    /** The file is complete: its link's token hash, size and lifetime. */
    async markReady(
      trx: Transaction<DB>,
      exportId: string,
      values: { rowCount: number; byteSize: number; tokenHash: string; completedAt: Date; expiresAt: Date },
    ) {
      await trx
        .updateTable('dashboard_exports')
        .set({
          status: 'ready',
          row_count: values.rowCount,
          byte_size: values.byteSize,
          token_hash: values.tokenHash,
          completed_at: values.completedAt,
          expires_at: values.expiresAt,
        })
        .where('id', '=', exportId)
        .where('status', '=', 'queued')
        .execute();
    },

    async partCount(exportId: string): Promise<number> {
      const row = await db
        .selectFrom('dashboard_export_parts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('export_id', '=', exportId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async readPart(exportId: string, part: number): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('dashboard_export_parts')
        .select('content')
        .where('export_id', '=', exportId)
        .where('part', '=', part)
        .executeTakeFirst();
      return row?.content;
    },

    /** Deletes the files of exports expired by `now` (their rows stay, so a late link answers 410). */
    async purgeExpired(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('dashboard_export_parts')
        .where(
          'export_id',
          'in',
          db.selectFrom('dashboard_exports').select('id').where('expires_at', '<=', now),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
