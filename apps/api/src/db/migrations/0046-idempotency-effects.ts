import { sql, type Kysely } from 'kysely';

/**
 * The idempotency key's record in the same transaction as the effect (docs/decisions/0104): each
 * claim gets a token of its own, and the route's transaction marks `effect_at` on the row it
 * claimed, or fails (and does nothing) when the claim is no longer its own. A claim with no effect
 * marked did nothing and may be claimed again once abandoned; one marked never runs again.
 */
const statements = [
  sql`ALTER TABLE idempotency_keys ADD COLUMN claim_token uuid`,
  sql`ALTER TABLE idempotency_keys ADD COLUMN effect_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
