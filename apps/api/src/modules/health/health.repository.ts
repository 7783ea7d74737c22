import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** The readiness check's one statement. SQL only. */
export function createHealthRepository(db: Kysely<DB>) {
  return {
    /** Resolves when the database answers a query; rejects with its error otherwise. */
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
