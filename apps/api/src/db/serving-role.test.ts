import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { createAuditRepository } from '../modules/audit/audit.repository.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { databaseUrlFor, withAdmin } from '../test/postgres-admin.ts';
import { call, loginAs, type App } from '../test/test-app.ts';
import { openDatabase, type Database } from './database.ts';
import { migrateAsOwner } from './serving-role.ts';

/**
 * Two roles on PostgreSQL (DATABASE_MIGRATION_URL, decision 0113): a database of the test's own on
 * DATABASE_URL's server, owned by a role that runs the migrations, and the app serving as a second
 * role that owns nothing. The app works as usual, its changes recorded in the audit log, and the
 * serving role cannot update, delete or truncate an event, nor turn off or drop the trigger that
 * guards the table. Both roles and the database have names of their own and are dropped after.
 * PostgreSQL only: PGlite has one role.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('the app serving as a role that owns nothing (DATABASE_MIGRATION_URL)', () => {
  const suffix = randomBytes(5).toString('hex');
  const owner = `krowd_owner_${suffix}`;
  const serving = `krowd_app_${suffix}`;
  const name = `krowd_roles_${suffix}`;
  const urlAs = (role: string) => {
    const url = new URL(databaseUrlFor(adminUrl!, name));
    url.username = role;
    url.password = '';
    return url.toString();
  };
  let database: Database;
  let app: App;

  beforeAll(async () => {
    await withAdmin(adminUrl!, async (admin) => {
      await admin.query(`CREATE ROLE "${owner}" LOGIN`);
      await admin.query(`CREATE ROLE "${serving}" LOGIN`);
      await admin.query(`CREATE DATABASE "${name}" OWNER "${owner}"`);
    });
    database = await openDatabase({ databaseUrl: urlAs(serving), dataDir: 'memory', poolMax: 4 });
    const ran = await migrateAsOwner(urlAs(owner), database);
    expect(ran[0]).toBe('0001-foundation');
    await createSettingsRepository(database.db).ensureDefaults();
    await loadDemoData(database.db);
    app = (await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    })) as App;
    await app.ready();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await withAdmin(adminUrl!, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS "${serving}"`);
      await admin.query(`DROP ROLE IF EXISTS "${owner}"`);
    });
  }, 60_000);

  it('serves as usual, a change recorded in the log in its transaction and the chain intact', async () => {
    const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(database.db);
    expect(rows[0]!.role).toBe(serving);
    const admin = await loginAs(app, 'companyadmin@demo.test');
    const updated = await call(app, {
      method: 'PUT',
      url: `/api/users/${admin.details._id}/profile`,
      token: admin.token,
      body: { firstName: 'Rolf', lastName: 'Roles', phone: '07700 900123', address: '1 Grant Street' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const events = await call(app, { url: '/api/audit-events?limit=5', token: admin.token });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().data[0]).toMatchObject({
      entityType: 'user',
      entityId: admin.details._id,
      action: 'updated',
    });
    // An upload: its staging table (TEMP), COPY and the reporting store, all as the serving role.
    const upload = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
        'ROLES-1,2025-06-11T12:00:00-04:00,20.00,GBP,NO-SUCH-MID,card-roles,4242,,ATR',
      ].join('\n'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await verifyAuditChain(createAuditRepository(database.db))).toMatchObject({ broken: null });
  });

  it.each([
    [
      'UPDATE',
      sql`UPDATE audit_events SET actor_email = 'someone@else.test'`,
      /permission denied for table audit_events/,
    ],
    ['DELETE', sql`DELETE FROM audit_events`, /permission denied for table audit_events/],
    ['TRUNCATE', sql`TRUNCATE audit_events`, /permission denied for table audit_events/],
    [
      'turning the trigger off',
      sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`,
      /must be owner of table audit_events/,
    ],
    [
      'dropping the trigger',
      sql`DROP TRIGGER audit_events_no_change ON audit_events`,
      /must be owner of (table|relation) audit_events/,
    ],
    ['dropping the table', sql`DROP TABLE audit_events`, /must be owner of table audit_events/],
    ['a table of its own', sql`CREATE TABLE shadow_log (id int)`, /permission denied for schema public/],
  ])('refuses the serving role %s', async (_what, statement, refusal) => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_events`.execute(database.db);
    expect(before.rows[0]!.n).toBeGreaterThan(0);

    await expect(statement.execute(database.db)).rejects.toThrow(refusal);

    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_events`.execute(database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses to start serving as a superuser or as the owner, whose privileges would not bind them', async () => {
    const asOwner = await openDatabase({ databaseUrl: urlAs(owner), dataDir: 'memory', poolMax: 1 });
    const asSuperuser = await openDatabase({ databaseUrl: adminUrl!, dataDir: 'memory', poolMax: 1 });
    try {
      await expect(migrateAsOwner(urlAs(owner), asOwner)).rejects.toThrow(/owns tables of the schema/);
      await expect(migrateAsOwner(urlAs(owner), asSuperuser)).rejects.toThrow(/is a superuser/);
    } finally {
      await asOwner.close();
      await asSuperuser.close();
    }
  });
});
