import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withAdmin } from '../test/postgres-admin.ts';
import { openDatabase } from './database.ts';

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
