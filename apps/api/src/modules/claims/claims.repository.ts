import { sql, type Kysely, type Transaction } from 'kysely';
import type { ClaimStatus } from '@krowd/domain/claim/claim.schema';
import { claimTimeWindowHours } from '@krowd/domain/claim/claim-match.rules';
import type { DB } from '../../db/database.generated.ts';
import type { ListedBrands } from '../../http/listed-brands.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Whose claims a list reads: the system admin's all, a brand side's brands, a publisher's own. */
export type ClaimReach =
  { kind: 'all' } | { kind: 'brands'; brands: ListedBrands } | { kind: 'publisher'; publisherId: string };

export interface ClaimInsert {
  source: 'publisher' | 'brand';
  publisher_id: string | null;
  brand_id: string | null;
  filed_by_user_id: string | null;
  card_token: string | null;
  card_last4: string | null;
  mid: string;
  amount_pence: number;
  occurred_at: Date;
  reference: string | null;
  note: string | null;
  status: ClaimStatus;
  deadline: Date;
  created_at: Date;
  updated_at: Date;
}

export interface ClaimChange {
  status: ClaimStatus;
  transaction_id?: string | null;
  match_score?: number | null;
  not_qualified_reason?: string | null;
  resolution?: string | null;
  resolution_reason?: string | null;
  resolved_by_user_id?: string | null;
  updated_at: Date;
}

const claimColumns = [
  'c.id',
  'c.source',
  'c.status',
  'c.publisher_id',
  'p.display_name as publisher_name',
  'c.brand_id',
  'b.name as brand_name',
  'c.card_token',
  'c.card_last4',
  'c.mid',
  'c.amount_pence',
  'c.occurred_at',
  'c.reference',
  'c.note',
  'c.transaction_id',
  'c.match_score',
  'c.not_qualified_reason',
  't.cashback_pence',
  'c.resolution',
  'c.resolution_reason',
  'c.deadline',
  'c.created_at',
  'c.updated_at',
] as const;

function claimsQuery(db: Db) {
  return db
    .selectFrom('claims as c')
    .leftJoin('publishers as p', 'p.id', 'c.publisher_id')
    .leftJoin('brands as b', 'b.id', 'c.brand_id')
    .leftJoin('transactions as t', 't.id', 'c.transaction_id')
    .select(claimColumns);
}
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimsQuery>['executeTakeFirstOrThrow']>>;

/** A transaction a claim may be for, as the match score reads it, with its outcome. */
export interface CandidateRow {
  id: string;
  cardToken: string;
  cardLast4: string;
  mid: string;
  amountPence: number;
  occurredAt: Date;
  outcome: string;
  reason: string | null;
  /** A cap reason's number (decision 0116), as stored (jsonb). */
  reasonParams: unknown;
}

/** The claims, their history and the transactions they are matched against (decision 0108). SQL only. */
export function createClaimsRepository(db: Kysely<DB>) {
  return {
    /** The brand whose branch has this merchant ID (any network's), when one does. */
    async brandOfMid(mid: string): Promise<string | null> {
      const row = await db
        .selectFrom('branches')
        .select('brand_id')
        .where((eb) =>
          eb.or(
            (['mastercard_merchant_id', 'amex_merchant_id', 'zettle_merchant_id'] as const).map((column) =>
              eb(sql`lower(${sql.ref(column)})`, '=', mid.trim().toLowerCase()),
            ),
          ),
        )
        .where('brand_id', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row?.brand_id ?? null;
    },

    /**
     * The stored purchases a claim may be for: of its card, at its merchant ID, within the time
     * window; only the publisher's for a publisher's claim, only the brand's for a brand's; only one
     * upload's when `ingestionLogId` is given. The score (claim-match.rules.ts) chooses among them.
     */
    async candidates(
      trx: Db,
      claim: {
        card_token: string | null;
        card_last4: string | null;
        mid: string;
        occurred_at: Date;
        publisher_id: string | null;
        brand_id: string | null;
        source: string;
      },
      ingestionLogId?: string,
    ): Promise<CandidateRow[]> {
      const windowMs = claimTimeWindowHours * 3_600_000;
      let query = trx
        .selectFrom('transactions')
        .select([
          'id',
          'card_token as cardToken',
          'card_last4 as cardLast4',
          'mid',
          sql<number>`amount_pence::int`.as('amountPence'),
          'occurred_at as occurredAt',
          'outcome',
          'reason',
          'reason_params as reasonParams',
        ])
        .where('amount_pence', '>', 0)
        .where(sql`lower(mid)`, '=', claim.mid.trim().toLowerCase())
        .where('occurred_at', '>=', new Date(claim.occurred_at.getTime() - windowMs))
        .where('occurred_at', '<=', new Date(claim.occurred_at.getTime() + windowMs));
      query = claim.card_token
        ? query.where('card_token', '=', claim.card_token)
        : query.where('card_last4', '=', claim.card_last4!);
      if (claim.source === 'publisher') query = query.where('publisher_id', '=', claim.publisher_id!);
      else query = query.where('brand_id', '=', claim.brand_id!);
      if (ingestionLogId) query = query.where('ingestion_log_id', '=', ingestionLogId);
      return query.limit(50).execute();
    },

    /** The open claims an upload may answer: those at a merchant ID one of its transactions has. */
    async openClaimsForUpload(trx: Db, ingestionLogId: string) {
      return trx
        .selectFrom('claims')
        .selectAll()
        .where('status', '=', 'open')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('transactions as t')
              .select(sql`1`.as('one'))
              .where('t.ingestion_log_id', '=', ingestionLogId)
              .whereRef(sql`lower(t.mid)`, '=', sql`lower(claims.mid)`),
          ),
        )
        .forUpdate()
        .skipLocked()
        .execute();
    },

    async insert(trx: Db, row: ClaimInsert): Promise<string> {
      const { id } = await trx.insertInto('claims').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async update(trx: Db, id: string, change: ClaimChange) {
      await trx.updateTable('claims').set(change).where('id', '=', id).execute();
    },

    async addEvent(trx: Db, event: { claim_id: string; at: Date; status: ClaimStatus; text: string }) {
      await trx.insertInto('claim_events').values(event).execute();
    },

    async transactionExists(trx: Db, id: string): Promise<boolean> {
      return (
        (await trx.selectFrom('transactions').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    },

    async find(trx: Db, id: string): Promise<ClaimRow | undefined> {
      return claimsQuery(trx).where('c.id', '=', id).executeTakeFirst();
    },

    /** The claim locked for a change (resolving), or none. */
    async lock(trx: Transaction<DB>, id: string) {
      return trx.selectFrom('claims').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async events(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('claim_events')
        .select(['claim_id', 'at', 'status', 'text'])
        .where('claim_id', 'in', [...ids])
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    async list(
      reach: ClaimReach,
      filter: { status?: ClaimStatus; queue?: boolean; brandId?: string },
      page: { limit: number; offset: number },
    ): Promise<{ rows: ClaimRow[]; total: number }> {
      let query = claimsQuery(db);
      if (reach.kind === 'publisher') query = query.where('c.publisher_id', '=', reach.publisherId);
      if (reach.kind === 'brands' && reach.brands !== 'all') {
        if (reach.brands.length === 0) return { rows: [], total: 0 };
        query = query.where('c.brand_id', 'in', reach.brands);
      }
      if (filter.brandId) query = query.where('c.brand_id', '=', filter.brandId);
      if (filter.status) query = query.where('c.status', '=', filter.status);
      if (filter.queue) query = query.where('c.status', 'in', ['open', 'in_review']);
      const { total } = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const ordered = filter.queue
        ? query.orderBy('c.deadline').orderBy('c.id')
        : query.orderBy('c.created_at', 'desc').orderBy('c.id');
      const rows = await ordered.limit(page.limit).offset(page.offset).execute();
      return { rows, total: Number(total) };
    },

    /** Claims still waiting (open or in review) of each brand: the dashboard's count. */
    async pendingCount(brands: ListedBrands): Promise<number> {
      if (brands !== 'all' && brands.length === 0) return 0;
      let query = db
        .selectFrom('claims')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['open', 'in_review']);
      if (brands !== 'all') query = query.where('brand_id', 'in', brands);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
