import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settlementFilePageSchema } from '@krowd/domain/settlement/settlement-response.schema';
import {
  publisherSettlementListQuerySchema,
  settlementListQuerySchema,
} from '@krowd/domain/settlement/settlement.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf, publisherOf } from '../../plugins/access.ts';
import type { SettlementDownload, SettlementFiles } from './settlement-files.service.ts';

const pageAnswer = successSchema(settlementFilePageSchema.shape);

/** The CSV download's answer: the stored bytes as text/csv (the OpenAPI document names the type). */
const csvAnswer = {
  description:
    'The file as stored (RFC 4180, UTF-8, LF line ends), as an attachment named settlement-<kind>-<period>.csv; ' +
    'its SHA-256 (hex) of these bytes in the X-Checksum-SHA256 header',
  content: { 'text/csv': { schema: z.string() } },
  headers: {
    'X-Checksum-SHA256': {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description: "SHA-256 (hex) of the body's bytes",
    },
    'Content-Disposition': {
      type: 'string',
      description: 'attachment; filename="settlement-<kind>-<period>.csv"',
    },
  },
};

const fileExample = {
  id: '5d0f6a1e-8c2b-4e3f-9a7d-1b2c3d4e5f60',
  publisherId: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  publisherName: 'Demo Bank Rewards',
  kind: 'daily',
  period: '2026-12-01',
  fileName: 'settlement-daily-2026-12-01.csv',
  rows: 42,
  cashbackPence: 12_650,
  successFeePence: 9_480,
  sha256: 'c0535e4be2b79ffd93291305436bf889314e4a3faec05ecffcbb7df31ad9e51a',
  generatedAt: '2026-12-02T00:05:00.000Z',
};

function sendCsv(reply: FastifyReply, file: SettlementDownload) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-checksum-sha256', file.sha256)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

/**
 * Settlement files in the web app (docs/decisions/0107): the system admin any publisher's, a bank
 * admin its bank's publisher's; listed without their content, downloaded as stored.
 */
export const settlementFilesRoutes: FastifyPluginAsyncZod<{ files: SettlementFiles }> = async (
  app,
  { files },
) => {
  app.get(
    '/settlement-files',
    {
      config: { access: 'settlements.read' },
      schema: {
        tags: ['settlements'],
        operationId: 'listSettlementFilesForUser',
        summary:
          "Settlement files the caller may read: a publisher's (publisherId; the system admin any, a bank admin its bank's), newest period first",
        querystring: settlementListQuerySchema,
        response: { 200: pageAnswer, ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await files.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/settlement-files/:id/download',
    {
      config: { access: 'settlements.read' },
      schema: {
        tags: ['settlements'],
        operationId: 'downloadSettlementFileForUser',
        summary: 'One settlement file as stored (text/csv), with its checksum in X-Checksum-SHA256',
        params: idParamsSchema,
        response: { 200: csvAnswer, ...errorResponses },
      },
    },
    async (request, reply) => sendCsv(reply, await files.download(callerOf(request), request.params.id)),
  );
};

const keyConfig = { access: 'public', publisherKey: ['live'] } as const;
const security = [{ publisherKey: [] }];

/**
 * A publisher's system lists and downloads its own settlement files with its live key; a new one
 * is also told by the settlement.ready webhook, with its checksum and download path.
 */
export const publisherSettlementRoutes: FastifyPluginAsyncZod<{ files: SettlementFiles }> = async (
  app,
  { files },
) => {
  app.get(
    '/publisher/settlement-files',
    {
      config: keyConfig,
      schema: {
        tags: ['publisher api'],
        security,
        operationId: 'listSettlementFiles',
        summary:
          "The key's publisher's settlement files, newest period first, with their totals and checksums",
        description:
          'A daily redemption file for each closed local day and a monthly settlement file for each closed month (timezone setting). ' +
          'Filter by kind (daily or monthly) and period: a month (YYYY-MM) matches its monthly file and its days, a date (YYYY-MM-DD) that day. ' +
          'Files are made once and never change; download one with downloadSettlementFile.',
        querystring: publisherSettlementListQuerySchema,
        response: {
          200: pageAnswer.meta({
            examples: [
              {
                respCode: 200,
                data: [fileExample],
                pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
              },
            ],
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await files.listForPublisher(publisherOf(request).publisherId, request.query)),
    }),
  );

  app.get(
    '/publisher/settlement-files/:id',
    {
      config: keyConfig,
      schema: {
        tags: ['publisher api'],
        security,
        operationId: 'downloadSettlementFile',
        summary: "One of the key's publisher's settlement files as stored (text/csv)",
        description:
          'Check the bytes against the X-Checksum-SHA256 header (SHA-256, hex), the sha256 of the listing and of settlement.ready. ' +
          'Money is integer pence, negative on refunds and credit notes; times are local with their offset (ISO 8601).',
        params: idParamsSchema,
        response: { 200: csvAnswer, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await files.downloadForPublisher(publisherOf(request).publisherId, request.params.id)),
  );
};
