import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { copyTemplateDatabase, databaseUrlFor, withAdmin } from './postgres-admin.ts';
import type { PgBouncer } from './pgbouncer.ts';
import type { App } from './test-app.ts';

/**
 * Two apps on one new PostgreSQL database copied from the suite's template, as two servers of one
 * deployment: what one writes, the other hears of only through PostgreSQL (NOTIFY). Needs DATABASE_URL.
 * With `pooler`, both reach the database through that PgBouncer in transaction pooling and listen
 * on the direct address (decision 0127).
 */
export async function createTwoInstances(clock?: () => Date, options: { pooler?: PgBouncer } = {}) {
  const adminUrl = process.env.DATABASE_URL!;
  const template = inject('templateDatabase');
  if (!template)
    throw new Error('two instances need DATABASE_URL: global-setup.ts made no template database');
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await copyTemplateDatabase(adminUrl, template, name);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const databases: Database[] = [];
  const apps: App[] = [];
  const instance = async () => {
    const direct = databaseUrlFor(adminUrl, name);
    const database = await openDatabase({
      databaseUrl: options.pooler ? options.pooler.urlFor(name) : direct,
      dataDir: 'memory',
      poolMax: 2,
      pooling: options.pooler ? { mode: 'transaction', listenUrl: direct } : { mode: 'session' },
    });
    databases.push(database);
    const app = (await buildApp({ config, database, clock, logger: false })) as App;
    apps.push(app);
    return app;
  };
  const close = async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  try {
    const first = await instance();
    const second = await instance();
    /** The first instance's database, for a test's own rows. */
    return { first, second, db: databases[0]!.db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
