import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrateToLatest', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('runs every migration on a new database, in order, and nothing on a current one', async () => {
    database = await openDatabase({ dataDir: 'memory' });
    const ran = await migrateToLatest(database.db);
    expect(ran[0]).toBe('0001-foundation');
    expect(ran.length).toBeGreaterThan(1);
    expect(ran).toEqual([...ran].sort());

    expect(await migrateToLatest(database.db)).toEqual([]);
    // Every migration on a new PGlite: about 10 s on a quiet machine, past 30 s on a busy one.
  }, 120_000);
});
