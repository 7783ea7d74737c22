import { z } from 'zod';
import { messages } from '../messages/messages';
import { optionalKmid } from './insights.schema';

/**
 * POST /api/reviews/upload (multipart, field `file`): a CSV of reviews, UTF-8, header row:
 * `source,external_id,kmid,reviewed_at,rating,reviewer_rating,text`. `external_id` is unique per
 * `source` (re-uploading changes nothing); `kmid` a venue of the branch directory; `reviewed_at`
 * ISO 8601 with offset, not in the future; `rating` 1–5; `reviewer_rating` the reviewer's own
 * standing 1–5 or empty; `text` up to 5,000 characters. One bad row refuses the whole file (400,
 * `errors` lists every bad row by line, the header being line 1); nothing is half-written.
 * POST /api/reviews takes the same rows as JSON (`{ reviews: [...] }`, at most 1,000).
 */
export const reviewFileColumns = [
  'source',
  'external_id',
  'kmid',
  'reviewed_at',
  'rating',
  'reviewer_rating',
  'text',
] as const;
export const reviewTextMaxLength = 5000;
/** The largest review file accepted (bytes). */
export const reviewFileMaxBytes = 20 * 1024 * 1024;
export const reviewBatchMax = 1000;

/** One review as uploaded: every field a string as in the CSV; checked by reviewRowOf (reviews.rules). */
export const reviewInputSchema = z.strictObject({
  source: z.string(),
  external_id: z.string(),
  kmid: z.string(),
  reviewed_at: z.string(),
  rating: z.union([z.string(), z.number()]),
  reviewer_rating: z.union([z.string(), z.number(), z.null()]).optional(),
  text: z.string(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export const reviewBatchSchema = z.strictObject({
  reviews: z.array(reviewInputSchema).min(1, messages.insights.uploadEmpty).max(reviewBatchMax),
});

/** GET /api/reviews: the stored reviews, newest first, with their analysis (system admin). */
export const reviewListQuerySchema = z.strictObject({
  kmid: optionalKmid,
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
