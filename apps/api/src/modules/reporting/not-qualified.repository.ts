import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import type { ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import type { DB } from '../../db/database.generated.ts';

/**
 * The not-qualified purchases of the dashboard's filter (docs/decisions/0130), read from
 * transactions through transactions_not_qualified_idx (migration 0063): counted by reason, and one
 * reason's a page at a time. A refund that did not qualify (of an unknown or unqualified purchase)
 * is no purchase the brand lost: it is left out. Customer type and offer type do not apply (such a
 * row has neither); a chosen invoice gives its month and brand, as resolved (it bills qualified
 * rows only).
 */

/** Where a page ends: the local time of its last row, to the microsecond, and its id. */
export interface NotQualifiedCursor {
  at: string;
  id: string;
}

/** The rows of the filter, as alias `t`: the index's predicate first, so the planner uses it. */
function whereOfFilter(filter: ReportingFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [
    sql`t.outcome = 'notQualified'`,
    sql`t.brand_id IS NOT NULL`,
    sql`t.amount_pence >= 0`,
    sql`t.local_datetime >= ${filter.startDate}::date`,
    sql`t.local_datetime < ${filter.endDate}::date + 1`,
  ];
  if (filter.brandIds !== 'all') {
    conditions.push(
      filter.brandIds.length === 0
        ? sql`false`
        : sql`t.brand_id IN (${sql.join(filter.brandIds.map((id) => sql`${id}::uuid`))})`,
    );
  }
  if (filter.branchId) conditions.push(sql`t.branch_id = ${filter.branchId}::uuid`);
  if (filter.campaignId) conditions.push(sql`t.campaign_id = ${filter.campaignId}::uuid`);
  if (filter.publisherId === null) conditions.push(sql`false`);
  else if (filter.publisherId) conditions.push(sql`t.publisher_id = ${filter.publisherId}::uuid`);
  return sql.join(conditions, sql` AND `);
}

/** One reason (and a cap's number) of the rows, as alias `t`. */
const ofReason = (reason: string, params: ReasonParams | null) =>
  params === null
    ? sql`t.reason = ${reason} AND t.reason_params IS NULL`
    : sql`t.reason = ${reason} AND t.reason_params = ${JSON.stringify(params)}::jsonb`;

export function createNotQualifiedRepository(db: Kysely<DB>) {
  return {
    /**
     * The filter's not-qualified purchases by reason and cap number: one grouped statement, one
     * range scan of the index per brand. Largest count first.
     */
    async counts(filter: ReportingFilter) {
      const { rows } = await sql<{
        reason: string;
        reason_params: unknown;
        count: string;
        spend: string;
      }>`
        SELECT t.reason, t.reason_params, count(*) AS count, sum(t.amount_pence) AS spend
        FROM transactions t WHERE ${whereOfFilter(filter)}
        GROUP BY t.reason, t.reason_params
        ORDER BY count(*) DESC, sum(t.amount_pence) DESC, t.reason`.execute(db);
      return rows.map((row) => ({
        reason: row.reason,
        params: row.reason_params,
        count: Number(row.count),
        spendPence: Number(row.spend),
      }));
    },

    /** A page of one reason's not-qualified purchases in local time order, after the cursor. */
    async page(
      filter: ReportingFilter,
      reason: string,
      params: ReasonParams | null,
      after: NotQualifiedCursor | null,
      limit: number,
    ) {
      const [found, total] = await Promise.all([
        sql<{
          id: string;
          date: string;
          cursor_at: string;
          amount_pence: string;
          branch: string;
          card_last4: string;
          reason: string;
          reason_params: unknown;
        }>`
          SELECT t.id, to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI') AS date,
            to_char(t.local_datetime, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at, t.amount_pence,
            b.name AS branch, t.card_last4, t.reason, t.reason_params
          FROM transactions t JOIN branches b ON b.id = t.branch_id
          WHERE ${whereOfFilter(filter)} AND ${ofReason(reason, params)}
            ${after ? sql`AND (t.local_datetime, t.id) > (${after.at}::timestamp, ${after.id}::uuid)` : sql``}
          ORDER BY t.local_datetime, t.id LIMIT ${limit}`.execute(db),
        sql<{ total: string }>`
          SELECT count(*) AS total FROM transactions t
          WHERE ${whereOfFilter(filter)} AND ${ofReason(reason, params)}`.execute(db),
      ]);
      const rows = found.rows;
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          date: row.date,
          amountPence: Number(row.amount_pence),
          branch: row.branch,
          cardLast4: row.card_last4,
          reason: row.reason,
          params: row.reason_params,
        })),
        total: Number(total.rows[0]?.total ?? 0),
        next: last && rows.length === limit ? { at: last.cursor_at, id: last.id } : null,
      };
    },
  };
}

export type NotQualifiedRepository = ReturnType<typeof createNotQualifiedRepository>;
