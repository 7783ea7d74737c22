import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reviewListAnswerSchema,
  reviewUploadAnswerSchema,
  reviewUploadRefusalSchema,
} from '@krowd/domain/insights/insights-response.schema';
import {
  reviewBatchSchema,
  reviewFileColumns,
  reviewFileMaxBytes,
  reviewListQuerySchema,
} from '@krowd/domain/insights/reviews.schema';
import { messages } from '@krowd/domain/messages/messages';
import { CsvSyntaxError } from '../../http/csv.ts';
import { CsvStreamError, csvRecordBatchesOf, isBodyStream } from '../../http/csv-stream.ts';
import { errorBodySchema, errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { ReviewsRepository } from './reviews.repository.ts';
import { ReviewsRefused, type ReviewItem, type ReviewsService } from './reviews.service.ts';

const m = messages.insights;

const reviewsRefusedSchema = errorBodySchema.extend(reviewUploadRefusalSchema.shape);

/**
 * Reviews in (spec 3 §2.7; docs/social-analytics.md): the system admin uploads a CSV or posts a
 * JSON batch, every row analysed and stored in one transaction or none, and lists what is stored.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  repository: ReviewsRepository;
}> = async (app, { reviews, repository }) => {
  // The raw stream of a text/csv upload: read as it arrives, checked by content and size.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  const refusal = (error: unknown) => {
    if (error instanceof ReviewsRefused) {
      return {
        code: 'file_refused' as const,
        errorMessage: error.message,
        ...(error.errors.length ? { errors: error.errors } : {}),
      };
    }
    throw error;
  };

  app.post(
    '/reviews/upload',
    {
      config: { access: 'reviews.manage' },
      schema: {
        operationId: 'uploadReviews',
        tags: ['insights'],
        summary: 'Upload a CSV of reviews: every row analysed and stored in one transaction, or none',
        description:
          `Body: text/csv, UTF-8, header ${reviewFileColumns.join(',')}; at most 20 MB. ` +
          'A file with a bad row is refused whole (400, each bad row with its line). Rows already stored ' +
          '(same source and external_id) are left as they are.',
        consumes: ['text/csv'],
        querystring: z.strictObject({ fileName: z.string().trim().min(1).max(255).optional() }),
        response: {
          200: successSchema(reviewUploadAnswerSchema.shape),
          ...errorResponses,
          400: reviewsRefusedSchema,
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
        operationId: 'createReviews',
        tags: ['insights'],
        summary:
          'Reviews as JSON ({ reviews: [...] }, at most 1,000, the CSV columns as fields): all stored, or none',
        body: reviewBatchSchema,
        response: {
          200: successSchema(reviewUploadAnswerSchema.shape),
          ...errorResponses,
          400: reviewsRefusedSchema,
        },
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
        operationId: 'listReviews',
        tags: ['insights'],
        summary: 'Stored reviews with their analysis, newest first, a page at a time',
        querystring: reviewListQuerySchema,
        response: { 200: successSchema(reviewListAnswerSchema.shape), ...errorResponses },
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
