import { sql, type Kysely } from 'kysely';

/**
 * Publishers as accounts (brief §5 'Publishers'; decision 0088):
 *
 * - publisher_brands: the brands whose offers a publisher may show (its offers feed), replaced by
 *   the system admin like a bank's brand links. A distributor deal stays the commercial terms
 *   (cashback and success fee) of a brand with a feed; every existing deal's pair is linked here,
 *   so each feed starts with the brands it already carries.
 * - banks.publisher_id: the publisher a bank belongs to; that bank's bank admins administer the
 *   publisher's keys. Each existing bank becomes a publisher of its own (named after it), with the
 *   brands linked to the bank linked to it.
 */
const statements = [
  sql`ALTER TABLE publishers ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  sql`CREATE TABLE publisher_brands (
    publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
    brand_id uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    PRIMARY KEY (publisher_id, brand_id)
  )`,
  sql`CREATE INDEX publisher_brands_brand_id_idx ON publisher_brands (brand_id)`,
  sql`INSERT INTO publisher_brands (publisher_id, brand_id)
    SELECT DISTINCT publisher_id, brand_id FROM distributor_deals
    ON CONFLICT DO NOTHING`,
  sql`ALTER TABLE banks ADD COLUMN publisher_id uuid REFERENCES publishers (id) ON DELETE SET NULL`,
  sql`CREATE INDEX banks_publisher_id_idx ON banks (publisher_id) WHERE publisher_id IS NOT NULL`,
  sql`INSERT INTO publishers (code, display_name)
    SELECT 'BANK-' || left(replace(id::text, '-', ''), 12), name FROM banks`,
  sql`UPDATE banks b SET publisher_id = p.id FROM publishers p
    WHERE p.code = 'BANK-' || left(replace(b.id::text, '-', ''), 12)`,
  sql`INSERT INTO publisher_brands (publisher_id, brand_id)
    SELECT b.publisher_id, bb.brand_id FROM brand_banks bb JOIN banks b ON b.id = bb.bank_id
    ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
