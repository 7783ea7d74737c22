import { sql, type Kysely } from 'kysely';

/**
 * The MID health alerts mailed (docs/decisions/0115): one row a merchant ID while it is in alert,
 * with the status the brand was told of, so the daily check mails a brand once when a MID turns
 * silent or is never seen, and again only after it has recovered (its row is then removed).
 */
const statements = [
  sql`CREATE TABLE mid_health_notices (
    mid text PRIMARY KEY,
    brand_id uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('silent', 'neverSeen')),
    notified_at timestamptz NOT NULL
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
