import { sql, type Kysely } from 'kysely';

/**
 * Creative assets (spec 2 §2.7): images kept in the database as bytea, so PGlite and PostgreSQL
 * behave alike and an upload is stored (or not) in the same transaction as what refers to it.
 * Every file has a server-made id and name, the content type its bytes proved, and one owner:
 * a brand or a bank (Media Library creatives), a brand (campaign template images), a user
 * (profile photos). Also the copy texts of a brand.
 */
const statements = [
  sql`CREATE TABLE assets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('creative', 'campaign', 'avatar')),
    file_name text NOT NULL CHECK (file_name ~ '^[a-z]+-[0-9a-f]{12}\\.(png|gif|jpg)$'),
    brand_id uuid REFERENCES brands (id),
    bank_id uuid REFERENCES banks (id),
    user_id uuid REFERENCES users (id),
    uploaded_by uuid NOT NULL REFERENCES users (id),
    content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/gif', 'image/jpeg')),
    byte_size integer NOT NULL CHECK (byte_size > 0 AND byte_size < 2072576),
    width integer NOT NULL CHECK (width > 0),
    height integer NOT NULL CHECK (height > 0),
    bytes bytea NOT NULL CHECK (octet_length(bytes) = byte_size),
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (
      (kind = 'avatar' AND user_id IS NOT NULL AND brand_id IS NULL AND bank_id IS NULL)
      OR (kind = 'campaign' AND brand_id IS NOT NULL AND bank_id IS NULL AND user_id IS NULL)
      OR (kind = 'creative' AND num_nonnulls(brand_id, bank_id) = 1 AND user_id IS NULL)
    )
  )`,
  sql`CREATE INDEX assets_brand_library_idx ON assets (brand_id, created_at DESC, id DESC)
    WHERE kind = 'creative' AND deleted_at IS NULL`,
  sql`CREATE INDEX assets_bank_library_idx ON assets (bank_id, created_at DESC, id DESC)
    WHERE kind = 'creative' AND deleted_at IS NULL`,
  sql`CREATE INDEX assets_user_idx ON assets (user_id) WHERE kind = 'avatar'`,
  sql`CREATE TABLE brand_copy_texts (
    brand_id uuid PRIMARY KEY REFERENCES brands (id),
    copy text NOT NULL CHECK (char_length(copy) <= 200),
    additional_copy text NOT NULL CHECK (char_length(additional_copy) <= 100),
    updated_by uuid NOT NULL REFERENCES users (id),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
