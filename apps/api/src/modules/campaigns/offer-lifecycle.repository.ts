import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** Why an offer ended (docs/decisions/0100): its month was over, its budget used up, its series stopped, it was deleted. */
export type OfferEndReason = 'ended' | 'budget_exhausted' | 'stopped' | 'deleted';

/**
 * The open rows matching `where`, locked in campaign order: an upload ending offers and the sweep
 * ending others take their locks in one order, so neither waits for the other in a cycle.
 */
const lockedInOrder = (where: RawBuilder<unknown>) =>
  sql`SELECT campaign_id FROM offer_lifecycle WHERE ${where} ORDER BY campaign_id FOR UPDATE`;

/** Offers are what a bank approved (the offers feed's statuses, decision 0090). */
const approvedStatuses = ['Bank Approved', 'Active'];

/**
 * The offers publishers were told of (`offer_lifecycle`, migration 0045): a row made when an
 * offer is announced and closed when it ends. Each write is conditional and answers what it
 * changed, so two transactions doing the same thing (two instances sweeping, a sweep beside an
 * approval) change it once: the one that waits finds the row made, or closed, and answers nothing.
 */
export const offerLifecycleRepository = {
  /**
   * Marks the campaigns announced, those whose month is not over at `at` (an offer the feed lists);
   * answers those that were not announced before.
   */
  async announce(trx: Transaction<DB>, campaignIds: readonly string[], at: Date): Promise<string[]> {
    if (campaignIds.length === 0) return [];
    const { rows } = await sql<{ campaign_id: string }>`
      INSERT INTO offer_lifecycle (campaign_id, published_at)
      SELECT id, ${at}::timestamptz FROM campaigns
      WHERE id = ANY (${[...campaignIds]}::uuid[]) AND closing_time >= ${at}::timestamptz
      ORDER BY id
      ON CONFLICT (campaign_id) DO NOTHING
      RETURNING campaign_id
    `.execute(trx);
    return rows.map((row) => row.campaign_id);
  },

  /** Closes the announced, open offers among the campaigns; answers those it closed. */
  async end(
    trx: Transaction<DB>,
    campaignIds: readonly string[],
    reason: OfferEndReason,
    at: Date,
  ): Promise<string[]> {
    if (campaignIds.length === 0) return [];
    const { rows } = await sql<{ campaign_id: string }>`
      UPDATE offer_lifecycle SET ended_at = ${at}::timestamptz, ended_reason = ${reason}
      WHERE ended_at IS NULL AND campaign_id IN (${lockedInOrder(
        sql`campaign_id = ANY (${[...campaignIds]}::uuid[]) AND ended_at IS NULL`,
      )})
      RETURNING campaign_id
    `.execute(trx);
    return rows.map((row) => row.campaign_id);
  },

  /** Whether the campaign's offer was announced, and whether it has ended. */
  async stateOf(trx: Transaction<DB>, campaignId: string): Promise<'unannounced' | 'open' | 'ended'> {
    const row = await trx
      .selectFrom('offer_lifecycle')
      .select('ended_at')
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    if (!row) return 'unannounced';
    return row.ended_at ? 'ended' : 'open';
  },

  /**
   * Announces, as of `now`, every approved offer the feed lists (not deleted, its month not over)
   * that was never announced: one approved before offers were announced, a series' month whose
   * campaign has no announcement yet. Answers the campaigns announced.
   */
  async announceUnannounced(trx: Transaction<DB>, now: Date): Promise<string[]> {
    const { rows } = await sql<{ campaign_id: string }>`
      INSERT INTO offer_lifecycle (campaign_id, published_at)
      SELECT c.id, ${now}::timestamptz FROM campaigns c
      WHERE c.status = ANY (${approvedStatuses}) AND c.deleted_at IS NULL
        AND c.closing_time >= ${now}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM offer_lifecycle ol WHERE ol.campaign_id = c.id)
      ORDER BY c.id
      ON CONFLICT (campaign_id) DO NOTHING
      RETURNING campaign_id
    `.execute(trx);
    return rows.map((row) => row.campaign_id);
  },

  /**
   * Closes, as of `now`, the open offers whose month is over ('ended') or whose campaign was
   * deleted without its end being told ('deleted'). Answers each with its reason.
   */
  async endDue(trx: Transaction<DB>, now: Date): Promise<{ campaignId: string; reason: OfferEndReason }[]> {
    const { rows } = await sql<{ campaign_id: string; ended_reason: OfferEndReason }>`
      UPDATE offer_lifecycle ol
      SET ended_at = ${now}::timestamptz,
        ended_reason = CASE WHEN c.deleted_at IS NOT NULL THEN 'deleted' ELSE 'ended' END
      FROM campaigns c
      WHERE c.id = ol.campaign_id AND ol.ended_at IS NULL AND ol.campaign_id IN (${lockedInOrder(
        sql`ended_at IS NULL AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_id
          AND (c.closing_time < ${now}::timestamptz OR c.deleted_at IS NOT NULL))`,
      )})
      RETURNING ol.campaign_id, ol.ended_reason
    `.execute(trx);
    return rows.map((row) => ({ campaignId: row.campaign_id, reason: row.ended_reason }));
  },
};
