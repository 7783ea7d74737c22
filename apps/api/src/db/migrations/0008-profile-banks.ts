import { sql, type Kysely } from 'kysely';

/**
 * My Bank and the banks list: a bank's contact details, and which of its users is a bank admin
 * (may edit the bank's details). Bank users that existed before keep what they could do: they
 * become admins of their bank.
 */
const statements = [
  sql`ALTER TABLE banks
    ADD COLUMN contact_email text,
    ADD COLUMN contact_phone text,
    ADD COLUMN address text,
    ADD COLUMN website text,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  sql`ALTER TABLE users ADD COLUMN is_bank_admin boolean NOT NULL DEFAULT false`,
  sql`UPDATE users SET is_bank_admin = true WHERE entity_type = 'bank'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
