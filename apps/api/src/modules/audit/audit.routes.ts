import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  auditExportQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
  campaignVersionsSchema,
} from '@krowd/domain/audit/audit.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf } from '../../plugins/access.ts';
import type { AuditLog } from './audit.service.ts';

const tags = ['audit'];

/**
 * The audit log (docs/decisions/0113): a brand's admins read their brands' events, the system admin
 * every event; the same filters export as CSV. Nothing here changes an event: there is no route to.
 * A campaign's version history is read by whoever may read the campaign.
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditLog;
  campaigns: { campaignInScope(scope: TenantScope, id: string): Promise<{ id: string }> };
}> = async (app, { audit, campaigns }) => {
  app.get(
    '/audit-events',
    {
      config: { access: 'audit.read' },
      schema: {
        tags,
        operationId: 'listAuditEvents',
        summary:
          "The audit log, newest first, paged: the caller's brands' events (every event for the system admin), " +
          'filtered by record type and id, user, and days in the timezone setting',
        querystring: auditListQuerySchema,
        response: { 200: successSchema(auditPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await audit.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/audit-events.csv',
    {
      config: { access: 'audit.read' },
      schema: {
        tags,
        operationId: 'exportAuditEvents',
        summary:
          'The audit log as CSV, oldest first, with the list’s filters (times in the timezone setting)',
        querystring: auditExportQuerySchema,
        response: {
          200: z.any().describe('The CSV file (text/csv; charset=utf-8), as an attachment'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const lines = audit.exportCsv(callerOf(request), request.query);
      // The first page is read before the answer starts, so a refusal (a brand out of scope) is a 404.
      const first = await lines.next();
      async function* rest() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(rest()));
    },
  );

  app.get(
    '/campaigns/:id/versions',
    {
      config: { access: 'campaigns.read' },
      schema: {
        tags: ['campaigns'],
        operationId: 'listCampaignVersions',
        summary:
          "A campaign's version history: each recorded change, oldest first, with its fields before and after",
        params: idParamsSchema,
        response: { 200: successSchema(campaignVersionsSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await campaigns.campaignInScope(callerOf(request).scope, request.params.id);
      return { respCode: respCodes.ok, versions: await audit.history('campaign', campaign.id) };
    },
  );
};
