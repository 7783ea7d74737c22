import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/**
 * What the rule simulator reads besides ingestion's own look-ups: the campaign's brand, the name of
 * the campaign that pays instead, and a branch chosen by id, each in the simulation's transaction. SQL only.
 */
export const simulatorRepository = {
  /** The brand of a campaign not deleted, or undefined. */
  async campaignBrand(trx: Transaction<DB>, campaignId: string) {
    return trx
      .selectFrom('campaigns')
      .select('brand_id')
      .where('id', '=', campaignId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** A campaign's name, whatever its state (the one that pays a purchase instead, by stacking). */
  async campaignName(trx: Transaction<DB>, campaignId: string) {
    const row = await trx
      .selectFrom('campaigns')
      .select('name')
      .where('id', '=', campaignId)
      .executeTakeFirst();
    return row?.name ?? null;
  },

  /** A branch not deleted, with its brand and status, or undefined. */
  async branchById(trx: Transaction<DB>, branchId: string) {
    return trx
      .selectFrom('branches')
      .select(['id', 'brand_id', 'status'])
      .where('id', '=', branchId)
      .where('status', '<>', 'Deleted')
      .executeTakeFirst();
  },
};
