import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withAdmin } from '../test/postgres-admin.ts';
import { createTestApp } from '../test/test-app.ts';
import { CopyRows } from './copy-rows.ts';
import { copyInto, openDatabase, preparedPerConnection } from './database.ts';

describe('copyInto (COPY … FROM STDIN in binary, on the engine of this run)', () => {
  it('stores every column type as given, within the transaction', async () => {
    const { db, close } = await createTestApp();
    try {
      const given = [
        {
          n: 0,
          big: -9_007_199_254_740_991,
          label: 'tab\there, line\nbreak, back\\slash, \\N, £ and 🎉',
          id: '0190f0a2-1c3d-7e4f-8a9b-0c1d2e3f4a5b',
          at: Date.UTC(1999, 11, 31, 23, 59, 59, 999),
          wall: Date.UTC(2026, 2, 29, 1, 30),
          terms: { cashbackPercent: 10, note: 'café' },
        },
        {
          n: 2_147_483_647,
          big: 9_007_199_254_740_991,
          label: '',
          id: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
          at: Date.UTC(2026, 10, 24, 12, 0, 0, 1),
          wall: Date.UTC(2000, 0, 1),
          terms: null,
        },
        { n: -1, big: 0, label: null, id: null, at: 0, wall: 0, terms: [] },
      ];
      const rows = new CopyRows(7);
      for (const row of given) {
        rows
          .row()
          .int4(row.n)
          .int8(row.big)
          .text(row.label)
          .uuid(row.id)
          .timestamp(row.at)
          .timestamp(row.wall)
          .jsonb(row.terms === null ? null : JSON.stringify(row.terms));
      }
      const stored = await db.transaction().execute(async (trx) => {
        await sql`CREATE TEMP TABLE copied (n integer, big bigint, label text, id uuid, at timestamptz,
          wall timestamp, terms jsonb) ON COMMIT DROP`.execute(trx);
        await copyInto(trx, 'copied', ['n', 'big', 'label', 'id', 'at', 'wall', 'terms'], rows);
        return (
          await sql<Record<string, unknown>>`SELECT n, big, label, id::text, at,
            to_char(wall, 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS wall, terms FROM copied ORDER BY n`.execute(trx)
        ).rows;
      });
      expect(stored).toEqual(
        [...given]
          .sort((a, b) => a.n - b.n)
          .map((row) => ({
            ...row,
            id: row.id?.toLowerCase() ?? null,
            at: new Date(row.at),
            wall: new Date(row.wall).toISOString().slice(0, 23),
          })),
      );
    } finally {
      await close();
    }
  });

  it('fails the statement on a bad row and leaves the transaction to roll back', async () => {
    const { db, close } = await createTestApp();
    try {
      const copy = db.transaction().execute(async (trx) => {
        await sql`CREATE TEMP TABLE copied (n integer NOT NULL) ON COMMIT DROP`.execute(trx);
        await copyInto(trx, 'copied', ['n'], new CopyRows(1).row().int4(1).row().null());
      });
      await expect(copy).rejects.toThrow(/null value in column "n"/);
      const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db);
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await close();
    }
  });

  it('refuses rows written for another number of columns before sending anything', async () => {
    const { db, close } = await createTestApp();
    try {
      const copy = db.transaction().execute((trx) => copyInto(trx, 'users', ['id'], new CopyRows(2)));
      await expect(copy).rejects.toThrow('COPY into users: 2 fields a row for 1 columns');
    } finally {
      await close();
    }
  });
});

/**
 * The PostgreSQL pool when the server ends an idle connection (a restart, a failover, a database
 * dropped WITH (FORCE)): the process carries on and the next query opens a new connection. Before
 * the pool had an 'error' listener, this ended the process (seen as an unhandled error in tests).
 */
describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and the next query works', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL!,
      dataDir: 'memory',
      poolMax: 1,
    });
    try {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
      const pid = rows[0]!.pid;
      await withAdmin(process.env.DATABASE_URL!, (admin) =>
        admin.query('SELECT pg_terminate_backend($1)', [pid]),
      );
      // Give the idle client time to read the server's goodbye and raise its error.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.close();
    }
  });

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL!,
      dataDir: 'memory',
      poolMax: 1,
    });
    try {
      const lookup = (n: number) => sql<{ n: number }>`SELECT ${n}::int + 1 AS n`.execute(database.db);
      expect((await lookup(1)).rows[0]!.n).toBe(2);
      expect((await lookup(41)).rows[0]!.n).toBe(42);
      const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${'%::int + 1 AS n'}`.execute(
        database.db,
      );
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('keeps several commands in one text without parameters working (the simple protocol)', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL!,
      dataDir: 'memory',
      poolMax: 1,
    });
    try {
      await sql
        .raw('CREATE TEMP TABLE several (n int); INSERT INTO several VALUES (1), (2); SELECT 1')
        .execute(database.db);
      const { rows } = await sql<{ total: number }>`SELECT sum(n)::int AS total FROM several`.execute(
        database.db,
      );
      expect(rows[0]!.total).toBe(3);
    } finally {
      await database.close();
    }
  });

  it('plans a statement each time once a connection holds its share of prepared ones', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL!,
      dataDir: 'memory',
      poolMax: 1,
    });
    try {
      for (let i = 0; i < preparedPerConnection + 20; i += 1)
        await sql`SELECT ${i}::int AS ${sql.ref(`n${i}`)}`.execute(database.db);
      const { rows } = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM pg_prepared_statements`.execute(database.db);
      expect(rows[0]!.count).toBe(preparedPerConnection);
    } finally {
      await database.close();
    }
  });
});
