import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.generated.ts';

/** GET /api/health: answers 200 only when the database answers too (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; engine: string }> = async (
  app,
  { db, engine },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), errorMessage: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(db);
        return { status: 'ok' as const, database: engine };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const, errorMessage: 'Database unreachable' });
      }
    },
  );
};
