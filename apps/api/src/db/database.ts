import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import {
  Kysely,
  PostgresDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CommittedWrites } from './committed-writes.ts';
import { createDatabaseSignals, type DatabaseSignals } from './database-signals.ts';
import { CopyRows } from './copy-rows.ts';
import { replicaRouting, type ReadsServed } from './read-replica.ts';
import type { DB } from './database.generated.ts';

/**
 * One database API over two engines: the embedded PGlite (PostgreSQL compiled to WebAssembly,
 * the default) and a pooled real PostgreSQL when DATABASE_URL is set. Same SQL, same migrations.
 */
export interface Database {
  db: Kysely<DB>;
  /**
   * For reads that may be served by a streaming replica (DATABASE_READ_URL; read-replica.ts):
   * reporting. Without a replica, `db` itself. Writes always go through `db`.
   */
  reads: Kysely<DB>;
  /** With a replica: how many reads it and the primary answered. */
  readsServed?: ReadsServed;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies of it quickly (tests). */
  snapshot?: () => Promise<Blob>;
  /** Writes this process commits, for what it keeps in memory (the session and dashboard caches). */
  committedWrites: CommittedWrites;
  /**
   * PostgreSQL only: LISTEN/NOTIFY between the processes sharing the database, with an optional
   * payload (under 8,000 bytes), listened to again after a loss (database-signals.ts).
   */
  signals?: DatabaseSignals;
}

/** Type parsers shared by both engines, so a query answers the same values on either. */
const typeIds = { int8: 20, numeric: 1700, date: 1082 } as const;
const parsers = {
  // Counts and pence fit a JS number (2^53 pence is 90 trillion pounds).
  [typeIds.int8]: (value: string) => Number(value),
  // Decimals stay strings: never floats for money or rates.
  [typeIds.numeric]: (value: string) => value,
  // Calendar dates stay 'YYYY-MM-DD': a Date would shift them by the server's timezone.
  [typeIds.date]: (value: string) => value,
};

/**
 * Stores rows in `table` by COPY within the transaction: `rows` holds them in COPY's binary format
 * (copy-rows.ts), a field for each of `columns` in order. Kysely has no COPY, so the statement
 * travels as a query whose one parameter is the CopyRows, which each engine's connection below
 * sends as COPY data.
 */
export async function copyInto(
  trx: Transaction<DB>,
  table: string,
  columns: readonly string[],
  rows: CopyRows,
) {
  if (rows.fieldCount !== columns.length) {
    throw new Error(`COPY into ${table}: ${rows.fieldCount} fields a row for ${columns.length} columns`);
  }
  if (rows.rowCount === 0) return;
  await sql`COPY ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) FROM STDIN (FORMAT binary) ${rows}`.execute(
    trx,
  );
}

/** A COPY statement as copyInto sends it: the statement without its placeholder, and its rows. */
function copyOf(sqlText: string, parameters: readonly unknown[] | undefined) {
  const rows = parameters?.[0];
  if (!(rows instanceof CopyRows)) return null;
  return { statement: sqlText.replace(/\s*\$1$/, ''), data: rows.bytes() };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  /** A directory for PGlite's files, or 'memory' for a throwaway database. */
  dataDir: string | 'memory';
  poolMax?: number;
  /** PGlite only: start from a snapshot taken with `snapshot()`. */
  loadDataDir?: Blob;
  /** How the server at `databaseUrl` pools its connections (see PostgresPooling). */
  pooling?: PostgresPooling;
  /** A streaming replica of `databaseUrl` for reporting reads (read-replica.ts). */
  readUrl?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.poolMax ?? 10,
      options.pooling ?? { mode: 'session' },
      options.readUrl,
    );
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

/**
 * `session`: each connection of the pool is one PostgreSQL session of its own (a direct server, or
 * a pooler in session pooling). `transaction`: the address is a pooler in transaction pooling
 * (PgBouncer's pool_mode=transaction), where consecutive transactions of one connection may run in
 * different sessions, so nothing is kept in a session between them: no prepared statements, and
 * LISTEN goes to `listenUrl`, a direct address of the same database (decision 0127).
 */
export type PostgresPooling = { mode: 'session' } | { mode: 'transaction'; listenUrl: string };

function pgPool(url: string, max: number, connectionTimeoutMillis: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        const parse = parsers[oid as keyof typeof parsers];
        return parse ?? pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, a failover, DROP DATABASE … WITH (FORCE) in
  // tests) is dropped by the pool, which opens another on demand; the next query reports a real outage.
  // Without a listener the pool's 'error' event would end the process. A connection lent out has
  // its own listener (CopyingPool).
  pool.on('error', () => {});
  return pool;
}

function openPostgres(url: string, poolMax: number, pooling: PostgresPooling, readUrl?: string): Database {
  // A database that does not answer at all (a network partition) fails a request in 5 s, as a 503,
  // instead of holding it until the client gives up.
  const pool = pgPool(url, poolMax, 5_000);
  const committedWrites = new CommittedWrites();
  const prepare = pooling.mode === 'session';
  const primary = new CopyingPool(pool, committedWrites, { prepare });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: primary }) });
  let reads = db;
  let readsServed: ReadsServed | undefined;
  if (readUrl) {
    // A replica that does not answer costs a read 1 s once, then is rested (read-replica.ts).
    const replicaPool = pgPool(readUrl, poolMax, 1_000);
    const routing = replicaRouting({
      primary,
      replica: new CopyingPool(replicaPool, new CommittedWrites(), { prepare }),
      primaryPosition: async () =>
        (await pool.query<{ position: string }>('SELECT pg_current_wal_insert_lsn()::text AS position'))
          .rows[0]!.position,
      replicaHasReplayed: async (position) =>
        (
          await replicaPool.query<{ replayed: boolean | null }>(
            'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed',
            [position],
          )
        ).rows[0]?.replayed === true,
    });
    reads = new Kysely<DB>({ dialect: new PostgresDialect({ pool: routing }) });
    readsServed = routing.served;
  }
  const listenUrl = pooling.mode === 'transaction' ? pooling.listenUrl : url;
  const signals = createDatabaseSignals(listenUrl, async (channel, payload) => {
    await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  });
  const close = async () => {
    await signals.close();
    if (reads !== db) await reads.destroy();
    await db.destroy();
  };
  return {
    db,
    reads,
    ...(readsServed ? { readsServed } : {}),
    engine: 'postgres',
    close,
    committedWrites,
    signals,
  };
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let location: string | undefined;
  if (dataDir !== 'memory') {
    location = path.join(dataDir, 'pglite');
    await fs.mkdir(location, { recursive: true });
  }
  // pg_trgm backs the branch search's trigram index (migration 0011), as on PostgreSQL.
  const pglite = await PGlite.create(location, {
    parsers,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const committedWrites = new CommittedWrites();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new PglitePool(pglite, committedWrites) }),
  });
  return {
    db,
    reads: db,
    engine: 'pglite',
    close: () => db.destroy(),
    snapshot: () => pglite.dumpDataDir('none'),
    committedWrites,
  };
}

/** The pg pool, with COPY … FROM STDIN sent through pg-copy-streams (see CopyRows). */
class CopyingPool implements PostgresPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly committedWrites: CommittedWrites,
    /** Keep statements prepared on the connection (not behind a transaction-pooling pooler). */
    private readonly options: { prepare: boolean },
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    const prepare = this.options.prepare;
    // While lent out, a connection's 'error' event (the server ends it between two statements, or
    // under a COPY) has no listener of the pool's: unheard, it would end the process. The error is
    // kept, the statement under way (or the next) fails with it, and the connection is discarded
    // when given back instead of being lent again.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    const query = (...args: unknown[]) => {
      const copy = typeof args[0] === 'string' ? copyOf(args[0], args[1] as unknown[]) : null;
      if (!copy) {
        return (client.query as (...given: unknown[]) => unknown)(
          ...(prepare ? preparedOnce(client, args) : args),
        );
      }
      return pipeline(Readable.from([copy.data]), client.query(copyFrom(copy.statement))).then(() => ({
        command: 'COPY',
        rowCount: null,
        rows: [],
      }));
    };
    return {
      query: this.committedWrites.connection(query as PostgresPoolClient['query']),
      release: () => {
        client.removeListener('error', onError);
        client.release(broken);
      },
    };
  }

  async end() {
    await this.pool.end();
  }
}

/** Statements a connection keeps prepared, at most; past it a statement is planned each time. */
export const preparedPerConnection = 200;
const preparedNames = new WeakMap<pg.PoolClient, Set<string>>();
const nameOfText = new Map<string, string>();

/**
 * A statement with parameters becomes a named prepared statement on its connection, so PostgreSQL
 * parses it once per connection and may reuse its plan (lists spent much of their
 * time in Parse and planning). Statements without parameters keep the simple protocol, which
 * allows several commands in one text (migrations).
 */
function preparedOnce(client: pg.PoolClient, args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return args;
  let names = preparedNames.get(client);
  if (!names) preparedNames.set(client, (names = new Set()));
  let name = nameOfText.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex')}`;
    if (nameOfText.size < 10_000) nameOfText.set(text, name);
  }
  if (!names.has(name)) {
    if (names.size >= preparedPerConnection) return args;
    names.add(name);
  }
  return [{ name, text, values }, ...args.slice(2)];
}

/**
 * Makes PGlite look like a pg Pool to Kysely's PostgreSQL dialect. PGlite is one connection in
 * the process, so a connection is lent to one user at a time: a transaction keeps it until it ends.
 */
class PglitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    private readonly committedWrites: CommittedWrites,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const pglite = this.pglite;
    // Kysely only calls query(sql, parameters); cursors (streaming) are not offered on PGlite.
    const query = async (sqlText: string, parameters: readonly unknown[]) => {
      // COPY reads its rows from a blob PGlite offers as the file /dev/blob (see CopyRows).
      const copy = copyOf(sqlText, parameters);
      const result = copy
        ? await pglite.query(copy.statement.replace(' FROM STDIN ', " FROM '/dev/blob' "), [], {
            blob: new Blob([copy.data]),
          })
        : await pglite.query(sqlText, parameters as unknown[]);
      return {
        command: result.command as 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE',
        rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    };
    return { query: this.committedWrites.connection(query as PostgresPoolClient['query']), release };
  }

  async end() {
    await this.queue;
    await this.pglite.close();
  }
}
