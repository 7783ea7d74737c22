import type { Kysely, Transaction } from 'kysely';
import { brandAndGroupAdministrators } from '../../db/brand-administrators.ts';
import type { DB } from '../../db/database.generated.ts';

/** The MID health alerts mailed so far (migration 0055) and who a brand's alerts go to. */
export function createMidHealthAlertsRepository(db: Kysely<DB>) {
  return {
    /** Each merchant ID in alert that its brand was told of, with the status told. */
    async notices(): Promise<Map<string, { brandId: string; status: string }>> {
      const rows = await db.selectFrom('mid_health_notices').select(['mid', 'brand_id', 'status']).execute();
      return new Map(rows.map((row) => [row.mid, { brandId: row.brand_id, status: row.status }]));
    },

    /** Records the alerts told and forgets those recovered, in one transaction with the mails' record. */
    async replaceNotices(
      trx: Transaction<DB>,
      told: { mid: string; brandId: string; status: 'silent' | 'neverSeen' }[],
      recovered: string[],
      at: Date,
    ) {
      if (recovered.length > 0)
        await trx.deleteFrom('mid_health_notices').where('mid', 'in', recovered).execute();
      if (told.length === 0) return;
      await trx
        .insertInto('mid_health_notices')
        .values(
          told.map((entry) => ({
            mid: entry.mid,
            brand_id: entry.brandId,
            status: entry.status,
            notified_at: at,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('mid').doUpdateSet((eb) => ({
            brand_id: eb.ref('excluded.brand_id'),
            status: eb.ref('excluded.status'),
            notified_at: eb.ref('excluded.notified_at'),
          })),
        )
        .execute();
    },

    /**
     * Who each of these brands' alerts go to, by brand: its active administrators and, for a brand
     * of a group, the group's administrators (docs/decisions/0115).
     */
    administrators: (brandIds: readonly string[]) => brandAndGroupAdministrators(db, brandIds),
  };
}

export type MidHealthAlertsRepository = ReturnType<typeof createMidHealthAlertsRepository>;
