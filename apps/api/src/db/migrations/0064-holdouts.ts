import { sql, type Kysely } from 'kysely';

/**
 * Holdouts stored and honoured (docs/decisions/0129, 0125).
 *
 * campaigns.holdout_share_basis_points: the share of the brand's cards kept out of the campaign
 * to measure its lift, 0 (none) to 5,000 (50%). Campaigns saved before keep 0: a month already
 * running must not start holding cards out halfway; the form and the API give a new campaign 10%.
 *
 * publishers.honours_holdouts: whether the publisher has said it suppresses the offers of held-out
 * cards. Only then is a held-out card's purchase paid nothing: a cardholder shown an offer is never
 * refused its reward. Off for every publisher until it says so.
 *
 * holdout_assignments: a card's arm for a campaign as first decided (by the publisher asking, or by
 * its first purchase), never changed after, so a later recipe or share cannot move the cards of a
 * month being measured. One row a campaign, publisher and card; the bucket and the recipe version
 * say how the arm was reached.
 */
const statements = [
  sql`ALTER TABLE campaigns ADD COLUMN holdout_share_basis_points integer NOT NULL DEFAULT 0
    CHECK (holdout_share_basis_points BETWEEN 0 AND 5000)`,
  sql`ALTER TABLE publishers ADD COLUMN honours_holdouts boolean NOT NULL DEFAULT false`,
  sql`CREATE TABLE holdout_assignments (
    campaign_id uuid NOT NULL REFERENCES campaigns (id),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    card_token text NOT NULL,
    brand_id uuid NOT NULL REFERENCES brands (id),
    month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    bucket integer NOT NULL CHECK (bucket BETWEEN 0 AND 9999),
    arm text NOT NULL CHECK (arm IN ('holdout', 'exposed')),
    share_basis_points integer NOT NULL CHECK (share_basis_points BETWEEN 1 AND 5000),
    recipe_version text NOT NULL,
    source text NOT NULL CHECK (source IN ('publisher', 'transaction', 'demo')),
    assigned_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, publisher_id, card_token)
  )`,
  sql`CREATE INDEX holdout_assignments_publisher_month_idx
    ON holdout_assignments (publisher_id, month, card_token)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
