import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** Approved campaigns: the offers a feed shows (offers-feed.repository.ts). */
const approvedStatuses = ['Bank Approved', 'Active'] as const;

/**
 * The publisher's holdout setting and the offers whose holdout its cards are asked about
 * (docs/decisions/0129). SQL only.
 */
export function createPublisherHoldoutsRepository() {
  return {
    /** The publisher's setting, its row locked until the change's transaction ends; undefined when none. */
    async lockSetting(trx: Transaction<DB>, publisherId: string) {
      return trx
        .selectFrom('publishers')
        .select(['id', 'honours_holdouts'])
        .where('id', '=', publisherId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setHonours(trx: Transaction<DB>, publisherId: string, honours: boolean) {
      await trx
        .updateTable('publishers')
        .set({ honours_holdouts: honours, updated_at: new Date() })
        .where('id', '=', publisherId)
        .execute();
    },

    /** Whether the publisher hides held-out cards' offers. */
    async honours(trx: Transaction<DB>, publisherId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('publishers')
        .select('honours_holdouts')
        .where('id', '=', publisherId)
        .executeTakeFirst();
      return row?.honours_holdouts ?? false;
    },

    /**
     * The month's approved offers with a holdout of the brands linked to the publisher (the offers
     * its feed shows), in the tie rule's order.
     */
    async holdoutOffers(trx: Transaction<DB>, publisherId: string, startDate: string) {
      return trx
        .selectFrom('campaigns as c')
        .innerJoin('publisher_brands as pb', (join) =>
          join.onRef('pb.brand_id', '=', 'c.brand_id').on('pb.publisher_id', '=', publisherId),
        )
        .select(['c.id', 'c.brand_id', 'c.status', 'c.start_date', 'c.holdout_share_basis_points'])
        .where('c.deleted_at', 'is', null)
        .where('c.status', 'in', approvedStatuses)
        .where('c.start_date', '=', startDate)
        .where('c.holdout_share_basis_points', '>', 0)
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute();
    },
  };
}

export type PublisherHoldoutsRepository = ReturnType<typeof createPublisherHoldoutsRepository>;
