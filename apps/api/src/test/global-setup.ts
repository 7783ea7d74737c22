import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { databaseUrlFor, withAdmin } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, demo-loaded template database of this run; absent on PGlite. */
    templateDatabase?: string;
    /** On PGlite: a file holding the same template as a PGlite snapshot. */
    pgliteSnapshot?: string;
  }
}

/**
 * With DATABASE_URL (a real PostgreSQL), builds one template database for this run, migrated and
 * holding the settings defaults and demo data; each test file copies it (test-app.ts). Its name
 * carries a random run id, so two runs against one server never see each other's rows. Teardown
 * drops the template and every copy this run made. Without DATABASE_URL every test file builds
 * its own in-memory PGlite database and there is nothing to do here.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return setupPglite(project);

  const template = `krowd_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, (admin) => admin.query(`CREATE DATABASE "${template}"`));
  try {
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(databaseUrl, template),
      dataDir: 'memory',
      poolMax: 2,
    });
    try {
      await migrateToLatest(database.db);
      await createSettingsRepository(database.db).ensureDefaults();
      await loadDemoData(database.db);
    } finally {
      await database.close();
    }
    // Nobody connects to the template again: copies are made from it while no one is connected.
    await withAdmin(databaseUrl, (admin) =>
      admin.query(`ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false`),
    );
  } catch (error) {
    await dropRunDatabases(databaseUrl, template);
    throw error;
  }
  project.provide('templateDatabase', template);

  return async () => {
    await dropRunDatabases(databaseUrl, template);
  };
}

/** Drops the template and every per-file copy of this run: their names all start with the template's. */
async function dropRunDatabases(databaseUrl: string, template: string) {
  await withAdmin(databaseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/**
 * On PGlite, building a database (migrations, demo data) costs seconds; loading a snapshot of one
 * costs a fraction. The template is built once here and every test file starts from its snapshot.
 */
async function setupPglite(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory' });
  let snapshot: Blob;
  try {
    await migrateToLatest(database.db);
    await createSettingsRepository(database.db).ensureDefaults();
    await loadDemoData(database.db);
    snapshot = await database.snapshot!();
  } finally {
    await database.close();
  }
  const directory = await mkdtemp(path.join(os.tmpdir(), 'krowd-test-'));
  const file = path.join(directory, 'template.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
