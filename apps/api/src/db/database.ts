import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

/**
 * One database API over two engines: the embedded PGlite (PostgreSQL compiled to WebAssembly,
 * the default) and a pooled real PostgreSQL when DATABASE_URL is set. Same SQL, same migrations.
 */
export interface Database {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies of it quickly (tests). */
  snapshot?: () => Promise<Blob>;
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

export async function openDatabase(options: {
  databaseUrl?: string;
  /** A directory for PGlite's files, or 'memory' for a throwaway database. */
  dataDir: string | 'memory';
  poolMax?: number;
  /** PGlite only: start from a snapshot taken with `snapshot()`. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

function openPostgres(url: string, poolMax: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        const parse = parsers[oid as keyof typeof parsers];
        return parse ?? pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, a failover, DROP DATABASE … WITH (FORCE) in
  // tests) is dropped by the pool, which opens another on demand; the next query reports a real outage.
  // Without a listener the pool's 'error' event would end the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
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
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new PglitePool(pglite) }),
  });
  return { db, engine: 'pglite', close: () => db.destroy(), snapshot: () => pglite.dumpDataDir('none') };
}

/**
 * Makes PGlite look like a pg Pool to Kysely's PostgreSQL dialect. PGlite is one connection in
 * the process, so a connection is lent to one user at a time: a transaction keeps it until it ends.
 */
class PglitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const pglite = this.pglite;
    // Kysely only calls query(sql, parameters); cursors (streaming) are not offered on PGlite.
    const query = async (sqlText: string, parameters: readonly unknown[]) => {
      const result = await pglite.query(sqlText, parameters as unknown[]);
      return {
        command: result.command as 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE',
        rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    };
    return { query: query as PostgresPoolClient['query'], release };
  }

  async end() {
    await this.queue;
    await this.pglite.close();
  }
}
