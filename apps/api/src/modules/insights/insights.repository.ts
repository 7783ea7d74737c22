import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ratingShare,
  recencyHalfLifeDays,
  unknownReviewerCredibility,
  type ScoreSums,
} from '@krowd/domain/insights/insights.rules';
import type { AspectCounts } from '@krowd/domain/insights/sentiment.rules';
import { CopyRows } from '../../db/copy-rows.ts';
import { copyInto } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Social analytics' SQL (migration 0023): venues of the branch directory, their reviews with the
 * stored analysis, and the public page's visitors. A brand's venues are the kmids of its branches
 * that are not deleted; a venue belongs to the brand of ours whose live branch it is, else to none.
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

export interface NewReview {
  kmid: string;
  source: string;
  externalId: string;
  reviewedAt: Date;
  rating: number;
  reviewerRating: number | null;
  text: string;
  sentiment: number;
  aspects: AspectCounts;
  analyserVersion: string;
}

export interface Window {
  from: Date;
  to: Date;
}

/** The columns a new review is staged and stored with, in COPY order. */
const stagingColumns = [
  'kmid',
  'source',
  'external_id',
  'reviewed_at',
  'rating',
  'reviewer_rating',
  'text',
  'sentiment',
  'food_positive',
  'food_negative',
  'price_positive',
  'price_negative',
  'ambiance_positive',
  'ambiance_negative',
  'service_positive',
  'service_negative',
  'analyser_version',
] as const;
/** Ids per look-up, sent as one array parameter. */
const lookupChunk = 10_000;

const venueColumns = sql`d.kmid, d.merchant_name AS name, d.city, d.cuisine,
  owner.brand_id, owner.brand_name,
  (SELECT count(*) FROM reviews r WHERE r.kmid = d.kmid) AS review_count`;
const ownerJoin = sql`LEFT JOIN LATERAL (
    SELECT b.brand_id, br.name AS brand_name FROM branches b JOIN brands br ON br.id = b.brand_id
    WHERE b.kmid = d.kmid AND b.status <> 'Deleted' ORDER BY b.brand_id LIMIT 1
  ) owner ON true`;

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

    /** Venues with at least one review in one of the cities or serving one of the cuisines. */
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
        ORDER BY d.merchant_name, d.kmid`.execute(db);
      return rows.map(venueOf);
    },

    async venue(kmid: string): Promise<Venue | undefined> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${venueColumns} FROM branch_directory d ${ownerJoin} WHERE d.kmid = ${kmid}`.execute(db);
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

    /** Which of these kmids are venues of the directory. */
    async knownKmids(kmids: readonly string[]): Promise<Set<string>> {
      if (kmids.length === 0) return new Set();
      const rows = await db
        .selectFrom('branch_directory')
        .select('kmid')
        .where('kmid', 'in', [...kmids])
        .execute();
      return new Set(rows.map((row) => row.kmid));
    },

    /** Of these (source, external id) pairs, those already stored, as `source + U+0001 + external id`. */
    async storedKeys(keys: readonly { source: string; externalId: string }[]): Promise<Set<string>> {
      const bySource = new Map<string, string[]>();
      for (const key of keys) {
        const ids = bySource.get(key.source);
        if (ids) ids.push(key.externalId);
        else bySource.set(key.source, [key.externalId]);
      }
      const stored = new Set<string>();
      for (const [source, ids] of bySource) {
        for (let start = 0; start < ids.length; start += lookupChunk) {
          const rows = await db
            .selectFrom('reviews')
            .select('external_id')
            .where('source', '=', source)
            .where(sql<boolean>`external_id = ANY(${ids.slice(start, start + lookupChunk)}::text[])`)
            .execute();
          for (const row of rows) stored.add(`${source}\u0001${row.external_id}`);
        }
      }
      return stored;
    },

    /**
     * Stores reviews not stored yet (same source and external id: left as they are); answers how
     * many were new. The rows travel by COPY into a staging table dropped at commit, then one
     * INSERT … SELECT … ON CONFLICT DO NOTHING: a multi-row INSERT would send 17 parameters a row.
     */
    async insertReviews(trx: Transaction<DB>, reviews: readonly NewReview[]): Promise<number> {
      if (reviews.length === 0) return 0;
      await sql`DROP TABLE IF EXISTS review_staging`.execute(trx);
      await sql`CREATE TEMP TABLE review_staging (
        kmid text, source text, external_id text, reviewed_at timestamptz, rating integer,
        reviewer_rating text, text text, sentiment text, food_positive integer, food_negative integer,
        price_positive integer, price_negative integer, ambiance_positive integer,
        ambiance_negative integer, service_positive integer, service_negative integer,
        analyser_version text
      ) ON COMMIT DROP`.execute(trx);
      const copy = new CopyRows(stagingColumns.length);
      for (const review of reviews) {
        copy
          .row()
          .text(review.kmid)
          .text(review.source)
          .text(review.externalId)
          .timestamp(review.reviewedAt.getTime())
          .int4(review.rating)
          .text(review.reviewerRating === null ? null : String(review.reviewerRating))
          .text(review.text)
          .text(String(review.sentiment))
          .int4(review.aspects.Food.positive)
          .int4(review.aspects.Food.negative)
          .int4(review.aspects.Price.positive)
          .int4(review.aspects.Price.negative)
          .int4(review.aspects.Ambiance.positive)
          .int4(review.aspects.Ambiance.negative)
          .int4(review.aspects.Service.positive)
          .int4(review.aspects.Service.negative)
          .text(review.analyserVersion);
      }
      await copyInto(trx, 'review_staging', stagingColumns, copy);
      const columns = sql.join(stagingColumns.map((column) => sql.ref(column)));
      const { rows } = await sql<{ n: string }>`
        WITH inserted AS (
          INSERT INTO reviews (${columns})
          SELECT kmid, source, external_id, reviewed_at, rating, reviewer_rating::real, text,
            sentiment::real, food_positive, food_negative, price_positive, price_negative,
            ambiance_positive, ambiance_negative, service_positive, service_negative, analyser_version
          FROM review_staging
          ON CONFLICT (source, external_id) DO NOTHING
          RETURNING 1
        )
        SELECT count(*) AS n FROM inserted`.execute(trx);
      return Number(rows[0]!.n);
    },

    /** Reviews analysed by another analyser version than `version`, oldest id first. */
    outdatedReviews(version: string, limit: number) {
      return db
        .selectFrom('reviews')
        .select(['id', 'text'])
        .where('analyser_version', '<>', version)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Replaces the stored analysis of reviews, in one statement. */
    async updateAnalysis(
      trx: Transaction<DB>,
      rows: readonly { id: string; sentiment: number; aspects: AspectCounts }[],
      version: string,
    ) {
      if (rows.length === 0) return;
      const values = rows.map(
        (row) =>
          sql`(${row.id}::uuid, ${row.sentiment}::real, ${row.aspects.Food.positive}::smallint,
            ${row.aspects.Food.negative}::smallint, ${row.aspects.Price.positive}::smallint,
            ${row.aspects.Price.negative}::smallint, ${row.aspects.Ambiance.positive}::smallint,
            ${row.aspects.Ambiance.negative}::smallint, ${row.aspects.Service.positive}::smallint,
            ${row.aspects.Service.negative}::smallint)`,
      );
      await sql`
        UPDATE reviews r SET sentiment = v.sentiment, food_positive = v.fp, food_negative = v.fn,
          price_positive = v.pp, price_negative = v.pn, ambiance_positive = v.ap,
          ambiance_negative = v.an, service_positive = v.sp, service_negative = v.sn,
          analyser_version = ${version}
        FROM (VALUES ${sql.join(values)}) AS v (id, sentiment, fp, fn, pp, pn, ap, an, sp, sn)
        WHERE r.id = v.id`.execute(trx);
    },

    /** Stored reviews, newest first, a page at a time, with the total. */
    async listReviews(kmid: string | undefined, page: number, perPage: number) {
      let query = db
        .selectFrom('reviews as r')
        .innerJoin('branch_directory as d', 'd.kmid', 'r.kmid')
        .selectAll('r')
        .select(['d.merchant_name as venue_name', sql<string>`count(*) OVER ()`.as('total')])
        .orderBy('r.reviewed_at', 'desc')
        .orderBy('r.id')
        .limit(perPage)
        .offset((page - 1) * perPage);
      if (kmid) query = query.where('r.kmid', '=', kmid);
      return query.execute();
    },

    async insertVisitor(visitor: {
      email: string;
      brandId: string;
      passHash: string;
      passExpiresAt: Date;
      device: {
        ipAddress: string | null;
        browserName: string | null;
        osName: string | null;
        osVersion: string | null;
        deviceType: string | null;
      };
    }) {
      return db
        .insertInto('insights_visitors')
        .values({
          email: visitor.email,
          brand_id: visitor.brandId,
          pass_hash: visitor.passHash,
          pass_expires_at: visitor.passExpiresAt,
          ip_address: visitor.device.ipAddress,
          browser_name: visitor.device.browserName,
          os_name: visitor.device.osName,
          os_version: visitor.device.osVersion,
          device_type: visitor.device.deviceType,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    },

    /** Ends a visitor's pass now (Logout): it answers 401 from then on. */
    async endPass(visitorId: string, now: Date) {
      await db
        .updateTable('insights_visitors')
        .set({ pass_expires_at: now })
        .where('id', '=', visitorId)
        .where('pass_expires_at', '>', now)
        .execute();
    },

    visitorByPassHash(passHash: string) {
      return db
        .selectFrom('insights_visitors')
        .select(['id', 'email', 'brand_id', 'pass_expires_at'])
        .where('pass_hash', '=', passHash)
        .executeTakeFirst();
    },

    async saveSignup(
      visitorId: string,
      signup: {
        contactName: string;
        organizationName: string;
        phoneNumber: string | null;
        email: string;
        isInterested: boolean;
        isSocialAnalytics: boolean;
        isReferrals: boolean;
      },
      at: Date,
    ) {
      await db
        .updateTable('insights_visitors')
        .set({
          contact_name: signup.contactName,
          organization_name: signup.organizationName,
          phone_number: signup.phoneNumber,
          signup_email: signup.email,
          is_interested: signup.isInterested,
          is_social_analytics: signup.isSocialAnalytics,
          is_referrals: signup.isReferrals,
          signed_up_at: at,
        })
        .where('id', '=', visitorId)
        .execute();
    },

    async systemAdminEmails(): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('entity_type', '=', 'systemadmin')
        .where('status', '=', 'active')
        .orderBy('email')
        .execute();
      return rows.map((row) => row.email);
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
