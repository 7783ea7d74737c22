import { Readable } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicPaths } from '@krowd/domain/access/access.rules';
import {
  dashboardExportAnswerSchema,
  dashboardExportRequestSchema,
  dashboardExportStateSchema,
} from '@krowd/domain/dashboard/export.schema';
import { messages } from '@krowd/domain/messages/messages';
import { idParamsSchema } from '../../http/params.ts';
import { errorBodySchema, errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { HttpError } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import type { ExportService } from './export.service.ts';

/**
 * The spec's export reads `responseMessage` on failure (spec 3 §8 'Export failure'): the route's
 * own failures (400, 404, 409, 429) carry the envelope's errorMessage and the same text as
 * respMessage and responseMessage. 401 and 403 come from the access check before the route and
 * keep the envelope every route shares (the web handles them in one place).
 */
const exportErrorSchema = errorBodySchema.extend({ respMessage: z.string(), responseMessage: z.string() });
const exportErrorResponses = {
  ...errorResponses,
  400: exportErrorSchema,
  404: exportErrorSchema,
  409: exportErrorSchema,
  429: exportErrorSchema,
};

async function withResponseMessage(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const own = reply.statusCode >= 400 && reply.statusCode !== 401 && reply.statusCode !== 403;
  if (!own || typeof payload !== 'object' || payload === null) return payload;
  const { errorMessage } = payload as { errorMessage?: unknown };
  if (typeof errorMessage !== 'string') return payload;
  return { ...payload, respMessage: errorMessage, responseMessage: errorMessage };
}

/**
 * A mailed link opened in a browser while signed out: the login page rather than a JSON answer.
 * After signing in, the same link downloads the file.
 */
function downloadErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const wantsPage = request.headers.accept?.includes('text/html') ?? false;
  if (error instanceof HttpError && error.statusCode === 401 && wantsPage) {
    void reply.redirect(publicPaths.login, 303);
    return;
  }
  throw error;
}

export const exportRoutes: FastifyPluginAsyncZod<{ service: ExportService }> = async (app, { service }) => {
  app.post(
    '/dashboard/export',
    {
      config: { access: 'dashboard.export' },
      preSerialization: withResponseMessage,
      schema: {
        operationId: 'startDashboardExport',
        tags: ['dashboard'],
        summary:
          "Export the dashboard's transactions (the dashboard's conditions, within scope) as CSV: a background job makes the file and mails a download link to the caller's own address",
        description:
          "Qualified purchases and refunds matching the filter; with `include_not_qualified`, also the not-qualified transactions, and the columns `reason` (the catalogue's text) and `reason_code` (403 for callers who may not see reasons). `email`, when sent, must be the caller's own address. At most 3 exports may wait at once per user (429).",
        body: dashboardExportRequestSchema,
        response: { 200: dashboardExportAnswerSchema, ...exportErrorResponses },
      },
    },
    async (request) => {
      const exportId = await service.request(callerOf(request), request.body);
      const message = messages.dashboardExport.exported;
      return {
        respCode: respCodes.ok,
        respMessage: message,
        responseCode: respCodes.ok,
        responseMessage: message,
        exportId,
      };
    },
  );

  app.get(
    '/dashboard/exports/:id',
    {
      config: { access: 'dashboard.export' },
      schema: {
        operationId: 'getDashboardExport',
        tags: ['dashboard'],
        summary:
          "An export's state for the user who asked for it: preparing, ready, then mailed once the link has gone; 404 for anyone else",
        params: idParamsSchema,
        response: { 200: successSchema(dashboardExportStateSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.state(callerOf(request), request.params.id)),
    }),
  );

  app.get(
    '/dashboard/exports/:id/download',
    {
      config: { access: 'dashboard.export' },
      errorHandler: downloadErrorHandler,
      schema: {
        operationId: 'downloadDashboardExport',
        tags: ['dashboard'],
        summary:
          "Download an export's CSV through the mailed link: only the user who asked for it, signed in; 404 for anyone else, 410 once expired (7 days)",
        params: idParamsSchema,
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: z.any().describe('The CSV file (text/csv; charset=utf-8), as an attachment'),
          ...errorResponses,
          410: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(callerOf(request), request.params.id, request.query.token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.byteSize))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(file.content));
    },
  );
};
