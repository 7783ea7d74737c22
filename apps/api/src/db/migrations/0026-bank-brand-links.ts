import { sql, type Kysely } from 'kysely';

/**
 * Which brands each bank publishes: a bank reads and reviews only the brands linked to
 * it here, and the system admin manages the links. Keyed by bank first, since every bank request
 * reads its bank's brands; the brand index serves the brand's side (which banks carry it) and the
 * deletes that follow a brand.
 *
 * No row is backfilled: before this table a bank saw every brand, and copying that into links
 * would keep the leak this closes. A bank sees nothing until the system admin links its brands
 * (docs/decisions.md, 'Banks see their own programmes' brands').
 */
const statements = [
  sql`CREATE TABLE brand_banks (
    bank_id uuid NOT NULL REFERENCES banks (id) ON DELETE CASCADE,
    brand_id uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES users (id),
    PRIMARY KEY (bank_id, brand_id)
  )`,
  sql`CREATE INDEX brand_banks_brand_id_idx ON brand_banks (brand_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
