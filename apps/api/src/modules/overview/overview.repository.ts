import { sql, type Kysely, type Transaction } from 'kysely';
import {
  campaignDates,
  completeSummary,
  type OverviewContent,
  type OverviewFigures,
  type StatRow,
} from '@krowd/domain/overview/overview.schema';
import type { DB } from '../../db/database.generated.ts';
import type { ImpressionsRepository } from './impressions.repository.ts';

/**
 * The campaign overview's SQL (migration 0015): the overview computed from the reporting store
 * (0013) and impressions, its snapshot, and the overrides saved in the editor.
 */

export interface OverviewCampaign {
  id: string;
  name: string;
  brandId: string;
  groupId: string | null;
  startDate: string;
  endDate: string;
}

export interface OverrideRow {
  figures: OverviewFigures;
  createdAt: Date;
  createdBy: string;
}

export function createOverviewRepository(db: Kysely<DB>, impressions: ImpressionsRepository) {
  return {
    /** A live campaign with its brand's group and its month's first and last day. */
    async campaign(id: string): Promise<OverviewCampaign | undefined> {
      const row = await db
        .selectFrom('campaigns as c')
        .innerJoin('brands as b', 'b.id', 'c.brand_id')
        .select(['c.id', 'c.name', 'c.brand_id', 'c.start_date', 'b.group_id'])
        .where('c.id', '=', id)
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        brandId: row.brand_id,
        groupId: row.group_id,
        ...campaignDates(row.start_date),
      };
    },

    /** The live campaigns whose month is within [startMonth, endMonth] (yyyy-MM). */
    async campaignIdsInMonths(startMonth: string, endMonth: string): Promise<string[]> {
      const rows = await db
        .selectFrom('campaigns')
        .select('id')
        .where('deleted_at', 'is', null)
        .where('start_date', '>=', `${startMonth}-01`)
        .where('start_date', '<=', campaignDates(`${endMonth}-01`).endDate)
        .orderBy('start_date')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The campaign's overview from the reporting store and impressions, over its month: per day
     * the conversions and revenue (net pence) and the reach (cardholders shown the offer, from
     * impressions only, as on the dashboard: 0 on a day none were reported, never the cards that
     * bought); total cost (cashback + success fee), the
     * largest and smallest purchase and the average spend; conversions per branch. Age,
     * nationality and gender stay empty: no publisher sends cardholder data.
     */
    async compute(campaign: OverviewCampaign): Promise<OverviewFigures> {
      const range = sql`r.campaign_id = ${campaign.id}::uuid AND r.day BETWEEN ${campaign.startDate}::date AND ${campaign.endDate}::date`;
      const [days, totals, branches, shown] = await Promise.all([
        sql<{ day: string; conversions: unknown; revenue: unknown }>`
          SELECT r.day, sum(r.conversions) AS conversions, sum(r.spend_pence) AS revenue
          FROM reporting_daily r WHERE ${range} GROUP BY r.day`.execute(db),
        sql<Record<string, unknown>>`
          SELECT coalesce(sum(r.cashback_pence + r.success_fee_pence), 0) AS cost,
            max(r.max_spend_pence) AS highest, min(r.min_spend_pence) AS lowest,
            coalesce(sum(r.conversions), 0) AS conversions, coalesce(sum(r.spend_pence), 0) AS revenue
          FROM reporting_daily r WHERE ${range}`.execute(db),
        sql<{ label: string; value: unknown }>`
          SELECT b.name AS label, sum(r.conversions) AS value
          FROM reporting_daily r JOIN branches b ON b.id = r.branch_id WHERE ${range}
          GROUP BY b.id, b.name HAVING sum(r.conversions) > 0 ORDER BY value DESC, b.name`.execute(db),
        impressions.dailyReachOfCampaign(campaign.id, campaign.startDate, campaign.endDate),
      ]);
      const reachOf = new Map(shown.map((row) => [row.day, row.reach]));
      const byDay = new Map<string, { date: string; reach: number; conversions: number; revenue: number }>();
      const dayOf = (date: string) => {
        let row = byDay.get(date);
        if (!row) {
          row = { date, reach: reachOf.get(date) ?? 0, conversions: 0, revenue: 0 };
          byDay.set(date, row);
        }
        return row;
      };
      for (const date of reachOf.keys()) dayOf(date);
      for (const row of days.rows) {
        const day = dayOf(row.day);
        day.conversions = Number(row.conversions);
        day.revenue = Number(row.revenue);
      }
      const performance = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
      const total = totals.rows[0]!;
      const conversions = Number(total.conversions);
      const revenue = Number(total.revenue);
      const stats: StatRow[] = branches.rows.map((row) => ({
        type: 'branches',
        label: row.label,
        value: Number(row.value),
      }));
      const co = {
        totalCost: Number(total.cost),
        highestSpend: total.highest === null ? 0 : Number(total.highest),
        lowestSpend: total.lowest === null ? 0 : Number(total.lowest),
        averageSpend: conversions > 0 ? Math.round(revenue / conversions) : 0,
      };
      return { co: completeSummary({ co, performance }), performance, stats };
    },

    async saveSnapshot(campaign: OverviewCampaign, figures: OverviewFigures, computedAt: Date) {
      await db
        .insertInto('campaign_overview_snapshots')
        .values({
          campaign_id: campaign.id,
          brand_id: campaign.brandId,
          figures: JSON.stringify(figures),
          computed_at: computedAt,
        })
        .onConflict((oc) =>
          oc.column('campaign_id').doUpdateSet({
            figures: sql`excluded.figures`,
            computed_at: sql`excluded.computed_at`,
          }),
        )
        .execute();
    },

    async snapshot(campaignId: string): Promise<{ figures: OverviewFigures; computedAt: Date } | undefined> {
      const row = await db
        .selectFrom('campaign_overview_snapshots')
        .select(['figures', 'computed_at'])
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      return row ? { figures: row.figures, computedAt: row.computed_at } : undefined;
    },

    /** The override in force: the latest save, with who saved it (their e-mail). */
    async latestOverride(campaignId: string): Promise<OverrideRow | undefined> {
      const row = await db
        .selectFrom('campaign_overview_overrides as o')
        .innerJoin('users as u', 'u.id', 'o.created_by')
        .select(['o.figures', 'o.created_at', 'u.email'])
        .where('o.campaign_id', '=', campaignId)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .executeTakeFirst();
      return row ? { figures: row.figures, createdAt: row.created_at, createdBy: row.email } : undefined;
    },

    async insertOverride(
      campaign: OverviewCampaign,
      content: Pick<OverviewContent, 'co' | 'performance' | 'stats'>,
      userId: string,
      at: Date,
      trx: Transaction<DB>,
    ): Promise<OverviewFigures> {
      const figures: OverviewFigures = {
        co: completeSummary(content),
        performance: [...content.performance].sort((a, b) => a.date.localeCompare(b.date)),
        stats: content.stats,
      };
      await trx
        .insertInto('campaign_overview_overrides')
        .values({
          campaign_id: campaign.id,
          brand_id: campaign.brandId,
          figures: JSON.stringify(figures),
          created_by: userId,
          created_at: at,
        })
        .execute();
      return figures;
    },

    /** Campaigns of the months given (newest first), with when their overview was computed and edited. */
    async list(startMonth: string, endMonth: string) {
      return db
        .selectFrom('campaigns as c')
        .innerJoin('brands as b', 'b.id', 'c.brand_id')
        .leftJoin('campaign_overview_snapshots as s', 's.campaign_id', 'c.id')
        .select([
          'c.id',
          'c.name',
          'c.start_date',
          'b.name as brand_name',
          's.computed_at',
          (eb) =>
            eb
              .selectFrom('campaign_overview_overrides as o')
              .select((inner) => inner.fn.max('o.created_at').as('at'))
              .whereRef('o.campaign_id', '=', 'c.id')
              .as('edited_at'),
        ])
        .where('c.deleted_at', 'is', null)
        .where('c.start_date', '>=', `${startMonth}-01`)
        .where('c.start_date', '<=', campaignDates(`${endMonth}-01`).endDate)
        .orderBy('c.start_date', 'desc')
        .orderBy('c.name')
        .limit(500)
        .execute();
    },

    /** Runs work in one database transaction. */
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
