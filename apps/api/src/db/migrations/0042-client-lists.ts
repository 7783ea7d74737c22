import { sql, type Kysely } from 'kysely';

/**
 * A client admin's saved lists of brands (spec 1 §7 clientList/create; decision 0094). A list
 * belongs to the account that made it, its name unique for that account whatever its case; its
 * brands are rows of their own carrying brand_id like every tenant table, and go when the list or
 * the brand goes.
 */
const statements = [
  sql`CREATE TABLE client_lists (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX client_lists_owner_name_idx ON client_lists (owner_user_id, lower(name))`,
  sql`CREATE TABLE client_list_brands (
    client_list_id uuid NOT NULL REFERENCES client_lists (id) ON DELETE CASCADE,
    brand_id uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    PRIMARY KEY (client_list_id, brand_id)
  )`,
  sql`CREATE INDEX client_list_brands_brand_id_idx ON client_list_brands (brand_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
