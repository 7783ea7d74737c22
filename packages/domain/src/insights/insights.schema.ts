import { z } from 'zod';
import { emailField } from '../auth/auth.schema';
import { messages } from '../messages/messages';

/**
 * Social analytics (spec 3 §2.7, §3 'Insights responses', §7 reviewsdata calls; brief §5): the
 * queries, bodies and answers of every insights call. The API validates and serialises with these
 * and the web codes against them. Scores are 0–100 with one decimal; money is integer pence.
 *
 * Contract rule: this file only grows. A field is added (optional where the answer may lack it),
 * never renamed or removed without a note to the web feature (apps/web/src/features/insights).
 *
 * Who may call (access.rules 'insights.read', 'reviews.manage'): brand admins, group admins and the
 * system admin within their tenant scope; or anyone holding an insights pass (POST
 * /api/insights/savebrandDetails, the spec's /getinsights login) for the pass's brand only. A pass
 * answer never carries revenue: `currentYearRevenue` is left out and `teaser` is given instead.
 */

/** The review aspects, in the order every chart shows them (spec 3 §2.7). */
export const insightAspects = ['Food', 'Price', 'Ambiance', 'Service'] as const;
export type InsightAspect = (typeof insightAspects)[number];

/** The date-range choices in days (spec 3 §4, §9: last 3, 6, 12 or 24 months; default 12). */
export const insightRangeDays = [90, 180, 360, 720] as const;
export const defaultInsightRangeDays = 360;

/** Header an API client sends an insights pass in; the browser gets it as an httpOnly cookie too. */
export const insightsPassHeader = 'x-insights-pass';

const id = z.uuid(messages.insights.idInvalid);

/** A uuid, or '' / 'all' / 'All' for 'no filter' (spec 3 §4: branch 'all' sends an empty kmid). */
const optionalId = z
  .union([id, z.literal(''), z.literal('all'), z.literal('All')])
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
  brandId: id,
  datePayload: datePayloadSchema.optional(),
  /** The branch (kmid); '' or 'all' for every branch of the brand. */
  kmid: optionalId,
});
export type FactorsQuery = z.infer<typeof factorsQuerySchema>;

/** GET /api/reviewsdata/branchdetails: the branch pickers. */
export const branchDetailsQuerySchema = z.strictObject({ brandId: id });

/** GET /api/reviewsdata/getscatterchart: every brand's score against its net positive for one aspect. */
export const scatterQuerySchema = z.strictObject({
  brandId: id,
  /** The aspect (Food, Price, Ambiance, Service; any case). */
  tagType: aspectParam,
  datePayload: datePayloadSchema.optional(),
  kmid: optionalId,
});
export type ScatterQuery = z.infer<typeof scatterQuerySchema>;

/** GET /api/reviewsdata: the Trends tab's two line charts. */
export const trendsQuerySchema = z.strictObject({
  brandId: id,
  datePayload: datePayloadSchema.optional(),
  /** The 'Net Positive Reviews' chart's type select (default Food). */
  trendFlag: aspectParam.optional(),
  /** The brand's branch, '' or 'all' for all of them. */
  kmid: optionalId,
  /** The competitor branch to compare with (a kmid from branchdetails' `competitors`); absent: none. */
  entityId: optionalId,
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
    entityId: id,
    /** The brand's branch, '' or 'all' for all of them. */
    kmid: optionalId,
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

/** POST /api/insights/savebrandDetails: the insights login (spec 3 §7: e-mail, brandId; device info taken by the server). */
export const insightsLoginSchema = z.strictObject({
  email: emailField,
  brandId: z
    .string({ error: messages.insights.brandIdRequired })
    .min(1, messages.insights.brandIdRequired)
    .pipe(id),
});
export type InsightsLogin = z.infer<typeof insightsLoginSchema>;

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

/** A one-line text without control characters. */
const plainText = (max: number, required?: string) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, required)
    .max(max, messages.validation.tooLong)
    .refine((text) => !hasControlCharacter(text), messages.insights.rowControl);

/** POST /api/insights/updatebrandDetails/:id: the Sign Up dialog (spec 3 §3 'Signup interest', §5). */
export const insightsSignupSchema = z.strictObject({
  contactName: plainText(100, messages.insights.contactNameRequired),
  organizationName: plainText(150, messages.insights.organizationNameRequired),
  phoneNumber: plainText(30).optional(),
  email: z
    .string({ error: messages.insights.signupEmailRequired })
    .trim()
    .min(1, messages.insights.signupEmailRequired)
    .max(254, messages.insights.signupEmailInvalid)
    .pipe(z.email(messages.insights.signupEmailInvalid))
    .transform((email) => email.toLowerCase()),
  isInstrested: z.boolean().default(false),
  isSocialAnalytics: z.boolean().default(false),
  isReferrals: z.boolean().default(false),
});
export type InsightsSignup = z.infer<typeof insightsSignupSchema>;
export const insightsSignupParamsSchema = z.strictObject({ id });

/* ------------------------------------------------------------------ answers */

/** A rank among the brands that have reviews in the window: 1 is best; ties share a rank. */
export const rankSchema = z.object({ rank: z.number().int(), outOf: z.number().int() });
export type Rank = z.infer<typeof rankSchema>;

/** The Overview's 'Sentiment Analysis of Customer Reviews' bars: mention counts per aspect. */
export const factorsAffectingSchema = z.object({
  /** Reviews mentioning the aspect positively, in `categories` order. */
  Positive: z.array(z.number().int()),
  /** Reviews mentioning the aspect negatively, in `categories` order. */
  Negative: z.array(z.number().int()),
  categories: z.array(z.enum(insightAspects)),
});

/** The public teaser card (spec 3 §2.7): customers a 20% campaign in the previous month would have brought. */
export const teaserSchema = z.object({
  /** yyyy-MM, the month before this one in the timezone setting. */
  month: z.string(),
  discountPercent: z.number(),
  /** Projected conversions (projection engine), whole customers. */
  customers: z.number().int(),
});

export const factorsAnswerSchema = z.object({
  respCode: z.number().int(),
  response: z.object({
    /** Aggregate Score 0–100 (insights.rules aggregateScore); null without reviews. */
    krowdscore: z.number().nullable(),
    /** Reviews in the window (the card says 'Based on N Reviews'). */
    totalreviewscount: z.number().int(),
    /** Revenue YTD in pence: qualified spend at the brand (or branch) since 1 January, timezone setting. Signed-in callers only. */
    currentYearRevenue: z.number().int().optional(),
    /** Public (pass) callers only, instead of revenue. */
    teaser: teaserSchema.optional(),
    /** Among every brand with reviews in the window; null when the brand has none. */
    loggedinBrandoverallRank: rankSchema.nullable(),
    /** Among brands of the same cuisine; null when the brand has no cuisine or no reviews. */
    cusineRankingforselectedrange: rankSchema.extend({ cuisine: z.string() }).nullable(),
    chartDetails: z.object({ factorsAffecting: factorsAffectingSchema }),
  }),
});
export type FactorsAnswer = z.infer<typeof factorsAnswerSchema>;

/** One branch for the pickers. */
export const insightBranchSchema = z.object({
  kmid: z.string(),
  branchName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  reviewCount: z.number().int(),
});
export const branchDetailsAnswerSchema = z.object({
  respCode: z.number().int(),
  data: z.object({
    /** The brand's branches (approved or pending, not deleted), by name. */
    allbranches: z.array(insightBranchSchema),
    /** Other brands' branches that have reviews: the Trends tab's competitor choice. */
    competitors: z.array(insightBranchSchema),
  }),
});
export type BranchDetailsAnswer = z.infer<typeof branchDetailsAnswerSchema>;

/** One brand on the scatter chart. */
export const scatterPointSchema = z.object({
  brandId: z.string(),
  brandName: z.string(),
  /** Aggregate Score 0–100. */
  x: z.number(),
  /** Net positive of the aspect, −100..100 (insights.rules netPositive). */
  y: z.number(),
  /** Reviews in the window. */
  reviews: z.number().int(),
  /** The asked brand (or its chosen branch). */
  isSelected: z.boolean(),
});
export const scatterAnswerSchema = z.object({
  respCode: z.number().int(),
  data: z.object({ tagType: z.enum(insightAspects), points: z.array(scatterPointSchema) }),
});
export type ScatterAnswer = z.infer<typeof scatterAnswerSchema>;

/** One month of a line chart: label yyyy-MM; value null for a month without reviews. */
export const seriesPointSchema = z.object({ label: z.string(), value: z.number().nullable() });
export const seriesSchema = z.object({ name: z.string(), data: z.array(seriesPointSchema) });
export type Series = z.infer<typeof seriesSchema>;

export const trendsAnswerSchema = z.object({
  respCode: z.number().int(),
  /** 'Aggregate Score': one series for the brand (or branch), one for the competitor when entityId was given. */
  trendschartDetails: z.object({ data: z.array(seriesSchema) }),
  /** 'Net Positive Reviews' of `aspect`: positive minus negative mentions per month, same series. */
  lineschartDetails: z.object({ aspect: z.enum(insightAspects), data: z.array(seriesSchema) }),
});
export type TrendsAnswer = z.infer<typeof trendsAnswerSchema>;

/** One radar: labels are the aspects (objectwithjsd) or the brands (per-aspect objects). */
export const radarSchema = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ label: z.string(), brandId: z.string(), data: z.array(z.number()) })),
});
export type Radar = z.infer<typeof radarSchema>;

export const similarBrandSchema = z.object({
  brandId: z.string(),
  brandName: z.string(),
  /** 100 × (1 − Jensen–Shannon divergence of the aspect distributions), 0–100. */
  similarity: z.number(),
});

export const similarityAnswerSchema = z.object({
  respCode: z.number().int(),
  /** 'Most Similar Brands': the brand and its most similar brands, net positive per aspect (labels = aspects). */
  objectwithjsd: radarSchema,
  /** Similarity tab: net positive of Food for the brand and its similar brands (labels = brand names). */
  objectwithfood: radarSchema,
  objectwithprice: radarSchema,
  objectwithambiance: radarSchema,
  objectwithservice: radarSchema,
  /** The similar brands, most similar first (at most 5). */
  brandList: z.array(similarBrandSchema),
});
export type SimilarityAnswer = z.infer<typeof similarityAnswerSchema>;

export const brandInsightSchema = z.object({
  value: z.string(),
  label: z.string(),
  cuisine: z.string().nullable(),
  /** Over the last 360 days. */
  krowdscore: z.number().nullable(),
  totalreviewscount: z.number().int(),
});
export const brandInsightsAnswerSchema = z.object({
  respCode: z.number().int(),
  brands: z.array(brandInsightSchema),
});
export type BrandInsightsAnswer = z.infer<typeof brandInsightsAnswerSchema>;

export const insightsLoginAnswerSchema = z.object({
  respCode: z.number().int(),
  respMessage: z.string().optional(),
  data: z.object({
    /** The visitor record; the Sign Up dialog updates it (updatebrandDetails/:_id). */
    _id: z.string(),
    email: z.string(),
    brandId: z.string(),
    brandName: z.string(),
    /** The pass: send it as the x-insights-pass header (the browser also gets it as a cookie). */
    pass: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});
export type InsightsLoginAnswer = z.infer<typeof insightsLoginAnswerSchema>;

/* ------------------------------------------------------------------ review upload */

/**
 * POST /api/reviewsdata/upload (multipart, field `file`): a CSV of reviews, UTF-8, header row:
 * `review_id,source,mid,reviewed_at,rating,reviewer_rating,text`. `review_id` is unique per
 * `source` (re-uploading changes nothing); `mid` any of a branch's three merchant IDs;
 * `reviewed_at` ISO 8601 with offset; `rating` 1–5; `reviewer_rating` the reviewer's standing
 * 0–5 or empty; `text` up to 5,000 characters. One bad row refuses the whole file (400, `errors`).
 */
export const reviewFileColumns = [
  'review_id',
  'source',
  'mid',
  'reviewed_at',
  'rating',
  'reviewer_rating',
  'text',
] as const;
export const reviewTextMaxLength = 5000;
/** The largest review file accepted (bytes). */
export const reviewFileMaxBytes = 20 * 1024 * 1024;

export const reviewUploadErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export const reviewUploadAnswerSchema = z.object({
  respCode: z.number().int(),
  respMessage: z.string().optional(),
  data: z.object({
    received: z.number().int(),
    inserted: z.number().int(),
    /** Rows already stored (same source and review_id): left as they are. */
    duplicates: z.number().int(),
  }),
});
export type ReviewUploadAnswer = z.infer<typeof reviewUploadAnswerSchema>;
/** A refused file: errorMessage, and every bad row with its line (the header is line 1). */
export const reviewUploadRefusalSchema = z.object({
  errorMessage: z.string(),
  errors: z.array(reviewUploadErrorSchema).optional(),
});
