import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Two roles on PostgreSQL (opt-in, DATABASE_MIGRATION_URL; decision 0113): the schema's owner runs
 * the migrations, the app serves as another role granted what serving needs and no more. The
 * append-only trigger on audit_events refuses every role, but its owner could turn it off; a role
 * that owns nothing cannot, and holding only INSERT and SELECT on audit_events it cannot change,
 * remove or truncate an event either. PGlite has one role: this does not apply there.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- grants run on any schema
type AnyDb = Kysely<any>;

/** The role a connection serves as, and whether it would bypass every privilege. */
async function roleOf(db: AnyDb): Promise<{ name: string; superuser: boolean; owns: number }> {
  const { rows } = await sql<{ name: string; superuser: boolean; owns: number }>`
    SELECT current_user AS name, r.rolsuper AS superuser,
      (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND pg_has_role(current_user, c.relowner, 'USAGE')) AS owns
    FROM pg_roles r WHERE r.rolname = current_user`.execute(db);
  return rows[0]!;
}

/**
 * Grants `role` what the app does with the schema, run by the owner after its migrations (so a
 * table a migration adds is granted at the next start): reading and writing every table and
 * sequence of the schema, then, on audit_events, nothing but INSERT and SELECT. No TRUNCATE
 * anywhere (the app truncates nothing) and no DDL: the role owns nothing, and the public schema
 * of PostgreSQL 15 and later gives it no CREATE. Temporary tables (ingestion's staging) need only
 * the database's TEMP, which every role has by default.
 */
export async function grantServingRole(owner: AnyDb, role: string): Promise<void> {
  const to = sql.id(role);
  const statements = [
    sql`GRANT USAGE ON SCHEMA public TO ${to}`,
    sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${to}`,
    sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${to}`,
    sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${to}`,
  ];
  await owner.transaction().execute(async (trx) => {
    for (const statement of statements) await statement.execute(trx);
  });
}

/**
 * Migrates the database through the owner's address, then grants the serving connection's role
 * (see `grantServingRole`). Refuses a serving role that is a superuser or owns (or is a member of
 * a role owning) any table of the schema: privileges would not bind it, so the log would not be
 * guarded as the setting promises. Answers the migrations it ran.
 */
export async function migrateAsOwner(migrationUrl: string, serving: Pick<Database, 'db'>): Promise<string[]> {
  const owner = await openDatabase({ databaseUrl: migrationUrl, dataDir: 'memory', poolMax: 1 });
  try {
    const ran = await migrateToLatest(owner.db);
    const role = await roleOf(serving.db);
    const ownerRole = await roleOf(owner.db);
    if (role.name === ownerRole.name || role.superuser || role.owns > 0) {
      throw new Error(
        `DATABASE_URL connects as ${role.name}, which ${role.superuser ? 'is a superuser' : 'owns tables of the schema'}: with DATABASE_MIGRATION_URL it must be a role that owns nothing, so that its privileges bind it`,
      );
    }
    await grantServingRole(owner.db, role.name);
    return ran;
  } finally {
    await owner.close();
  }
}
