import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardAnswerSchema, dashboardRequestSchema } from '@krowd/domain/dashboard/dashboard.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The performance dashboard's statistics (spec 3 §7 POST /client; brief §3 /api/dashboard/client). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.post(
    '/dashboard/client',
    {
      config: { access: 'dashboard.read' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Campaign overview statistics, insights, weekly performance and distribution for the filters (conditions_body), within scope; money in pence',
        body: dashboardRequestSchema,
        response: { 200: successSchema({ dashboard: dashboardAnswerSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      dashboard: await service.client(callerOf(request).scope, request.body, callerOf(request).audience),
    }),
  );
};
