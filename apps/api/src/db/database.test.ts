import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withAdmin } from '../test/postgres-admin.ts';
import { createTestApp } from '../test/test-app.ts';
import { copyField, copyInto, openDatabase } from './database.ts';

describe('copyInto (COPY … FROM STDIN, on the engine of this run)', () => {
  it('stores the rows as given, escapes included, within the transaction', async () => {
    const { db, close } = await createTestApp();
    try {
      const texts = ['plain', 'tab\there', 'line\nbreak', 'back\\slash', 'return\r', '\\N as text', null];
      const stored = await db.transaction().execute(async (trx) => {
        await sql`CREATE TEMP TABLE copied (n integer, label text) ON COMMIT DROP`.execute(trx);
        const lines = texts.map((text, index) => `${copyField(index)}\t${copyField(text)}\n`).join('');
        await copyInto(trx, 'copied', ['n', 'label'], lines);
        return (
          await sql<{ n: number; label: string | null }>`SELECT n, label FROM copied ORDER BY n`.execute(trx)
        ).rows;
      });
      expect(stored).toEqual(texts.map((label, n) => ({ n, label })));
    } finally {
      await close();
    }
  });

  it('fails the statement on a bad row and leaves the transaction to roll back', async () => {
    const { db, close } = await createTestApp();
    try {
      const copy = db.transaction().execute(async (trx) => {
        await sql`CREATE TEMP TABLE copied (n integer NOT NULL) ON COMMIT DROP`.execute(trx);
        await copyInto(trx, 'copied', ['n'], '1\nnot a number\n');
      });
      await expect(copy).rejects.toThrow(/invalid input syntax for type integer/);
      const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db);
      expect(rows).toEqual([{ ok: 1 }]);
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
});
