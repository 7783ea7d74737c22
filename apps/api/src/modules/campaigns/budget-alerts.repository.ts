import { sql, type Kysely, type Transaction } from 'kysely';
import { budgetSpentByCampaign } from '../../db/budget-spent.ts';
import type { DB } from '../../db/database.generated.ts';

/** The budget alerts told (migration 0059) and what their mails say of each campaign. */
export function createBudgetAlertsRepository(db: Kysely<DB>) {
  return {
    /**
     * Marks the campaigns told of a threshold, those not told of it before; answers their ids. A
     * campaign told its budget is used up counts as told of 80% too: it is never told that after.
     * Conditional updates in the upload's transaction, under the brand's lock: told once however
     * many uploads cross it.
     */
    async markTold(trx: Transaction<DB>, campaignIds: readonly string[], threshold: 80 | 100, at: Date) {
      if (campaignIds.length === 0) return [];
      const column = threshold === 100 ? 'budget_alert_100_sent_at' : 'budget_alert_80_sent_at';
      const rows = await trx
        .updateTable('campaigns')
        .set(
          threshold === 100
            ? {
                budget_alert_100_sent_at: at,
                budget_alert_80_sent_at: sql<Date>`COALESCE(budget_alert_80_sent_at, ${at})`,
              }
            : { budget_alert_80_sent_at: at },
        )
        .where('id', 'in', campaignIds)
        .where(column, 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The campaigns a mail names: name, brand, budget and what they have spent of it. */
    campaigns(campaignIds: readonly string[]) {
      if (campaignIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('campaigns as c')
        .leftJoin(
          budgetSpentByCampaign(db).where('campaign_id', 'in', campaignIds).as('s'),
          's.campaign_id',
          'c.id',
        )
        .select([
          'c.id',
          'c.name',
          'c.brand_id',
          'c.budget_pence',
          sql<number>`COALESCE(${sql.ref('s.spent')}, 0)`.as('spent_pence'),
        ])
        .where('c.id', 'in', campaignIds)
        .where('c.deleted_at', 'is', null)
        .execute();
    },
  };
}

export type BudgetAlertsRepository = ReturnType<typeof createBudgetAlertsRepository>;
