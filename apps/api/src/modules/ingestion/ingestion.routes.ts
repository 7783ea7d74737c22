import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ingestionLogPageSchema,
  uploadedDateSchema,
} from '@krowd/domain/ingestion/ingestion-response.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import {
  ingestionListQuerySchema,
  uploadedDateRequestSchema,
  type IngestionService,
} from './ingestion.service.ts';

/** The ingestion logs list (spec 2 §2.6, §7: GET ingestionLogs). */
export const ingestionRoutes: FastifyPluginAsyncZod<{ service: IngestionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/ingestionLogs',
    {
      config: { access: 'ingestionLogs.read' },
      schema: {
        operationId: 'listIngestionLogs',
        tags: ['ingestion'],
        summary:
          'The ingestion logs: paged, sorted and searched by data source; brand-side callers see their brands’ share',
        querystring: ingestionListQuerySchema,
        response: {
          200: successSchema(ingestionLogPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.list(callerOf(request).scope, request.query)),
    }),
  );

  app.post(
    '/ingestionLogs/getUploadedDate',
    {
      config: { access: 'ingestionLogs.date' },
      schema: {
        operationId: 'getUploadDates',
        tags: ['ingestion'],
        summary:
          "The latest upload's dates and each publisher's last transaction date, for a brand, a group or the caller's scope",
        body: uploadedDateRequestSchema,
        response: {
          200: successSchema(uploadedDateSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.uploadedDate(callerOf(request).scope, request.body)),
    }),
  );
};
