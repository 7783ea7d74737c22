import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  HoldoutArm,
  HoldoutAssignment,
  HoldoutSource,
} from '@krowd/domain/incrementality/holdout-assignment.rules';
import type { DB } from '../../db/database.generated.ts';

/**
 * The cards' holdout assignments as first decided (docs/decisions/0129, migration 0064): written
 * once, never updated, so a later recipe or share cannot move a card of a month being measured.
 * SQL only.
 */

/** One card's assignment to store, with what it was decided for. */
export interface HoldoutAssignmentRow extends HoldoutAssignment {
  publisherId: string;
  cardToken: string;
  brandId: string;
  month: string;
  source: HoldoutSource;
}

/** Stored arms by card token, then campaign id. */
export type StoredArms = Map<string, Map<string, HoldoutArm>>;

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Stores the assignments not stored yet, in one statement; one already stored (by the publisher's
 * call, an earlier purchase, an upload beside this one) stays as it was.
 */
export async function addHoldoutAssignments(
  db: Executor,
  rows: readonly HoldoutAssignmentRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO holdout_assignments (campaign_id, publisher_id, card_token, brand_id, month, bucket,
      arm, share_basis_points, recipe_version, source)
    SELECT * FROM unnest(${rows.map((row) => row.campaignId)}::uuid[],
      ${rows.map((row) => row.publisherId)}::uuid[], ${rows.map((row) => row.cardToken)}::text[],
      ${rows.map((row) => row.brandId)}::uuid[], ${rows.map((row) => row.month)}::text[],
      ${rows.map((row) => row.bucket)}::int[], ${rows.map((row) => row.arm)}::text[],
      ${rows.map((row) => row.shareBasisPoints)}::int[], ${rows.map((row) => row.recipeVersion)}::text[],
      ${rows.map((row) => row.source)}::text[])
    ON CONFLICT (campaign_id, publisher_id, card_token) DO NOTHING`.execute(db);
}

/** The stored arms of the publisher's cards for the campaigns, by card then campaign. */
export async function storedHoldoutArms(
  db: Executor,
  publisherId: string,
  campaignIds: readonly string[],
  cardTokens: readonly string[],
): Promise<StoredArms> {
  const stored: StoredArms = new Map();
  if (campaignIds.length === 0 || cardTokens.length === 0) return stored;
  const rows = await db
    .selectFrom('holdout_assignments')
    .select(['card_token', 'campaign_id', 'arm'])
    .where('publisher_id', '=', publisherId)
    .where('campaign_id', '=', sql<string>`ANY(${campaignIds}::uuid[])`)
    .where('card_token', '=', sql<string>`ANY(${cardTokens}::text[])`)
    .execute();
  for (const row of rows) {
    let arms = stored.get(row.card_token);
    if (!arms) stored.set(row.card_token, (arms = new Map()));
    arms.set(row.campaign_id, row.arm);
  }
  return stored;
}
