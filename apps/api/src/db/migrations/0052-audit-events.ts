import { sql, type Kysely } from 'kysely';

/**
 * The audit log (docs/decisions/0113): one row per change, written in the change's own
 * transaction, never changed or removed.
 *
 * id is the event's place in the chain, 1, 2, 3… with no gaps: it is the last id + 1 taken under
 * the chain's advisory lock (an identity would skip numbers on every rolled-back change, and a gap
 * must mean a removed row). prev_hash is the hash of the event before (64 zeros for the first), hash
 * is SHA-256 over prev_hash and the row's canonical JSON (packages/domain/src/audit). prev_hash is
 * unique, so two events can never follow the same one: the chain cannot fork.
 *
 * The actor, brand and group are copies, not references: the log outlives the users and brands it
 * names, and a user's e-mail is kept as it was then.
 *
 * The trigger refuses UPDATE, DELETE and TRUNCATE for every role that does not own the table's
 * triggers (the application's role included), on PGlite as on PostgreSQL.
 */
const statements = [
  sql`CREATE TABLE audit_events (
    id bigint PRIMARY KEY CHECK (id > 0),
    occurred_at timestamptz NOT NULL,
    actor_user_id uuid,
    actor_email text,
    audience text,
    brand_id uuid,
    group_id uuid,
    entity_type text NOT NULL,
    entity_id text NOT NULL,
    action text NOT NULL,
    changes jsonb NOT NULL DEFAULT '{}'::jsonb,
    ip text,
    user_agent text,
    prev_hash text NOT NULL UNIQUE CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
    hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$')
  )`,
  sql`CREATE INDEX audit_events_brand_idx ON audit_events (brand_id, id DESC)`,
  sql`CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id, id)`,
  sql`CREATE INDEX audit_events_actor_idx ON audit_events (actor_user_id, id DESC)`,
  sql`CREATE INDEX audit_events_occurred_idx ON audit_events (occurred_at)`,
  sql`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
  $$`,
  sql`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
  sql`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
