import { sql, type Kysely } from 'kysely';

/**
 * The branch directory (the spec's external directory and branch-creation services, as a module of
 * ours): venues a brand picks its branches from, each with a kmid. New names get the next kmid.
 * Also the indexes behind the branch list (paging and sorting within a brand or across all) and
 * one live branch per venue and brand.
 */
const statements = [
  sql`CREATE SEQUENCE branch_directory_kmid_seq START 5000001`,
  sql`CREATE TABLE branch_directory (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kmid text NOT NULL UNIQUE DEFAULT ('KM' || nextval('branch_directory_kmid_seq')),
    merchant_name text NOT NULL,
    address text,
    postcode text,
    city text,
    email text,
    phone_no text,
    entity_url text,
    datasource text NOT NULL DEFAULT 'directory' CHECK (datasource IN ('directory', 'ui')),
    brand_id uuid REFERENCES brands (id),
    created_by_user_id uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX branch_directory_name_idx ON branch_directory (lower(merchant_name) text_pattern_ops)`,
  sql`CREATE INDEX branches_brand_name_idx ON branches (brand_id, name, id)`,
  sql`CREATE INDEX branches_brand_created_idx ON branches (brand_id, created_at DESC, id DESC)`,
  sql`CREATE INDEX branches_name_idx ON branches (name, id)`,
  sql`CREATE INDEX branches_created_idx ON branches (created_at DESC, id DESC)`,
  sql`CREATE INDEX branches_mastercard_mid_idx ON branches (mastercard_merchant_id text_pattern_ops)`,
  sql`CREATE INDEX branches_amex_mid_idx ON branches (amex_merchant_id text_pattern_ops)`,
  sql`CREATE INDEX branches_zettle_mid_idx ON branches (zettle_merchant_id text_pattern_ops)`,
  sql`CREATE UNIQUE INDEX branches_brand_kmid_key ON branches (brand_id, kmid)
    WHERE kmid IS NOT NULL AND status <> 'Deleted'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
