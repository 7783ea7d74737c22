import { z } from 'zod';
import { messages } from '../messages/messages';

/**
 * Social analytics (spec 3 §2.7, §3 'Insights responses', §7 reviewsdata calls; brief §5): the
 * queries of the figures' calls (the insights login and sign-up are in insights-visitors.schema.ts,
 * the reviews coming in in reviews.schema.ts, every answer in insights-response.schema.ts). The API
 * validates with these and the web codes against them.
 *
 * The design these follow: docs/social-analytics.md. Reviews belong to venues of the branch
 * directory (a kmid such as 'KM5000001'); a brand's venues are the kmids of its live branches.
 * Competitors are the directory's other venues: of no brand of ours, or of other brands.
 *
 * Note to the web (06:20, once, before anything used them): kmid and entityId are directory kmids,
 * not uuids; the login's pass is `data.insightsPass`; scatter points and the review upload follow the
 * design doc. From here on these files only grow.
 *
 * Contract rule: these four files only grow. A field is added (optional where the answer may lack
 * it), never renamed or removed without a note to the web feature (apps/web/src/features/insights).
 *
 * Who may call (access.rules 'insights.read', 'reviews.manage'): brand admins, group admins and the
 * system admin within their tenant scope; or anyone holding an insights pass (POST
 * /api/insights/savebrandDetails, the spec's /getinsights login) for the pass's brand only.
 */

/** The review aspects, in the order every chart shows them (spec 3 §2.7). */
export const insightAspects = ['Food', 'Price', 'Ambiance', 'Service'] as const;
export type InsightAspect = (typeof insightAspects)[number];

/** The date-range choices in days (spec 3 §4, §9: last 3, 6, 12 or 24 months; default 12). */
export const insightRangeDays = [90, 180, 360, 720] as const;
export const defaultInsightRangeDays = 360;

/** Header an API client sends an insights pass in; the browser gets it as an httpOnly cookie too. */
export const insightsPassHeader = 'x-insights-pass';

/** A uuid (a brand, a visitor record). */
export const insightsIdSchema = z.uuid(messages.insights.idInvalid);

/** A venue of the branch directory (branch_directory.kmid). */
export const kmidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, messages.insights.kmidInvalid);

/** A kmid, or '' / 'all' / 'All' for 'no filter' (spec 3 §4: branch 'all' sends an empty kmid). */
export const optionalKmid = z
  .union([z.literal(''), z.literal('all'), z.literal('All'), kmidSchema])
  .optional()
  .transform((value) => (value && value.toLowerCase() !== 'all' ? value : undefined));

const isoInstant = z.iso.datetime({ offset: true, message: messages.insights.datePayloadInvalid });

/**
 * `datePayload`: a JSON string `{"$gt": ISO timestamp, "$lt": ISO timestamp}` (spec 3 §7), the
 * reviews' time window, start exclusive and end exclusive. Absent: the last 360 days to now.
 * Refused (400): not JSON, a missing bound, a start not before the end, or a window over 2 years.
 */
export const datePayloadSchema = z
  .string()
  .max(200, messages.insights.datePayloadInvalid)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: messages.insights.datePayloadInvalid });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .strictObject({ $gt: isoInstant, $lt: isoInstant }, { error: messages.insights.datePayloadInvalid })
      .refine((range) => Date.parse(range.$gt) < Date.parse(range.$lt), messages.insights.datePayloadOrder)
      .refine(
        (range) => Date.parse(range.$lt) - Date.parse(range.$gt) <= 731 * 86_400_000,
        messages.insights.datePayloadTooLong,
      )
      .transform((range) => ({ from: new Date(range.$gt), to: new Date(range.$lt) })),
  );
export type InsightsWindow = { from: Date; to: Date };

const aspectParam = z
  .enum(
    [...insightAspects, ...insightAspects.map((aspect) => aspect.toLowerCase())] as [string, ...string[]],
    {
      error: messages.insights.aspectInvalid,
    },
  )
  .transform((value) => insightAspects.find((aspect) => aspect.toLowerCase() === value.toLowerCase())!);

/** GET /api/reviewsdata/factorsAffectingars: the summary cards and the Overview's sentiment bars. */
export const factorsQuerySchema = z.strictObject({
  brandId: insightsIdSchema,
  datePayload: datePayloadSchema.optional(),
  /** The branch (kmid); '' or 'all' for every branch of the brand. */
  kmid: optionalKmid,
});
export type FactorsQuery = z.infer<typeof factorsQuerySchema>;

/** GET /api/reviewsdata/branchdetails: the branch pickers. */
export const branchDetailsQuerySchema = z.strictObject({ brandId: insightsIdSchema });

/** GET /api/reviewsdata/getscatterchart: every brand's score against its net positive for one aspect. */
export const scatterQuerySchema = z.strictObject({
  brandId: insightsIdSchema,
  /** The aspect (Food, Price, Ambiance, Service; any case). */
  tagType: aspectParam,
  datePayload: datePayloadSchema.optional(),
  kmid: optionalKmid,
});
export type ScatterQuery = z.infer<typeof scatterQuerySchema>;

/** GET /api/reviewsdata: the Trends tab's two line charts. */
export const trendsQuerySchema = z.strictObject({
  brandId: insightsIdSchema,
  datePayload: datePayloadSchema.optional(),
  /** The 'Net Positive Reviews' chart's type select (default Food). */
  trendFlag: aspectParam.optional(),
  /** The brand's branch, '' or 'all' for all of them. */
  kmid: optionalKmid,
  /** The competitor venue to compare with (a kmid from branchdetails' `competitors`); absent or '': none. */
  entityId: optionalKmid,
});
export type TrendsQuery = z.infer<typeof trendsQuerySchema>;

const isoDate = z.iso.date(messages.insights.dateInvalid);

/** GET /api/reviewsdata/similarity: the Overview's and the Similarity tab's radars. */
export const similarityQuerySchema = z
  .strictObject({
    /** yyyy-MM-dd, inclusive, in the timezone setting. */
    fromdate: isoDate,
    /** yyyy-MM-dd, inclusive, in the timezone setting. */
    todate: isoDate,
    /** The brand. */
    entityId: insightsIdSchema,
    /** The brand's branch, '' or 'all' for all of them. */
    kmid: optionalKmid,
  })
  .refine((query) => query.fromdate <= query.todate, {
    message: messages.insights.datePayloadOrder,
    path: ['todate'],
  });
export type SimilarityQuery = z.infer<typeof similarityQuerySchema>;

/** GET /api/reviewsdata/getBrandInsights?filter=: the brands that have reviews, for the insights login's brand select. */
export const brandInsightsFilterSchema = z
  .string()
  .max(500, messages.insights.filterInvalid)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: messages.insights.filterInvalid });
      return z.NEVER;
    }
  })
  .pipe(
    z.strictObject(
      {
        /** Part of the brand's name, case-insensitive. */
        search: z.string().trim().max(100).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      },
      { error: messages.insights.filterInvalid },
    ),
  );
export const brandInsightsQuerySchema = z.strictObject({
  filter: brandInsightsFilterSchema.optional(),
});

/**
 * Whether a text holds a control character (a NUL byte cannot even be stored in PostgreSQL text).
 * Tabs and line breaks are allowed where `multiline` (a review's text).
 */
export function hasControlCharacter(text: string, multiline = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (multiline && (code === 9 || code === 10 || code === 13)) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}
