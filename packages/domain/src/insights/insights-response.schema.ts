import { z } from 'zod';
import { insightAspects } from './insights.schema.ts';

/**
 * What the social analytics routes answer (the queries are in insights.schema.ts, the login and
 * sign-up in insights-visitors.schema.ts, the reviews coming in in reviews.schema.ts): the API
 * serialises through these allowlists inside its envelope, whose respCode every answer carries
 * (spec 3 §4), and the web codes against them. Scores are 0–100 with one decimal; money is integer
 * pence. Like the requests, this contract only grows (insights.schema.ts, 'Contract rule').
 *
 * A pass answer never carries revenue: `currentYearRevenue` is left out and `teaser` is given.
 */

/** A rank among the brands that have reviews in the window: 1 is best; ties share a rank. */
export const rankSchema = z.object({ rank: z.number().int(), outOf: z.number().int() });
export type Rank = z.infer<typeof rankSchema>;

/** A rank within one cuisine. */
export const cuisineRankSchema = rankSchema.extend({ cuisine: z.string() });

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
  response: z.object({
    /** Aggregate Score 0–100 (insights.rules aggregateScore); null without reviews. */
    krowdscore: z.number().nullable(),
    /** Reviews in the window (the card says 'Based on N Reviews'). */
    totalreviewscount: z.number().int(),
    /** Revenue YTD in pence: qualified spend at the brand (or branch) since 1 January, timezone setting. Signed-in callers only. */
    currentYearRevenue: z.number().int().optional(),
    /** Public (pass) callers only, instead of revenue. */
    teaser: teaserSchema.optional(),
    /**
     * Overall Rank among the entities (our brands and competitor venues) with reviews in the window
     * and a venue in one of the brand's (or branch's) cities; null when the brand has no reviews.
     */
    loggedinBrandoverallRank: rankSchema.nullable(),
    /** The first of `cuisineRankings` (the cuisine most of the brand's venues serve); null when none. */
    cusineRankingforselectedrange: cuisineRankSchema.nullable(),
    /** Rank within each cuisine the brand's (or branch's) venues serve, among every entity serving it. */
    cuisineRankings: z.array(cuisineRankSchema),
    chartDetails: z.object({ factorsAffecting: factorsAffectingSchema }),
  }),
});
export type FactorsAnswer = z.infer<typeof factorsAnswerSchema>;

/** One venue for the pickers. */
export const insightBranchSchema = z.object({
  kmid: z.string(),
  branchName: z.string(),
  city: z.string().nullable(),
  cuisine: z.string().nullable(),
  /** The brand of ours the venue is a branch of; null for a competitor venue of no brand of ours. */
  brandId: z.string().nullable(),
  /** The brand's name, or the venue's own name for a venue of no brand of ours. */
  brandName: z.string(),
  /** All its reviews (any date). */
  reviewCount: z.number().int(),
});
export type InsightBranch = z.infer<typeof insightBranchSchema>;
export const branchDetailsAnswerSchema = z.object({
  data: z.object({
    /** The brand's venues (the kmids of its branches that are not deleted), by name. */
    allbranches: z.array(insightBranchSchema),
    /**
     * Competitor venues with reviews in the brand's cities (of no brand of ours, or of other
     * brands), by name: the Trends tab's competitor choice (its kmid is trends' entityId).
     */
    competitors: z.array(insightBranchSchema),
  }),
});
export type BranchDetailsAnswer = z.infer<typeof branchDetailsAnswerSchema>;

/**
 * One entity on the scatter chart: a brand of ours (`entityId` its id) or a competitor venue of no
 * brand of ours (`entityId` its kmid).
 */
export const scatterPointSchema = z.object({
  entityId: z.string(),
  kind: z.enum(['brand', 'venue']),
  name: z.string(),
  /** Aggregate Score 0–100. */
  x: z.number(),
  /** Net positive of the aspect, −100..100 (insights.rules netPositive). */
  y: z.number(),
  /** Reviews in the window. */
  reviews: z.number().int(),
  /** The asked brand (or its chosen branch). */
  isSelected: z.boolean(),
});
/** The asked brand and the entities it is ranked among (same cities), for one aspect. */
export const scatterAnswerSchema = z.object({
  data: z.object({ tagType: z.enum(insightAspects), points: z.array(scatterPointSchema) }),
});
export type ScatterAnswer = z.infer<typeof scatterAnswerSchema>;

/** One month of a line chart: label yyyy-MM; value null for a month without reviews. */
export const seriesPointSchema = z.object({ label: z.string(), value: z.number().nullable() });
export const seriesSchema = z.object({ name: z.string(), data: z.array(seriesPointSchema) });
export type Series = z.infer<typeof seriesSchema>;

export const trendsAnswerSchema = z.object({
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

/** A similar entity: a brand of ours (`brandId` its id) or a competitor venue (`brandId` its kmid). */
export const similarBrandSchema = z.object({
  brandId: z.string(),
  brandName: z.string(),
  kind: z.enum(['brand', 'venue']),
  /** A venue's kmid, or a brand's venue with the most reviews: usable as trends' entityId. */
  kmid: z.string().nullable(),
  /** 100 × (1 − Jensen–Shannon divergence of the aspect distributions), 0–100. */
  similarity: z.number(),
});

export const similarityAnswerSchema = z.object({
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
  brands: z.array(brandInsightSchema),
});
export type BrandInsightsAnswer = z.infer<typeof brandInsightsAnswerSchema>;

/* ------------------------------------------------------------- visitors */

/** POST /api/insights/savebrandDetails: the insights login. */
export const insightsLoginAnswerSchema = z.object({
  data: z.object({
    /** The visitor record; the Sign Up dialog updates it (updatebrandDetails/:_id). */
    _id: z.string(),
    email: z.string(),
    brandId: z.string(),
    brandName: z.string(),
    /** The pass (30 days, brand-scoped): send it as the X-Insights-Pass header. */
    insightsPass: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});
export type InsightsLoginAnswer = z.infer<typeof insightsLoginAnswerSchema>;

/* -------------------------------------------------------------- reviews */

export const reviewUploadErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export const reviewUploadAnswerSchema = z.object({
  data: z.object({
    received: z.number().int(),
    inserted: z.number().int(),
    /** Rows already stored (same source and external_id): left as they are. */
    duplicates: z.number().int(),
  }),
});
export type ReviewUploadAnswer = z.infer<typeof reviewUploadAnswerSchema>;
/** A refused file or batch: errorMessage, and every bad row with its line (JSON: position from 1). */
export const reviewUploadRefusalSchema = z.object({
  errorMessage: z.string(),
  errors: z.array(reviewUploadErrorSchema).optional(),
});

/** GET /api/reviews: one page of the stored reviews, newest first, with their analysis. */
export const reviewRowSchema = z.object({
  _id: z.string(),
  source: z.string(),
  externalId: z.string(),
  kmid: z.string(),
  venueName: z.string(),
  reviewedAt: z.iso.datetime({ offset: true }),
  rating: z.number().int(),
  reviewerRating: z.number().nullable(),
  text: z.string(),
  /** The analyser's overall sentiment, −1..1. */
  sentiment: z.number(),
  /** Per aspect: the review's sentences mentioning it positively and negatively. */
  aspects: z.record(
    z.enum(insightAspects),
    z.object({ positive: z.number().int(), negative: z.number().int() }),
  ),
});
export const reviewListAnswerSchema = z.object({
  data: z.array(reviewRowSchema),
  count: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});
export type ReviewListAnswer = z.infer<typeof reviewListAnswerSchema>;
