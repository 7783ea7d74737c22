import { sql, type Kysely } from 'kysely';

/**
 * Card-network leads once per person and the system admins' digest (docs/decisions.md 'The
 * card-network look-up: nothing of the e-mail, one link an hour, one digest').
 *
 * A contact request and a failed look-up are one lead per e-mail and Merchant ID (none for the
 * /amexdining form): the same again adds no row but counts in `repeats` and moves `last_seen_at`;
 * a contact request makes a failed look-up's lead a contact. The leads already stored twice are
 * merged first, into the contact request if there is one, else the newest.
 *
 * `notified_at` on leads and branch submissions: when the digest told the system admins of it
 * (null: the next digest will). What is already stored was mailed one by one, so it counts as told.
 */
const sameLead = sql`lower(email), coalesce(amex_merchant_id, '')`;
const statements = [
  sql`ALTER TABLE card_network_leads
    ADD COLUMN repeats integer NOT NULL DEFAULT 0,
    ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN notified_at timestamptz`,
  sql`UPDATE card_network_leads SET last_seen_at = created_at, notified_at = created_at`,
  sql`WITH grouped AS (
    SELECT id,
      first_value(id) OVER (PARTITION BY ${sameLead} ORDER BY (kind = 'contact') DESC, created_at DESC, id DESC) AS kept,
      count(*) OVER (PARTITION BY ${sameLead}) AS copies,
      min(created_at) OVER (PARTITION BY ${sameLead}) AS first_seen,
      max(created_at) OVER (PARTITION BY ${sameLead}) AS last_seen
    FROM card_network_leads WHERE kind IN ('contact', 'lookupFailed')
  ), merged AS (
    UPDATE card_network_leads l
    SET repeats = g.copies - 1, created_at = g.first_seen, last_seen_at = g.last_seen
    FROM grouped g WHERE l.id = g.id AND g.id = g.kept AND g.copies > 1
  )
  DELETE FROM card_network_leads WHERE id IN (SELECT id FROM grouped WHERE id <> kept)`,
  sql`CREATE UNIQUE INDEX card_network_leads_once ON card_network_leads (${sameLead})
    WHERE kind IN ('contact', 'lookupFailed')`,
  sql`CREATE INDEX card_network_leads_to_notify ON card_network_leads (last_seen_at) WHERE notified_at IS NULL`,
  sql`ALTER TABLE card_network_branch_submissions ADD COLUMN notified_at timestamptz`,
  sql`UPDATE card_network_branch_submissions SET notified_at = created_at`,
  sql`CREATE INDEX card_network_branch_submissions_to_notify ON card_network_branch_submissions (created_at)
    WHERE notified_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
