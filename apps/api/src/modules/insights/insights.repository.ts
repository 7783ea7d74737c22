import { sql, type Kysely } from 'kysely';
import {
  ratingShare,
  recencyHalfLifeDays,
  unknownReviewerCredibility,
  type ScoreSums,
} from '@krowd/domain/insights/insights.rules';
import type { AspectCounts } from '@krowd/domain/insights/sentiment.rules';
import type { DB } from '../../db/database.generated.ts';

/**
 * Social analytics' SQL (migration 0023): venues of the branch directory and the figures read
 * from their reviews' stored analysis (the reviews coming in: reviews.repository.ts; the public
 * page's visitors: insights-visitors.repository.ts). A brand's venues are the kmids of its branches
 * that are not deleted; a venue belongs to the brand of ours whose live branch it is, else to none.
 * A venue that was a branch of ours and is deleted (with no live branch left there) is nobody's
 * competitor: a brand is never compared with its own deleted branch, nor anyone with a branch
 * its brand took away.
 */

export interface Venue {
  kmid: string;
  name: string;
  city: string | null;
  cuisine: string | null;
  /** The brand of ours the venue is a live branch of (the first by id when several), else null. */
  brandId: string | null;
  brandName: string | null;
  /** All its reviews, any date. */
  reviewCount: number;
}

/** A stored review as the figures read it. */
export interface StoredReview {
  kmid: string;
  reviewedAt: Date;
  rating: number;
  reviewerRating: number | null;
  sentiment: number;
  aspects: AspectCounts;
}

/** A venue's reviews in a window, summed: the score's sums and the aspect mentions. */
export interface VenueSums extends ScoreSums {
  aspects: AspectCounts;
}

export interface Window {
  from: Date;
  to: Date;
}

const venueColumns = sql`d.kmid, d.merchant_name AS name, d.city, d.cuisine,
  owner.brand_id, owner.brand_name,
  (SELECT count(*) FROM reviews r WHERE r.kmid = d.kmid) AS review_count`;
const ownerJoin = sql`LEFT JOIN LATERAL (
    SELECT b.brand_id, br.name AS brand_name FROM branches b JOIN brands br ON br.id = b.brand_id
    WHERE b.kmid = d.kmid AND b.status <> 'Deleted' ORDER BY b.brand_id LIMIT 1
  ) owner ON true`;

/** A venue that may be compared: a live branch of a brand of ours, or never a branch of ours. */
const comparable = sql`(owner.brand_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM branches b WHERE b.kmid = d.kmid))`;

function venueOf(row: Record<string, unknown>): Venue {
  return {
    kmid: String(row.kmid),
    name: String(row.name),
    city: (row.city as string | null) ?? null,
    cuisine: (row.cuisine as string | null) ?? null,
    brandId: (row.brand_id as string | null) ?? null,
    brandName: (row.brand_name as string | null) ?? null,
    reviewCount: Number(row.review_count),
  };
}

function reviewOf(row: Record<string, unknown>): StoredReview {
  const n = (key: string) => Number(row[key]);
  return {
    kmid: String(row.kmid),
    reviewedAt: new Date(row.reviewed_at as string | Date),
    rating: n('rating'),
    reviewerRating: row.reviewer_rating === null ? null : n('reviewer_rating'),
    sentiment: n('sentiment'),
    aspects: {
      Food: { positive: n('food_positive'), negative: n('food_negative') },
      Price: { positive: n('price_positive'), negative: n('price_negative') },
      Ambiance: { positive: n('ambiance_positive'), negative: n('ambiance_negative') },
      Service: { positive: n('service_positive'), negative: n('service_negative') },
    },
  };
}

export function createInsightsRepository(db: Kysely<DB>) {
  return {
    /** The brand's venues (its branches' kmids, not deleted, each once), by name. */
    async brandVenues(brandId: string): Promise<Venue[]> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${venueColumns}
        FROM branch_directory d ${ownerJoin}
        WHERE d.kmid IN (SELECT kmid FROM branches WHERE brand_id = ${brandId}::uuid AND status <> 'Deleted')
        ORDER BY d.merchant_name, d.kmid`.execute(db);
      return rows.map(venueOf);
    },

    /** Comparable venues with at least one review in one of the cities or serving one of the cuisines. */
    async reviewedVenues(filter: {
      cities: readonly string[];
      cuisines: readonly string[];
    }): Promise<Venue[]> {
      if (filter.cities.length === 0 && filter.cuisines.length === 0) return [];
      const cities = filter.cities.length ? sql`d.city IN (${sql.join([...filter.cities])})` : sql`false`;
      const cuisines = filter.cuisines.length
        ? sql`d.cuisine IN (${sql.join([...filter.cuisines])})`
        : sql`false`;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${venueColumns}
        FROM branch_directory d ${ownerJoin}
        WHERE (${cities} OR ${cuisines}) AND EXISTS (SELECT 1 FROM reviews r WHERE r.kmid = d.kmid)
          AND ${comparable}
        ORDER BY d.merchant_name, d.kmid`.execute(db);
      return rows.map(venueOf);
    },

    /** A comparable venue (a competitor to draw beside the brand). */
    async venue(kmid: string): Promise<Venue | undefined> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${venueColumns} FROM branch_directory d ${ownerJoin}
        WHERE d.kmid = ${kmid} AND ${comparable}`.execute(db);
      return rows[0] ? venueOf(rows[0]) : undefined;
    },

    /** Reviews of the venues dated inside the window (both ends excluded), oldest first. */
    async reviewsOf(kmids: readonly string[], window: Window): Promise<StoredReview[]> {
      if (kmids.length === 0) return [];
      const { rows } = await sql<Record<string, unknown>>`
        SELECT kmid, reviewed_at, rating, reviewer_rating, sentiment, food_positive, food_negative,
          price_positive, price_negative, ambiance_positive, ambiance_negative, service_positive,
          service_negative
        FROM reviews
        WHERE kmid IN (${sql.join([...kmids])})
          AND reviewed_at > ${window.from.toISOString()}::timestamptz
          AND reviewed_at < ${window.to.toISOString()}::timestamptz
        ORDER BY reviewed_at, id`.execute(db);
      return rows.map(reviewOf);
    },

    /**
     * Each venue's reviews in the window summed by the database: count, Σ weight × quality and
     * Σ weight as of `asOf` (insights.rules reviewWeight and reviewQuality, the same formula with
     * the same constants), and the aspect mentions. Venues without reviews in the window are absent.
     */
    async venueSums(kmids: readonly string[], window: Window, asOf: Date): Promise<Map<string, VenueSums>> {
      const sums = new Map<string, VenueSums>();
      if (kmids.length === 0) return sums;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT kmid, count(*) AS n, sum(w * q) AS weighted, sum(w) AS weights,
          sum(food_positive) AS food_positive, sum(food_negative) AS food_negative,
          sum(price_positive) AS price_positive, sum(price_negative) AS price_negative,
          sum(ambiance_positive) AS ambiance_positive, sum(ambiance_negative) AS ambiance_negative,
          sum(service_positive) AS service_positive, sum(service_negative) AS service_negative
        FROM (
          SELECT kmid, food_positive, food_negative, price_positive, price_negative, ambiance_positive,
            ambiance_negative, service_positive, service_negative,
            (CASE WHEN reviewer_rating IS NULL THEN ${unknownReviewerCredibility}::float8
              ELSE 0.5 + 0.1 * least(5, greatest(0, reviewer_rating::float8)) END)
              * power(0.5::float8, greatest(0, extract(epoch FROM (${asOf.toISOString()}::timestamptz - reviewed_at))::float8)
                / 86400.0 / ${recencyHalfLifeDays}::float8) AS w,
            ${ratingShare}::float8 * (least(5, greatest(1, rating)) - 1) / 4.0
              + (1 - ${ratingShare}::float8) * (least(1, greatest(-1, sentiment::float8)) + 1) / 2.0 AS q
          FROM reviews
          WHERE kmid IN (${sql.join([...kmids])})
            AND reviewed_at > ${window.from.toISOString()}::timestamptz
            AND reviewed_at < ${window.to.toISOString()}::timestamptz
        ) scored
        GROUP BY kmid`.execute(db);
      for (const row of rows) {
        const n = (key: string) => Number(row[key]);
        sums.set(String(row.kmid), {
          count: n('n'),
          weighted: n('weighted'),
          weights: n('weights'),
          aspects: {
            Food: { positive: n('food_positive'), negative: n('food_negative') },
            Price: { positive: n('price_positive'), negative: n('price_negative') },
            Ambiance: { positive: n('ambiance_positive'), negative: n('ambiance_negative') },
            Service: { positive: n('service_positive'), negative: n('service_negative') },
          },
        });
      }
      return sums;
    },

    /** Brands of ours whose venues have reviews, by name, with those venues' kmids. */
    async brandsWithReviews(search: string | undefined, limit: number) {
      let query = db
        .selectFrom('brands as br')
        .innerJoin('branches as b', (join) =>
          join.onRef('b.brand_id', '=', 'br.id').on('b.status', '<>', 'Deleted').on('b.kmid', 'is not', null),
        )
        .innerJoin('branch_directory as d', 'd.kmid', 'b.kmid')
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('reviews as r').select('r.id').whereRef('r.kmid', '=', 'b.kmid')),
        )
        .select([
          'br.id',
          'br.name',
          sql<string[]>`array_agg(DISTINCT b.kmid)`.as('kmids'),
          sql<string | null>`mode() WITHIN GROUP (ORDER BY d.cuisine)`.as('cuisine'),
        ])
        .groupBy(['br.id', 'br.name'])
        .orderBy('br.name')
        .orderBy('br.id')
        .limit(limit);
      if (search) {
        query = query.where(sql<boolean>`br.name ILIKE ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}`);
      }
      return query.execute();
    },

    /** The brand's live branch at a venue (for Revenue YTD of one branch). */
    async branchIdAt(brandId: string, kmid: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('branches')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('kmid', '=', kmid)
        .where('status', '<>', 'Deleted')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
