import { sql, type Kysely } from 'kysely';

/**
 * Outbound webhooks (docs/decisions/0097).
 *
 * webhook_endpoints: a receiver's address, owned by a brand or a publisher (one of the two), with
 * the events it chose, live or test, on or off. Its signing secret is kept as it is (an HMAC key
 * must be read to sign); on rotation the previous one signs beside it until its time runs out.
 *
 * webhook_events: one row an event, its id the `id` receivers dedupe on; `data` is the payload as
 * sent. Who is told: the brand's endpoints (brand_id), the publisher's (publisher_id) and, for an
 * offer, the publishers that carry the brand; a ping names its one endpoint. `dedupe_key` keeps a
 * fan-out run again from making an event twice.
 *
 * webhook_deliveries: an event to one endpoint, its state and its last attempt's outcome, the
 * retry schedule measured from `schedule_started_at` (a redelivery starts a new one);
 * webhook_attempts: every attempt, for the log.
 */
const statements = [
  sql`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid REFERENCES brands (id),
    publisher_id uuid REFERENCES publishers (id),
    url text NOT NULL,
    description text NOT NULL DEFAULT '',
    events text[] NOT NULL,
    mode text NOT NULL CHECK (mode IN ('live', 'test')),
    enabled boolean NOT NULL DEFAULT true,
    secret text NOT NULL,
    previous_secret text,
    previous_secret_expires_at timestamptz,
    created_by_user_id uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((brand_id IS NULL) <> (publisher_id IS NULL)),
    CHECK (cardinality(events) > 0)
  )`,
  sql`CREATE INDEX webhook_endpoints_brand_idx ON webhook_endpoints (brand_id) WHERE brand_id IS NOT NULL`,
  sql`CREATE INDEX webhook_endpoints_publisher_idx ON webhook_endpoints (publisher_id)
    WHERE publisher_id IS NOT NULL`,
  sql`CREATE TABLE webhook_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL,
    mode text NOT NULL CHECK (mode IN ('live', 'test')),
    brand_id uuid REFERENCES brands (id),
    publisher_id uuid REFERENCES publishers (id),
    endpoint_id uuid REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    subject_id uuid,
    dedupe_key text UNIQUE,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    schedule_started_at timestamptz NOT NULL DEFAULT now(),
    next_attempt_at timestamptz DEFAULT now(),
    last_status_code integer,
    last_latency_ms integer,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, endpoint_id)
  )`,
  sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`,
  sql`CREATE TABLE webhook_attempts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt integer NOT NULL,
    attempted_at timestamptz NOT NULL,
    status_code integer,
    latency_ms integer NOT NULL,
    error text,
    UNIQUE (delivery_id, attempt)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
