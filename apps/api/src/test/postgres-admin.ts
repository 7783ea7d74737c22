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
