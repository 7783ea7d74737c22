import { sql, type Kysely } from 'kysely';

/**
 * The public card-network pages (spec 3 §2.8; docs/decisions.md 'Card-network pages').
 *
 * card_network_leads: one row a contact request (/amexdining, or the /amexsignup dialog), a Merchant
 * ID look-up that found no waiting account, or a dining sign-up (/amexdiningsignup). A sign-up names
 * the brand and guest account it created and the SHA-256 of its branch page id (the id itself is
 * only in the registrant's e-mail), which the branch page is opened with until it expires.
 *
 * card_network_branch_submissions: what the branch page sent for a sign-up: the branches as given
 * (they are also stored as Pending branches of the brand), the comments and the optional Excel file,
 * kept as bytea like the other uploads (checked by its bytes; served only to system admins).
 */
const statements = [
  sql`CREATE TABLE card_network_leads (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('contact', 'lookupFailed', 'diningSignup')),
    source text NOT NULL CHECK (source IN ('amexdining', 'amexsignup', 'amexdiningsignup')),
    name text,
    email text NOT NULL,
    phone text,
    company text,
    legal_name text,
    website text,
    amex_merchant_id text,
    brand_id uuid REFERENCES brands (id),
    user_id uuid REFERENCES users (id),
    branch_page_hash text UNIQUE,
    branch_page_expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (kind <> 'diningSignup' OR (brand_id IS NOT NULL AND branch_page_hash IS NOT NULL))
  )`,
  sql`CREATE INDEX card_network_leads_created_idx ON card_network_leads (created_at DESC, id DESC)`,
  sql`CREATE TABLE card_network_branch_submissions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    lead_id uuid NOT NULL REFERENCES card_network_leads (id),
    branches jsonb NOT NULL,
    comments text,
    file_name text,
    file_kind text CHECK (file_kind IN ('xls', 'xlsx')),
    file_bytes bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((file_name IS NULL) = (file_bytes IS NULL) AND (file_kind IS NULL) = (file_bytes IS NULL))
  )`,
  sql`CREATE INDEX card_network_branch_submissions_lead_idx ON card_network_branch_submissions (lead_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
