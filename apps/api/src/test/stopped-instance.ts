import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.generated.ts';
import { createTestApp, type App, type TestApp } from './test-app.ts';

/**
 * Two instances over one database, the first with its job runner stopped, as if it died right
 * after answering: what it left in the job queue is done by the other (docs/decisions/0112).
 */
export async function stoppedAndAnotherInstance(): Promise<{ testApp: TestApp; stopped: App; other: App }> {
  const testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  await testApp.app.services.jobs.stop();
  return { testApp, stopped: testApp.app, other: await testApp.anotherInstance() };
}

/** The jobs of a kind, oldest first: their payload, attempts and whether they are done. */
export const jobsOf = (db: Kysely<DB>, kind: string) =>
  db
    .selectFrom('jobs')
    .select(['payload', 'attempts', sql<boolean>`done_at IS NOT NULL`.as('done')])
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
