import { sql, type Kysely } from 'kysely';

/**
 * A brand's change of an approved branch's merchant IDs is a proposal the operator side reviews
 * (spec 2 §4; decision 0070):
 * the branch keeps its reviewed IDs, which qualification reads, and is Updated meanwhile; the
 * proposed IDs wait in columns of their own, with the status to go back to if they are rejected.
 * A proposed MID is held like a branch's own (no other branch may claim it), so each proposed
 * column is indexed where set.
 */
const statements = [
  sql`ALTER TABLE branches
    ADD COLUMN proposed_mastercard_merchant_id text,
    ADD COLUMN proposed_amex_merchant_id text,
    ADD COLUMN proposed_zettle_merchant_id text,
    ADD COLUMN status_before_update text CHECK (status_before_update IN ('Active', 'Approved')),
    ADD COLUMN merchant_ids_proposed_at timestamptz`,
  sql`CREATE INDEX branches_proposed_mastercard_mid_idx ON branches (proposed_mastercard_merchant_id)
    WHERE proposed_mastercard_merchant_id IS NOT NULL`,
  sql`CREATE INDEX branches_proposed_amex_mid_idx ON branches (proposed_amex_merchant_id)
    WHERE proposed_amex_merchant_id IS NOT NULL`,
  sql`CREATE INDEX branches_proposed_zettle_mid_idx ON branches (proposed_zettle_merchant_id)
    WHERE proposed_zettle_merchant_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
