import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CampaignSortField } from '@krowd/domain/campaign/campaign-list.schema';
import { budgetSpentByCampaign } from '../../db/budget-spent.ts';
import type { DB } from '../../db/database.generated.ts';
import type { CampaignStatus } from '@krowd/domain/campaign/campaign.rules';

type Executor = Kysely<DB> | Transaction<DB>;
type SpentQuery = ReturnType<typeof budgetSpentByCampaign>;

/** Which brands a query may see: every brand, or these. */
export type BrandFilter = 'all' | string[];

export interface CampaignListQuery {
  brands: BrandFilter;
  /** Start-date bounds (inclusive) that make the phase: past, current or future. */
  startFrom?: string;
  startTo?: string;
  search?: string;
  /** Exact matches on status, customer type or discount type (the filter's eq criteria). */
  equals?: Partial<Record<'status' | 'customerType' | 'discountType', string>>;
  sort: CampaignSortField;
  direction: 'asc' | 'desc';
  page: number;
  limit: number;
}

const sortColumns = {
  created: 'c.created_at',
  name: 'c.name',
  start_date: 'c.start_date',
  status: 'c.status',
  discountPercent: 'c.discount_percent',
  successFee: 'c.success_fee',
  customerType: 'c.customer_type',
  suggestions: 'c.suggestions',
  recurring: 'c.recurring',
} as const satisfies Record<CampaignSortField, string>;

/** Promo codes written by one INSERT (3 parameters each, well under PostgreSQL's 65,535). */
const promoCodesPerStatement = 5_000;

/** SQL for campaigns, their branches, pauses and promo codes. */
export function createCampaignsRepository(db: Kysely<DB>) {
  /**
   * The campaigns with what a list row shows; `spentOf` narrows the budget spent (one aggregate of
   * the reporting store, joined once: docs/decisions/0120) to the campaigns asked for.
   */
  const withDetails = (executor: Executor, spentOf: (spent: SpentQuery) => SpentQuery) =>
    executor
      .selectFrom('campaigns as c')
      .innerJoin('brands as b', 'b.id', 'c.brand_id')
      .leftJoin(spentOf(budgetSpentByCampaign(executor)).as('s'), 's.campaign_id', 'c.id')
      .selectAll('c')
      .select([
        sql<number>`COALESCE(${sql.ref('s.spent')}, 0)`.as('budget_spent_pence'),
        'b.name as brand_name',
        'b.group_id as brand_group_id',
        sql<string[]>`ARRAY(
          SELECT br.name FROM campaign_branches cb JOIN branches br ON br.id = cb.branch_id
          WHERE cb.campaign_id = c.id ORDER BY br.name)`.as('branch_names'),
        sql<string[]>`ARRAY(
          SELECT cb.branch_id::text FROM campaign_branches cb WHERE cb.campaign_id = c.id)`.as('branch_ids'),
        sql<{ id: string; from_date: string; to_date: string }[]>`COALESCE((
          SELECT json_agg(json_build_object('id', p.id, 'from_date', p.from_date, 'to_date', p.to_date)
            ORDER BY p.from_date)
          FROM campaign_pauses p WHERE p.campaign_id = COALESCE(c.primary_campaign_id, c.id)), '[]'::json)`.as(
          'pauses',
        ),
        // Qualified purchases or refunds are billed: such a campaign is never deleted.
        // Probes transactions_campaign_spent_idx.
        sql<boolean>`EXISTS (
          SELECT 1 FROM transactions t WHERE t.campaign_id = c.id AND t.outcome <> 'notQualified')`.as(
          'has_qualified_transactions',
        ),
      ])
      .where('c.deleted_at', 'is', null);

  return {
    /**
     * One page and the total in one statement: the page's ids walk an index in the sort order and
     * stop after `limit` rows, the total is a count of the bare table, and only the page's rows get
     * their details. A page past the end has no row to carry the total, so it is counted apart.
     */
    async list(query: CampaignListQuery) {
      let filtered = db.selectFrom('campaigns as c').where('c.deleted_at', 'is', null);
      if (query.brands !== 'all') {
        if (query.brands.length === 0) return { rows: [], total: 0 };
        filtered = filtered.where('c.brand_id', 'in', query.brands);
      }
      if (query.startFrom) filtered = filtered.where('c.start_date', '>=', query.startFrom);
      if (query.startTo) filtered = filtered.where('c.start_date', '<=', query.startTo);
      if (query.search) filtered = filtered.where('c.name', 'ilike', `%${escapeLike(query.search)}%`);
      const { status, customerType, discountType } = query.equals ?? {};
      if (status) filtered = filtered.where('c.status', '=', status as CampaignStatus);
      if (customerType)
        filtered = filtered.where('c.customer_type', '=', customerType as DB['campaigns']['customer_type']);
      if (discountType)
        filtered = filtered.where('c.discount_type', '=', discountType as DB['campaigns']['discount_type']);
      const counted = filtered.select((eb) => eb.fn.countAll<number>().as('count'));
      const page = filtered
        .select('c.id')
        .orderBy(sortColumns[query.sort], query.direction)
        .orderBy('c.id', query.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const rows = await withDetails(db, (spent) => spent.where('campaign_id', 'in', page))
        .innerJoin(page.as('p'), 'p.id', 'c.id')
        .select(counted.as('total'))
        .orderBy(sortColumns[query.sort], query.direction)
        .orderBy('c.id', query.direction)
        .execute();
      if (rows.length > 0) {
        const total = Number(rows[0]!.total);
        return { rows: rows.map(({ total: _total, ...row }) => row), total };
      }
      if (query.page === 1) return { rows: [], total: 0 };
      return { rows: [], total: Number((await counted.executeTakeFirstOrThrow()).count) };
    },

    findById(id: string, executor: Executor = db) {
      return withDetails(executor, (spent) => spent.where('campaign_id', '=', id))
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The brand's volume in a month, for the holdout's minimum detectable lift (decision 0129): its
     * distinct cards (a card is a publisher's token) that bought in the month, and the standard
     * deviation of their spend in it (pence, null with fewer than two). Purchases only: the card
     * history index's range.
     */
    async cardVolume(brandId: string, window: { openingTime: string; closingTime: string }) {
      const { rows } = await sql<{ cards: number; deviation: string | null }>`
        SELECT count(*)::int AS cards, round(stddev_samp(spend)) AS deviation
        FROM (
          SELECT sum(amount_pence) AS spend FROM transactions
          WHERE brand_id = ${brandId} AND amount_pence > 0
            AND occurred_at >= ${window.openingTime}::timestamptz
            AND occurred_at <= ${window.closingTime}::timestamptz
          GROUP BY publisher_id, card_token
        ) cards`.execute(db);
      const row = rows[0]!;
      return { cards: row.cards, deviationPence: row.deviation === null ? null : Number(row.deviation) };
    },

    /** Campaigns of a brand so far (the naming rule's count). */
    async countOfBrand(brandId: string) {
      const row = await db
        .selectFrom('campaigns')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('brand_id', '=', brandId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countCurrent(brands: BrandFilter, monthStart: string) {
      let query = db
        .selectFrom('campaigns')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('deleted_at', 'is', null)
        .where('start_date', '=', monthStart);
      if (brands !== 'all') {
        if (brands.length === 0) return 0;
        query = query.where('brand_id', 'in', brands);
      }
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async insert(values: Insertable<DB['campaigns']>, branchIds: string[], executor: Executor) {
      const row = await executor
        .insertInto('campaigns')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceBranches(executor, row.id, values.brand_id, branchIds);
      return row.id;
    },

    async update(id: string, values: Updateable<DB['campaigns']>, branchIds: string[], executor: Executor) {
      const brand = await executor
        .updateTable('campaigns')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returning('brand_id')
        .executeTakeFirstOrThrow();
      await replaceBranches(executor, id, brand.brand_id, branchIds);
    },

    async setStatus(id: string, status: CampaignStatus, executor: Executor = db) {
      await executor
        .updateTable('campaigns')
        .set({ status, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async softDelete(id: string, executor: Executor = db) {
      await executor.updateTable('campaigns').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    },

    /** Ends a series with the month of `lastMonthStart`: its valid-until month, on every campaign of it. */
    async endSeries(primaryId: string, lastMonthStart: string, executor: Executor) {
      await executor
        .updateTable('campaigns')
        .set({ valid_until: lastMonthStart, updated_at: new Date() })
        .where((eb) => eb.or([eb('id', '=', primaryId), eb('primary_campaign_id', '=', primaryId)]))
        .execute();
    },

    /**
     * Deletes the children of a series that start on or after `fromDate` (those not started yet);
     * answers their ids.
     */
    async softDeleteChildrenFrom(primaryId: string, fromDate: string, executor: Executor) {
      const rows = await executor
        .updateTable('campaigns')
        .set({ deleted_at: new Date() })
        .where('primary_campaign_id', '=', primaryId)
        .where('start_date', '>=', fromDate)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The dashboard's campaign selector (spec 3 §7): every campaign of the brands, past, current and
     * future, newest month first, at most `limit`, optionally those whose name contains `search`.
     */
    selectorList(query: { brands: BrandFilter; search?: string; limit: number }) {
      let selected = db
        .selectFrom('campaigns as c')
        .select(['c.id', 'c.name'])
        .where('c.deleted_at', 'is', null);
      if (query.brands !== 'all') {
        if (query.brands.length === 0) return Promise.resolve([]);
        selected = selected.where('c.brand_id', 'in', query.brands);
      }
      if (query.search) selected = selected.where('c.name', 'ilike', `%${escapeLike(query.search)}%`);
      return selected
        .orderBy('c.start_date', 'desc')
        .orderBy('c.name', 'asc')
        .orderBy('c.id', 'asc')
        .limit(query.limit)
        .execute();
    },

    async insertPromoCodes(campaignId: string, brandId: string, codes: string[], executor: Executor = db) {
      // In slices: one statement takes at most 65,535 parameters (3 a code), and a brand's
      // minimum (1.2 × its expected reach) is easily more than 21,845 codes.
      for (let start = 0; start < codes.length; start += promoCodesPerStatement) {
        await executor
          .insertInto('campaign_promo_codes')
          .values(
            codes
              .slice(start, start + promoCodesPerStatement)
              .map((code) => ({ campaign_id: campaignId, brand_id: brandId, code })),
          )
          .onConflict((oc) => oc.columns(['campaign_id', 'code']).doNothing())
          .execute();
      }
    },

    async deletePromoCodes(campaignId: string, executor: Executor = db) {
      await executor.deleteFrom('campaign_promo_codes').where('campaign_id', '=', campaignId).execute();
    },

    async addPause(campaignId: string, brandId: string, from: string, to: string) {
      await db
        .insertInto('campaign_pauses')
        .values({ campaign_id: campaignId, brand_id: brandId, from_date: from, to_date: to })
        .execute();
    },

    /** Adds paused ranges to a recurring primary, one statement a range. */
    async addPauses(
      trx: Transaction<DB>,
      campaign: { id: string; brand_id: string },
      ranges: readonly { from: string; to: string }[],
    ) {
      for (const range of ranges) {
        await trx
          .insertInto('campaign_pauses')
          .values({
            campaign_id: campaign.id,
            brand_id: campaign.brand_id,
            from_date: range.from,
            to_date: range.to,
          })
          .execute();
      }
    },

    /**
     * The campaign's paused ranges as they stand, its row locked until `trx` ends so no other
     * change to them comes between.
     */
    async lockPauses(trx: Transaction<DB>, campaignId: string) {
      await trx.selectFrom('campaigns').select('id').where('id', '=', campaignId).forUpdate().execute();
      return trx
        .selectFrom('campaign_pauses')
        .select(['from_date as from', 'to_date as to'])
        .where('campaign_id', '=', campaignId)
        .execute();
    },

    /** The user's first login is over once their first campaign is made. */
    async endFirstLogin(trx: Transaction<DB>, userId: string) {
      await trx.updateTable('users').set({ is_first_login: false }).where('id', '=', userId).execute();
    },

    /** Deletes one paused range of the campaign: whether there was one. */
    async deletePause(campaignId: string, from: string, to: string, executor: Executor = db) {
      const result = await executor
        .deleteFrom('campaign_pauses')
        .where('campaign_id', '=', campaignId)
        .where('from_date', '=', from)
        .where('to_date', '=', to)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Recurring primaries not deleted, with the start months their series already has. A child the
     * brand deleted still counts: its month was made once and is not made again.
     */
    recurringPrimaries() {
      return db
        .selectFrom('campaigns as c')
        .select([
          'c.id',
          sql<string[]>`ARRAY(
            SELECT to_char(child.start_date, 'YYYY-MM') FROM campaigns child
            WHERE child.primary_campaign_id = c.id)`.as('child_months'),
        ])
        .where('c.is_primary_campaign', '=', true)
        .where('c.recurring', '=', true)
        .where('c.deleted_at', 'is', null)
        .execute();
    },
  };
}

async function replaceBranches(executor: Executor, campaignId: string, brandId: string, branchIds: string[]) {
  await executor.deleteFrom('campaign_branches').where('campaign_id', '=', campaignId).execute();
  if (branchIds.length === 0) return;
  await executor
    .insertInto('campaign_branches')
    .values(
      branchIds.map((branchId) => ({ campaign_id: campaignId, branch_id: branchId, brand_id: brandId })),
    )
    .execute();
}

/** Search text is matched literally: % and _ typed by a user are not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
export type CampaignRow = NonNullable<Awaited<ReturnType<CampaignsRepository['findById']>>>;
