import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  overviewDocsRefusalSchema,
  overviewDocsStoredSchema,
  overviewListSchema,
  overviewRawSchema,
} from '@krowd/domain/overview/overview-response.schema';
import {
  overviewContentSchema,
  overviewTriggerSchema,
  type OverviewTrigger,
} from '@krowd/domain/overview/overview.schema';
import {
  errorBodySchema,
  errorResponses,
  messageOnlySchema,
  respCodes,
  successSchema,
} from '../../http/envelope.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { impressionsMaxBytes } from './impressions.ingest.ts';
import { callerOf } from '../../plugins/access.ts';
import { DocsRefused, type OverviewService } from './overview.service.ts';

const m = messages.overview;

/** Each uploaded file is read whole for checking: 64 MB each. */
const docsFileMaxBytes = impressionsMaxBytes;
const csvTypes = ['text/csv', 'application/vnd.ms-excel', 'application/octet-stream', ''];

const campaignParamsSchema = z.strictObject({ campaignId: z.uuid() });
const rawQuerySchema = z.strictObject({ id: z.uuid() });

const docsResponseSchema = successSchema(overviewDocsStoredSchema.shape);
const docsRefusedSchema = errorBodySchema.extend(overviewDocsRefusalSchema.shape);

interface DocsForm {
  transactions?: { fileName: string; bytes: Buffer };
  impressions?: { fileName: string; bytes: Buffer };
  start_date?: string;
  end_date?: string;
}

/** The docs upload's multipart form: the two CSV files and the optional month range. */
async function docsFormOf(request: FastifyRequest): Promise<DocsForm> {
  if (!request.isMultipart()) throw new HttpError(415, messages.common.unsupportedContentType);
  const form: DocsForm = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: docsFileMaxBytes, files: 2, fields: 4, parts: 6 },
    })) {
      if (part.type === 'file') {
        const field = part.fieldname;
        if (field !== 'transactions' && field !== 'impressions') {
          await part.toBuffer();
          throw badRequest(messages.validation.unexpectedField, {
            [field]: messages.validation.unexpectedField,
          });
        }
        if (!/\.csv$/i.test(part.filename) || !csvTypes.includes(part.mimetype)) {
          await part.toBuffer();
          throw badRequest(m.fileNotCsv, { [field]: m.fileNotCsv });
        }
        form[field] = { fileName: part.filename, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'start_date' || part.fieldname === 'end_date') {
        form[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(messages.ingestion.fileTooLarge(docsFileMaxBytes / 1024 / 1024));
    }
    throw badRequest(messages.common.invalidRequest);
  }
  return form;
}

/** The campaign overview calls (spec 2 §7): trigger create, docs upload, raw read, update, list. */
export const overviewRoutes: FastifyPluginAsyncZod<{ service: OverviewService }> = async (
  app,
  { service },
) => {
  await app.register(multipart);

  // Two addresses of the one call (spec 3 §7 names both): each its own operation.
  const triggers = {
    '/campaignoverview/create': 'computeCampaignOverviews',
    '/campaignoverview/createfromdata': 'computeCampaignOverviewsFromData',
  };
  for (const [path, operationId] of Object.entries(triggers)) {
    app.post(
      path,
      {
        config: { access: 'overview.manage' },
        schema: {
          operationId,
          tags: ['overview'],
          summary:
            'Queue the computation of the overview of every campaign whose month is in the range (yyyy-MM)',
          body: overviewTriggerSchema,
          response: { 200: messageOnlySchema, ...errorResponses },
        },
      },
      async (request) => {
        await service.trigger(request.body);
        return { respCode: respCodes.ok, respMessage: m.triggered };
      },
    );
  }

  app.post(
    '/campaignoverview/upload',
    {
      config: { access: 'overview.manage' },
      schema: {
        operationId: 'uploadCampaignOverviewFiles',
        tags: ['overview'],
        summary:
          'Upload a transactions file and an impressions file together: every row of both stored, or none',
        description:
          'multipart/form-data: transactions (CSV, the publisher file format, rows of any publishers), impressions ' +
          '(CSV: date,publisher,campaign_id,reach), optional start_date and end_date (yyyy-MM) of the overview to ' +
          'recompute afterwards (else the months the files cover).',
        consumes: ['multipart/form-data'],
        response: {
          200: docsResponseSchema,
          ...errorResponses,
          400: docsRefusedSchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const form = await docsFormOf(request);
      if (!form.transactions)
        throw badRequest(m.transactionsFileRequired, { transactions: m.transactionsFileRequired });
      if (!form.impressions)
        throw badRequest(m.impressionsFileRequired, { impressions: m.impressionsFileRequired });
      for (const field of ['transactions', 'impressions'] as const) {
        if (form[field]!.bytes.length === 0) throw badRequest(m.fileEmpty, { [field]: m.fileEmpty });
      }
      let range: OverviewTrigger | undefined;
      if (form.start_date || form.end_date) {
        const parsed = overviewTriggerSchema.safeParse({
          start_date: form.start_date ?? '',
          end_date: form.end_date ?? '',
        });
        if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
        range = parsed.data;
      }
      try {
        const result = await service.uploadDocs({
          transactions: form.transactions,
          impressions: form.impressions,
          range,
          userId: callerOf(request).account.id,
        });
        return {
          respCode: respCodes.ok,
          respMessage: m.docsUploaded,
          transactions: { ...result.transactions, rejected: 0 },
          impressions: result.impressions,
        };
      } catch (error) {
        if (!(error instanceof DocsRefused)) throw error;
        return reply
          .code(400)
          .send({ code: 'file_refused', errorMessage: error.message, errors: error.errors.slice(0, 1000) });
      }
    },
  );

  app.get(
    '/campaignoverview/raw',
    {
      config: { access: 'overview.read' },
      schema: {
        operationId: 'getCampaignOverview',
        tags: ['overview'],
        summary:
          "A campaign's overview: the figures in force, the computed ones, and whether they were edited",
        querystring: rawQuerySchema,
        response: { 200: successSchema(overviewRawSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.raw(callerOf(request).scope, request.query.id)),
    }),
  );

  app.put(
    '/campaignoverview/:campaignId',
    {
      config: { access: 'overview.edit' },
      schema: {
        operationId: 'updateCampaignOverview',
        tags: ['overview'],
        summary: 'Save edited overview figures: an override kept beside the computed ones (money in pence)',
        params: campaignParamsSchema,
        body: overviewContentSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.update(callerOf(request), request.params.campaignId, request.body);
      return { respCode: respCodes.updated, respMessage: m.saved };
    },
  );

  app.get(
    '/campaignoverview/list',
    {
      config: { access: 'overview.manage' },
      schema: {
        operationId: 'listCampaignOverviews',
        tags: ['overview'],
        summary: 'Campaigns of a month range (yyyy-MM) with when their overview was computed and edited',
        querystring: overviewTriggerSchema,
        response: { 200: successSchema(overviewListSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, campaigns: await service.list(request.query) }),
  );
};
