import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import type { HealthRepository } from './health.repository.ts';

/**
 * Two checks a supervisor or load balancer can tell apart (docs/decisions.md 'Serving through
 * database faults'): `GET /api/health/live` answers while the process serves, whatever the
 * database does (restart the process only when this fails); `GET /api/health` answers 200 only
 * when the database answers too (send traffic only while this passes). No answer at all means the
 * process is down; 503 from /api/health with `database: 'unreachable'` means the database is. While
 * the process shuts down both answer 503.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository; engine: string }> = async (
  app,
  { health, engine },
) => {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        operationId: 'checkLiveness',
        tags: ['health'],
        summary: 'Liveness: the process serves requests (the database is not asked)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        operationId: 'checkReadiness',
        tags: ['health'],
        summary: 'Readiness: the process serves and its database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({
            status: z.literal('unavailable'),
            database: z.literal('unreachable'),
            code: z.literal('service_unavailable'),
            errorMessage: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await health.ping();
        return { status: 'ok' as const, database: engine };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'unavailable' as const,
          database: 'unreachable' as const,
          code: 'service_unavailable' as const,
          errorMessage: messages.health.databaseUnreachable,
        });
      }
    },
  );
};
