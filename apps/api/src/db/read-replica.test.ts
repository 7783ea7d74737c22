import { sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.ts';
import { addJuneTrading, july15th2025, juneConversions, uploadJunePurchases } from '../test/june-trading.ts';
import { demoIds, loginAs, type App } from '../test/test-app.ts';
import { openDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { replicaRouting } from './read-replica.ts';

/** A pool that lends a marked connection, or fails when `down`. */
function pool(name: string, state: { down?: boolean } = {}): PostgresPool & { ended: boolean } {
  const lent: PostgresPoolClient = {
    query: (async () => ({ rows: [{ from: name }] })) as unknown as PostgresPoolClient['query'],
    release: () => {},
  };
  return {
    ended: false,
    async connect() {
      if (state.down) throw new Error(`${name} unreachable`);
      return lent;
    },
    async end() {
      this.ended = true;
    },
  };
}

async function lender(routing: PostgresPool): Promise<string> {
  const client = await routing.connect();
  const { rows } = await (client.query as unknown as () => Promise<{ rows: { from: string }[] }>)();
  return rows[0]!.from;
}

describe('replicaRouting: which server lends a read', () => {
  it('lends the replica only when it has replayed the position the primary had when the read began', async () => {
    let replayed = 10;
    let written = 10;
    const routing = replicaRouting({
      primary: pool('primary'),
      replica: pool('replica'),
      primaryPosition: async () => String(written),
      replicaHasReplayed: async (position) => replayed >= Number(position),
    });

    expect(await lender(routing)).toBe('replica');
    written = 11; // a write commits; the replica has not replayed it yet
    expect(await lender(routing)).toBe('primary');
    replayed = 11;
    expect(await lender(routing)).toBe('replica');
    expect(routing.served).toEqual({ replica: 2, primary: 1 });
  });

  it('reads from the primary while the replica is unreachable, and asks it again only after a rest', async () => {
    let now = 0;
    const replicaState = { down: true };
    let asked = 0;
    const routing = replicaRouting({
      primary: pool('primary'),
      replica: pool('replica', replicaState),
      primaryPosition: async () => '1',
      replicaHasReplayed: async () => {
        asked += 1;
        if (replicaState.down) throw new Error('replica unreachable');
        return true;
      },
      replicaRestMs: 5_000,
      now: () => now,
    });

    expect(await lender(routing)).toBe('primary');
    expect(await lender(routing)).toBe('primary');
    expect(asked).toBe(1);
    replicaState.down = false;
    now = 4_999;
    expect(await lender(routing)).toBe('primary');
    now = 5_000;
    expect(await lender(routing)).toBe('replica');
  });

  it('ends only the replica’s pool: the primary’s belongs to the main database handle', async () => {
    const primary = pool('primary');
    const replica = pool('replica');
    const routing = replicaRouting({
      primary,
      replica,
      primaryPosition: async () => '1',
      replicaHasReplayed: async () => true,
    });
    await routing.end();
    expect([primary.ended, replica.ended]).toEqual([false, true]);
  });
});

/**
 * The dashboard on a primary and its streaming replica (pg_basebackup), both clusters of this
 * test's own on free ports, whatever DATABASE_URL says.
 */
const binaries = postgresBinaries();
describe.runIf(binaries)('the dashboard read from a streaming replica (DATABASE_READ_URL)', () => {
  let primary: PrivatePostgres;
  let replica: PrivatePostgres;
  let database: Database;
  let app: App;
  let token: string;

  const onReplica = async <T>(sqlText: string): Promise<T> => {
    const client = new pg.Client({ connectionString: replica.urlFor('krowd') });
    await client.connect();
    try {
      return (await client.query(sqlText)).rows[0] as T;
    } finally {
      await client.end();
    }
  };
  const replicaCaughtUp = async () => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const { position } = (
        await sql<{ position: string }>`SELECT pg_current_wal_insert_lsn()::text AS position`.execute(
          database.db,
        )
      ).rows[0]!;
      const { replayed } = await onReplica<{ replayed: boolean }>(
        `SELECT pg_last_wal_replay_lsn() >= '${position}'::pg_lsn AS replayed`,
      );
      if (replayed) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the replica did not catch up within 60 s');
  };
  const conversions = () => juneConversions(app, token);
  const upload = (rows: number) => uploadJunePurchases(app, 'REPLICA-1', rows);

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    const admin = new pg.Client({ connectionString: primary.urlFor('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE krowd');
    await admin.end();
    const seed = await openDatabase({ databaseUrl: primary.urlFor('krowd'), dataDir: 'memory', poolMax: 2 });
    try {
      await migrateToLatest(seed.db);
      await createSettingsRepository(seed.db).ensureDefaults();
      await loadDemoData(seed.db);
      const ids = await demoIds(seed.db);
      await addJuneTrading(seed.db, ids.brands.standalone, 'REPLICA-1');
    } finally {
      await seed.close();
    }
    replica = await primary.startReplica();
    database = await openDatabase({
      databaseUrl: primary.urlFor('krowd'),
      readUrl: replica.urlFor('krowd'),
      dataDir: 'memory',
      poolMax: 4,
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    app = (await buildApp({
      config,
      database,
      clock: july15th2025,
      logger: false,
    })) as App;
    await app.ready();
    ({ token } = await loginAs(app, 'branduser@demo.test'));
    await replicaCaughtUp();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replica?.destroy();
    await primary?.destroy();
  }, 60_000);

  it('serves the dashboard from the replica when it has replayed every write', async () => {
    // The primary also writes on its own (autovacuum after the seeding, a session's touch): a read
    // that begins just after such a write, before the replica has replayed it, rightly goes to the
    // primary. So: read once the replica has caught up, again if a write came between, at most 10
    // times; the answer must come from the replica alone.
    let fromReplicaAlone = false;
    for (let attempt = 0; attempt < 10 && !fromReplicaAlone; attempt += 1) {
      await replicaCaughtUp();
      const before = { ...database.readsServed! };
      await conversions();
      fromReplicaAlone =
        database.readsServed!.replica > before.replica && database.readsServed!.primary === before.primary;
    }
    expect(fromReplicaAlone).toBe(true);
  });

  it('shows a brand its own upload at once while the replica lags, from the primary, then from the replica', async () => {
    const before = await conversions();
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      await upload(30);
      const onTheReplica = await onReplica<{ stored: number }>(
        "SELECT count(*)::int AS stored FROM transactions WHERE mid = 'REPLICA-1'",
      );
      expect(onTheReplica.stored).toBe(0); // the replica has not replayed the upload

      const served = { ...database.readsServed! };
      expect(await conversions()).toBe(before + 30);
      expect(database.readsServed!.primary).toBeGreaterThan(served.primary);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }

    await replicaCaughtUp();
    // A new upload's answers are no longer kept: read again, now from the caught-up replica (again
    // if a write of the primary's own came between, as above).
    await upload(1);
    let fromReplica = false;
    for (let attempt = 0; attempt < 10 && !fromReplica; attempt += 1) {
      await replicaCaughtUp();
      const served = { ...database.readsServed! };
      expect(await conversions()).toBe(before + 31);
      fromReplica = database.readsServed!.replica > served.replica;
    }
    expect(fromReplica).toBe(true);
  });

  it('answers from the primary when the replica stops', async () => {
    const before = await conversions();
    await replica.stop('immediate');
    await upload(1);
    expect(await conversions()).toBe(before + 1);
  });
});
