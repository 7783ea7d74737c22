import { sql, type Kysely } from 'kysely';

/**
 * An offer's lifecycle as publishers were told it (docs/decisions/0100): one row a campaign, made
 * when its `offer.published` is emitted and closed, once, when its `offer.ended` is, with the
 * reason. The primary key makes the announcement happen once however many instances sweep, and
 * `ended_at IS NULL` (a conditional update) the end; the sweep reads the open rows through the
 * partial index.
 *
 * Campaigns announced before this table existed are found in webhook_events (decision 0097), so
 * none is announced or ended twice; approved campaigns never announced get no row and are
 * announced by the first sweep, if their month is not over.
 */
const statements = [
  sql`CREATE TABLE offer_lifecycle (
    campaign_id uuid PRIMARY KEY REFERENCES campaigns (id),
    published_at timestamptz NOT NULL,
    ended_at timestamptz,
    ended_reason text CHECK (ended_reason IN ('ended', 'budget_exhausted', 'stopped', 'deleted')),
    CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
  )`,
  sql`CREATE INDEX offer_lifecycle_open_idx ON offer_lifecycle (campaign_id) WHERE ended_at IS NULL`,
  sql`INSERT INTO offer_lifecycle (campaign_id, published_at, ended_at, ended_reason)
    SELECT p.subject_id, min(p.created_at), min(e.created_at),
      CASE WHEN min(e.created_at) IS NOT NULL THEN
        CASE WHEN bool_or(c.deleted_at IS NOT NULL) THEN 'deleted' ELSE 'stopped' END
      END
    FROM webhook_events p
    JOIN campaigns c ON c.id = p.subject_id
    LEFT JOIN webhook_events e ON e.subject_id = p.subject_id AND e.type = 'offer.ended'
    WHERE p.type = 'offer.published'
    GROUP BY p.subject_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
