import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardAnswerSchema, dashboardRequestSchema } from '@krowd/domain/dashboard/dashboard.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { callerOf } from '../../plugins/access.ts';
import { keptAnswerOf, sendKeptAnswer, type KeptAnswer } from '../../plugins/kept-answers.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The performance dashboard's statistics (spec 3 §7 POST /client; brief §3 /api/dashboard/client). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  /**
   * Each kept answer (dashboard-cache.ts) serialized and compressed once: the service gives the same
   * object until the answer is dropped, and its bytes go with it.
   */
  const sent = new WeakMap<DashboardAnswer, KeptAnswer>();
  app.post(
    '/dashboard/client',
    {
      config: { access: 'dashboard.read' },
      schema: {
        operationId: 'getDashboard',
        tags: ['dashboard'],
        summary:
          'Campaign overview statistics, insights, weekly performance and distribution for the filters (conditions_body), within scope; money in pence',
        body: dashboardRequestSchema,
        response: { 200: successSchema({ dashboard: dashboardAnswerSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const dashboard = await service.client(caller.scope, request.body, caller.audience);
      let kept = sent.get(dashboard);
      if (!kept) {
        kept = keptAnswerOf(reply.serialize({ respCode: respCodes.ok, dashboard }));
        sent.set(dashboard, kept);
      }
      return sendKeptAnswer(request, reply, kept);
    },
  );
};
