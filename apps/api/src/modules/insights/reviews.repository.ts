import { sql, type Kysely, type Transaction } from 'kysely';
import type { AspectCounts } from '@krowd/domain/insights/sentiment.rules';
import { CopyRows } from '../../db/copy-rows.ts';
import { copyInto } from '../../db/database.ts';
import type { DB } from '../../db/database.generated.ts';

/**
 * The reviews coming in (migration 0023): checked against the branch directory and the reviews
 * already stored, stored with their analysis, re-analysed when the analyser changes, and listed for
 * the system admin.
 */

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

export function createReviewsRepository(db: Kysely<DB>) {
  return {
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
          // One probe of the (source, external id) key per id, whatever the statistics say: just
          // after a large upload they count a few of its rows, and `external_id = ANY(…)` was then
          // planned as a scan of every review, once per chunk (89 s for a 100,000-review file).
          const { rows } = await sql<{ external_id: string }>`
            SELECT r.external_id
            FROM unnest(${ids.slice(start, start + lookupChunk)}::text[]) AS named (external_id)
            CROSS JOIN LATERAL (
              SELECT external_id FROM reviews
              WHERE source = ${source} AND external_id = named.external_id
            ) r`.execute(db);
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
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
