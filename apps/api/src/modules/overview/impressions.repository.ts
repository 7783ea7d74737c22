import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';

/**
 * Impressions (migration 0015): cardholders a publisher showed a campaign's offer to, per day.
 * Written by the overview docs upload and the demo data; read by the dashboard (reach) and the
 * overview computation.
 */

export interface ImpressionValue {
  brandId: string;
  campaignId: string;
  publisherId: string;
  day: string;
  reach: number;
}

/** The impressions a dashboard filter covers, as alias `i`; branch and customer type do not apply. */
function whereOf(filter: ReportingFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [
    sql`i.day BETWEEN ${filter.startDate}::date AND ${filter.endDate}::date`,
  ];
  if (filter.brandIds !== 'all') {
    conditions.push(
      filter.brandIds.length === 0
        ? sql`false`
        : sql`i.brand_id IN (${sql.join(filter.brandIds.map((id) => sql`${id}::uuid`))})`,
    );
  }
  if (filter.publisherId === null) conditions.push(sql`false`);
  else if (filter.publisherId) conditions.push(sql`i.publisher_id = ${filter.publisherId}::uuid`);
  if (filter.campaignId) conditions.push(sql`i.campaign_id = ${filter.campaignId}::uuid`);
  if (filter.offerType) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM campaigns c WHERE c.id = i.campaign_id AND c.discount_type = ${filter.offerType})`,
    );
  }
  return sql`WHERE ${sql.join(conditions, sql` AND `)}`;
}

export function createImpressionsRepository(db: Kysely<DB>) {
  return {
    /** The impressions file names publishers by code, in any case: lower-cased code → id. */
    async publisherIdsByCode(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('publishers').select(['id', 'code']).execute();
      return new Map(rows.map((p) => [p.code.toLowerCase(), p.id]));
    },

    /** The campaigns (not deleted) among the ids, with their brand and start, 1,000 ids a query. */
    async liveCampaignStarts(campaignIds: readonly string[]) {
      const found: { id: string; brand_id: string; start_date: string }[] = [];
      for (let start = 0; start < campaignIds.length; start += 1000) {
        const rows = await db
          .selectFrom('campaigns')
          .select(['id', 'brand_id', 'start_date'])
          .where('id', 'in', campaignIds.slice(start, start + 1000))
          .where('deleted_at', 'is', null)
          .execute();
        found.push(...rows);
      }
      return found;
    },

    /**
     * Stores the values, each replacing what a (campaign, publisher, day) held: sending a file
     * again changes nothing. Runs in the caller's transaction.
     */
    async upsert(trx: Transaction<DB> | Kysely<DB>, values: readonly ImpressionValue[]) {
      for (let start = 0; start < values.length; start += 1000) {
        const page = values.slice(start, start + 1000);
        await trx
          .insertInto('impressions')
          .values(
            page.map((value) => ({
              brand_id: value.brandId,
              campaign_id: value.campaignId,
              publisher_id: value.publisherId,
              day: value.day,
              reach: value.reach,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['brand_id', 'campaign_id', 'publisher_id', 'day'])
              .doUpdateSet({ reach: (eb) => eb.ref('excluded.reach'), updated_at: sql`now()` }),
          )
          .execute();
      }
    },

    /** The sum of daily reach over the filter, or null when no impression matches it. */
    async reach(filter: ReportingFilter): Promise<number | null> {
      const { rows } = await sql<{ rows: unknown; reach: unknown }>`
        SELECT count(*) AS rows, coalesce(sum(reach), 0) AS reach FROM impressions i ${whereOf(filter)}`.execute(
        db,
      );
      return Number(rows[0]!.rows) === 0 ? null : Number(rows[0]!.reach);
    },

    /** Daily reach summed by ISO year-week, e.g. '2025-W23'. */
    async weeklyReach(filter: ReportingFilter): Promise<{ week: string; reach: number }[]> {
      const { rows } = await sql<{ week: string; reach: unknown }>`
        SELECT to_char(i.day, 'IYYY-"W"IW') AS week, sum(reach) AS reach
        FROM impressions i ${whereOf(filter)} GROUP BY 1 ORDER BY 1`.execute(db);
      return rows.map((row) => ({ week: row.week, reach: Number(row.reach) }));
    },

    /** A campaign's reach per day within its dates (every publisher summed). */
    async dailyReachOfCampaign(campaignId: string, startDate: string, endDate: string) {
      const rows = await db
        .selectFrom('impressions')
        .select(['day', sql<string>`sum(reach)`.as('reach')])
        .where('campaign_id', '=', campaignId)
        .where('day', '>=', startDate)
        .where('day', '<=', endDate)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, reach: Number(row.reach) }));
    },
  };
}

export type ImpressionsRepository = ReturnType<typeof createImpressionsRepository>;
