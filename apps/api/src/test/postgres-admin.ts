import pg from 'pg';

/** The same PostgreSQL server address with another database name. */
export function databaseUrlFor(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the database DATABASE_URL names, where CREATE and DROP DATABASE may run. */
export async function withAdmin<T>(databaseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A test's own database, copied from the run's template (global-setup.ts), committing without
 * waiting for the disk (`synchronous_commit = off`). The machine's PostgreSQL flushes its log at
 * each commit: 4–11 ms a commit on CI's shared disk, against a tenth of a millisecond without, and
 * the suite commits tens of thousands of times. A commit still happens or does not as a whole, and
 * is seen by every other connection at once; only a crash of the PostgreSQL server itself could lose
 * the last fraction of a second, which no test here does to this server (the tests that stop a
 * server start their own). The tests that kill the app's process keep the full flush.
 */
export async function copyTemplateDatabase(databaseUrl: string, template: string, name: string) {
  await withAdmin(databaseUrl, async (admin) => {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
}
