import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@krowd/domain/access/access.rules';
import {
  insightsLoginAnswerSchema,
  insightsLoginSchema,
  insightsSignupParamsSchema,
  insightsSignupSchema,
} from '@krowd/domain/insights/insights-visitors.schema';
import {
  branchDetailsAnswerSchema,
  branchDetailsQuerySchema,
  brandInsightsAnswerSchema,
  brandInsightsQuerySchema,
  factorsAnswerSchema,
  factorsQuerySchema,
  insightsPassHeader,
  scatterAnswerSchema,
  scatterQuerySchema,
  similarityAnswerSchema,
  similarityQuerySchema,
  trendsAnswerSchema,
  trendsQuerySchema,
} from '@krowd/domain/insights/insights.schema';
import {
  reviewBatchSchema,
  reviewFileColumns,
  reviewFileMaxBytes,
  reviewListAnswerSchema,
  reviewListQuerySchema,
  reviewUploadAnswerSchema,
  reviewUploadRefusalSchema,
} from '@krowd/domain/insights/reviews.schema';
import { messages } from '@krowd/domain/messages/messages';
import { CsvSyntaxError } from '../../http/csv.ts';
import { deviceOf } from '../../http/device.ts';
import { errorBodySchema, errorResponses, messageOnlySchema, respCodes } from '../../http/envelope.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors.ts';
import { CsvStreamError, csvRecordBatchesOf } from '../ingestion/csv-stream.ts';
import { isBodyStream } from '../ingestion/transactions.routes.ts';
import type { InsightsRepository } from './insights.repository.ts';
import type { InsightsCaller, InsightsService } from './insights.service.ts';
import { ReviewsRefused, type ReviewItem, type ReviewsService } from './reviews.service.ts';

const m = messages.insights;

/**
 * Social analytics (spec 3 §2.7, §7; docs/social-analytics.md). The reviewsdata calls answer a
 * signed-in caller holding insights.read within their scope, or a visitor sending an insights pass
 * (X-Insights-Pass) for the pass's brand; the caller is settled before the input is validated, so
 * a caller who may not read learns nothing from the input rules. Reviews come in through the
 * system admin's upload.
 */
export const insightsRoutes: FastifyPluginAsyncZod<{
  service: InsightsService;
  reviews: ReviewsService;
  repository: InsightsRepository;
}> = async (app, { service, reviews, repository }) => {
  const callers = new WeakMap<FastifyRequest, InsightsCaller>();

  /** A pass when one is sent; else the session, whose audience must hold insights.read; else 401. */
  const resolveCaller = async (request: FastifyRequest) => {
    const pass = request.headers[insightsPassHeader];
    if (typeof pass === 'string' && pass !== '') {
      callers.set(request, await service.passCaller(pass));
      return;
    }
    if (!request.auth) throw unauthorized();
    if (!can(request.auth.audience, 'insights.read')) throw forbidden();
    callers.set(request, { kind: 'user', audience: request.auth.audience, scope: request.auth.scope });
  };
  const callerOf = (request: FastifyRequest) => {
    const caller = callers.get(request);
    if (!caller) throw unauthorized();
    return caller;
  };
  const reader = { config: { access: 'optional' as const }, preValidation: resolveCaller };
  const readerHeaders = z.object({ [insightsPassHeader]: z.string().max(200).optional() });

  app.get(
    '/reviewsdata/factorsAffectingars',
    {
      ...reader,
      schema: {
        tags: ['insights'],
        summary:
          'Summary cards and sentiment bars: Aggregate Score, review count, Revenue YTD (signed in) or the 20% teaser (pass), ranks, aspect mentions',
        headers: readerHeaders,
        querystring: factorsQuerySchema,
        response: { 200: factorsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      response: await service.factors(callerOf(request), request.query),
    }),
  );

  app.get(
    '/reviewsdata/branchdetails',
    {
      ...reader,
      schema: {
        tags: ['insights'],
        summary: "The brand's venues (branch pickers) and the competitor venues of its cities",
        headers: readerHeaders,
        querystring: branchDetailsQuerySchema,
        response: { 200: branchDetailsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      data: await service.branchDetails(callerOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/reviewsdata/getscatterchart',
    {
      ...reader,
      schema: {
        tags: ['insights'],
        summary: "Each entity of the brand's cities: Aggregate Score against the aspect's net positive share",
        headers: readerHeaders,
        querystring: scatterQuerySchema,
        response: { 200: scatterAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      data: await service.scatter(callerOf(request), request.query),
    }),
  );

  app.get(
    '/reviewsdata',
    {
      ...reader,
      schema: {
        tags: ['insights'],
        summary:
          'Trends: monthly Aggregate Score of the brand (or branch) and a competitor venue, and Net Positive Reviews of one aspect',
        headers: readerHeaders,
        querystring: trendsQuerySchema,
        response: { 200: trendsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.trends(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/reviewsdata/similarity',
    {
      ...reader,
      schema: {
        tags: ['insights'],
        summary:
          'Most similar brands and venues (Jensen–Shannon distance of aspect mentions) and the aspect radars',
        headers: readerHeaders,
        querystring: similarityQuerySchema,
        response: { 200: similarityAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.similarity(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/reviewsdata/getBrandInsights',
    {
      config: { access: 'public' },
      schema: {
        tags: ['insights'],
        summary: "Brands with reviews, searchable by name: the insights login's brand select",
        querystring: brandInsightsQuerySchema,
        response: { 200: brandInsightsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      brands: await service.brandInsights(request.query.filter ?? { limit: 50 }),
    }),
  );

  app.post(
    '/insights/savebrandDetails',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        tags: ['insights'],
        summary: "The insights login: records the visitor's e-mail, brand and device; answers a 30-day pass",
        body: insightsLoginSchema,
        response: { 200: insightsLoginAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      return {
        respCode: respCodes.ok,
        respMessage: m.loggedIn,
        data: await service.login(request.body, device),
      };
    },
  );

  /** A visitor's own calls: the pass is required, a signed-in session is not enough. */
  const requirePass = async (request: FastifyRequest) => {
    const pass = request.headers[insightsPassHeader];
    if (typeof pass !== 'string' || pass === '') throw unauthorized();
    callers.set(request, await service.passCaller(pass));
  };

  app.post(
    '/insights/logout',
    {
      config: { access: 'optional' },
      preValidation: requirePass,
      schema: {
        tags: ['insights'],
        summary: "The visitor's Logout: their insights pass ends now (needs the pass)",
        headers: readerHeaders,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.logout(callerOf(request));
      return { respCode: respCodes.ok, respMessage: messages.auth.loggedOut };
    },
  );

  app.post(
    '/insights/updatebrandDetails/:id',
    {
      config: { access: 'optional' },
      preValidation: requirePass,
      schema: {
        tags: ['insights'],
        summary:
          "The Sign Up dialog: the visitor's details, kept and mailed to the system admins (needs the pass)",
        headers: readerHeaders,
        params: insightsSignupParamsSchema,
        body: insightsSignupSchema,
        response: { 205: messageOnlySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.signup(callerOf(request), request.params.id, request.body);
      return reply.code(205).send({ respCode: respCodes.updated, respMessage: m.signupSaved });
    },
  );

  /* ---------------------------------------------------------------- reviews in (system admin) */

  // The raw stream of a text/csv upload: read as it arrives, checked by content and size.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  const refusal = (error: unknown) => {
    if (error instanceof ReviewsRefused) {
      return { errorMessage: error.message, ...(error.errors.length ? { errors: error.errors } : {}) };
    }
    throw error;
  };

  app.post(
    '/reviews/upload',
    {
      config: { access: 'reviews.manage' },
      schema: {
        tags: ['insights'],
        summary: 'Upload a CSV of reviews: every row analysed and stored in one transaction, or none',
        description:
          `Body: text/csv, UTF-8, header ${reviewFileColumns.join(',')}; at most 20 MB. ` +
          'A file with a bad row is refused whole (400, each bad row with its line). Rows already stored ' +
          '(same source and external_id) are left as they are.',
        consumes: ['text/csv'],
        querystring: z.strictObject({ fileName: z.string().trim().min(1).max(255).optional() }),
        response: {
          200: reviewUploadAnswerSchema,
          ...errorResponses,
          400: reviewUploadRefusalSchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (request.query.fileName !== undefined && !/\.csv$/i.test(request.query.fileName)) {
        throw badRequest(m.uploadNotCsv);
      }
      if (!isBodyStream(request.body)) throw badRequest(m.uploadFileRequired);
      try {
        const data = await reviews.ingest(await reviewItemsOf(request.body));
        return { respCode: respCodes.ok, respMessage: m.uploaded(data.inserted, data.duplicates), data };
      } catch (error) {
        return reply.code(400).send(refusal(error));
      }
    },
  );

  app.post(
    '/reviews',
    {
      // Each row's text is checked by the upload's own rules, so a bad row is reported by its place.
      config: { access: 'reviews.manage', rowsCheckedByRoute: true },
      schema: {
        tags: ['insights'],
        summary:
          'Reviews as JSON ({ reviews: [...] }, at most 1,000, the CSV columns as fields): all stored, or none',
        body: reviewBatchSchema,
        response: { 200: reviewUploadAnswerSchema, ...errorResponses, 400: reviewUploadRefusalSchema },
      },
    },
    async (request, reply) => {
      try {
        const data = await reviews.ingest(
          request.body.reviews.map((fields, index) => ({ line: index + 1, fields })),
        );
        return { respCode: respCodes.ok, respMessage: m.uploaded(data.inserted, data.duplicates), data };
      } catch (error) {
        return reply.code(400).send(refusal(error));
      }
    },
  );

  app.get(
    '/reviews',
    {
      config: { access: 'reviews.manage' },
      schema: {
        tags: ['insights'],
        summary: 'Stored reviews with their analysis, newest first, a page at a time',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { kmid, page, perPage } = request.query;
      const rows = await repository.listReviews(kmid, page, perPage);
      const count = rows[0] ? Number(rows[0].total) : 0;
      return {
        respCode: respCodes.ok,
        data: rows.map((row) => ({
          _id: row.id,
          source: row.source,
          externalId: row.external_id,
          kmid: row.kmid,
          venueName: row.venue_name,
          reviewedAt: new Date(row.reviewed_at).toISOString(),
          rating: row.rating,
          reviewerRating: row.reviewer_rating === null ? null : Number(row.reviewer_rating),
          text: row.text,
          sentiment: Number(row.sentiment),
          aspects: {
            Food: { positive: row.food_positive, negative: row.food_negative },
            Price: { positive: row.price_positive, negative: row.price_negative },
            Ambiance: { positive: row.ambiance_positive, negative: row.ambiance_negative },
            Service: { positive: row.service_positive, negative: row.service_negative },
          },
        })),
        count,
        currentPage: page,
        perPage,
        totalPages: Math.ceil(count / perPage),
      };
    },
  );
};

/**
 * The rows of a review CSV by column name. The header must name exactly the columns of the format
 * (any order); a row with another number of values is a bad row. Not UTF-8 text (a picture renamed
 * .csv, say): 400; past 20 MB: 413.
 */
async function reviewItemsOf(stream: AsyncIterable<Uint8Array | string>): Promise<ReviewItem[]> {
  const items: ReviewItem[] = [];
  let header: string[] | null = null;
  try {
    for await (const records of csvRecordBatchesOf(stream, reviewFileMaxBytes)) {
      for (const record of records) {
        if (!header) {
          const names = record.cells.map((cell) => cell.trim());
          const expected = [...reviewFileColumns].sort().join(',');
          if ([...names].sort().join(',') !== expected) {
            throw new ReviewsRefused(m.uploadHeader(reviewFileColumns.join(',')), []);
          }
          header = names;
          continue;
        }
        if (record.cells.length !== header.length) {
          items.push({ line: record.line, error: m.rowColumns });
          continue;
        }
        const fields: Record<string, string> = {};
        header.forEach((name, index) => (fields[name] = record.cells[index]!));
        items.push({ line: record.line, fields });
      }
    }
  } catch (error) {
    if (error instanceof CsvStreamError) {
      throw error.reason === 'notText'
        ? new ReviewsRefused(m.uploadNotCsv, [])
        : new HttpError(413, m.uploadTooLarge);
    }
    if (error instanceof CsvSyntaxError) {
      throw new ReviewsRefused(error.userMessage, [{ line: error.line, message: error.userMessage }]);
    }
    throw error;
  }
  if (!header) throw new ReviewsRefused(m.uploadEmpty, []);
  return items;
}
