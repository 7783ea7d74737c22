import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './database.generated.ts';

/**
 * What each campaign has spent of its budget: cashback plus success fee of its qualified
 * transactions and refunds, net, summed from the reporting store (which only ingestion writes, under
 * its lock, with the rows). The one definition: the engine refuses a purchase by it (ingestion's
 * `brandCampaigns`) and the lists show it (docs/decisions/0120). One row a campaign that has any;
 * the caller narrows it to its campaigns (`campaign_id`), an index probe of
 * reporting_daily_campaign_idx each.
 */
export function budgetSpentByCampaign(executor: Kysely<DB> | Transaction<DB>) {
  return executor
    .selectFrom('reporting_daily')
    .select((eb) => [
      'campaign_id',
      sql<number>`sum(${eb.ref('cashback_pence')} + ${eb.ref('success_fee_pence')})::bigint`.as('spent'),
    ])
    .groupBy('campaign_id');
}
