import { sql, type Kysely } from 'kysely';

/**
 * Social analytics (spec 3 §2.7; docs/social-analytics.md, docs/decisions.md 'Social
 * analytics').
 *
 * branch_directory.cuisine: what a venue serves, for the cuisine rankings (null: not known).
 *
 * reviews: one customer review of a directory venue (kmid), unique per (source, external_id) so a
 * re-upload changes nothing. Beside the review, what the analyser made of its text when it was
 * stored: the overall sentiment (−1..1) and, per aspect, the clauses mentioning it positively and
 * negatively; `analyser_version` says which analyser, so a new one can re-analyse older rows.
 * Reviews belong to venues, not brands (a competitor venue has no brand of ours), hence no
 * brand_id: a brand's reviews are its branches' kmids'.
 *
 * insights_visitors: who logged in to the public social analytics (the spec's /getinsights page:
 * e-mail, brand, device) with the pass they hold (random, stored as its SHA-256, 30 days), and the
 * Sign Up dialog's details once given.
 */
const statements = [
  sql`ALTER TABLE branch_directory ADD COLUMN cuisine text`,
  sql`CREATE TABLE reviews (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kmid text NOT NULL REFERENCES branch_directory (kmid),
    source text NOT NULL,
    external_id text NOT NULL,
    reviewed_at timestamptz NOT NULL,
    rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    reviewer_rating real CHECK (reviewer_rating BETWEEN 1 AND 5),
    text text NOT NULL,
    sentiment real NOT NULL CHECK (sentiment BETWEEN -1 AND 1),
    food_positive smallint NOT NULL DEFAULT 0,
    food_negative smallint NOT NULL DEFAULT 0,
    price_positive smallint NOT NULL DEFAULT 0,
    price_negative smallint NOT NULL DEFAULT 0,
    ambiance_positive smallint NOT NULL DEFAULT 0,
    ambiance_negative smallint NOT NULL DEFAULT 0,
    service_positive smallint NOT NULL DEFAULT 0,
    service_negative smallint NOT NULL DEFAULT 0,
    analyser_version text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source, external_id)
  )`,
  sql`CREATE INDEX reviews_kmid_date_idx ON reviews (kmid, reviewed_at)`,
  sql`CREATE INDEX reviews_date_idx ON reviews (reviewed_at)`,
  sql`CREATE TABLE insights_visitors (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL,
    brand_id uuid NOT NULL REFERENCES brands (id),
    pass_hash text NOT NULL UNIQUE,
    pass_expires_at timestamptz NOT NULL,
    ip_address text,
    browser_name text,
    os_name text,
    os_version text,
    device_type text,
    contact_name text,
    organization_name text,
    phone_number text,
    signup_email text,
    is_interested boolean NOT NULL DEFAULT false,
    is_social_analytics boolean NOT NULL DEFAULT false,
    is_referrals boolean NOT NULL DEFAULT false,
    signed_up_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX insights_visitors_brand_idx ON insights_visitors (brand_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
