import { sql, type Kysely } from 'kysely';

/**
 * Impressions and the campaign overview (brief §6, spec 2 §2.12–2.13).
 *
 * impressions: how many cardholders a publisher showed a campaign's offer on a day (the impressions
 * file `date,publisher,campaign_id,reach`). One row a (campaign, publisher, day): a file sent again
 * replaces the value, never adds to it. `brand_id` is the campaign's brand, kept for tenancy and
 * leading the key (a distribution key).
 *
 * campaign_overview_snapshots: the overview computed for a campaign from the reporting store and
 * impressions by the manager's create trigger (co, performance, stats as JSON, pence), replaced
 * by each run.
 *
 * campaign_overview_overrides: the figures a system admin saved in the editor, one row a save
 * (who and when), never replacing the computed snapshot; the latest row is the one in force.
 */
const statements = [
  sql`CREATE TABLE impressions (
    brand_id uuid NOT NULL REFERENCES brands (id),
    campaign_id uuid NOT NULL REFERENCES campaigns (id),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    day date NOT NULL,
    reach bigint NOT NULL CHECK (reach >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (brand_id, campaign_id, publisher_id, day)
  )`,
  sql`CREATE INDEX impressions_campaign_idx ON impressions (campaign_id, day)`,
  sql`CREATE INDEX impressions_day_idx ON impressions (day)`,
  sql`CREATE TABLE campaign_overview_snapshots (
    campaign_id uuid PRIMARY KEY REFERENCES campaigns (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    figures jsonb NOT NULL,
    computed_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE campaign_overview_overrides (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id uuid NOT NULL REFERENCES campaigns (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    figures jsonb NOT NULL,
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX campaign_overview_overrides_campaign_idx
    ON campaign_overview_overrides (campaign_id, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
