import type { Kysely } from 'kysely';
import { reviewRowOf, type ReviewRow } from '@krowd/domain/insights/insights.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/schema.ts';
import type { InsightsRepository } from './insights.repository.ts';
import { analyserVersion, analyseReview } from './review-analyser.ts';

const m = messages.insights;

/** One row of a review file or batch: its line (CSV: header is 1; JSON: position from 1) and values. */
export interface ReviewItem {
  line: number;
  fields?: Record<string, string | number | null | undefined>;
  /** A row that could not even be read as fields (wrong number of columns). */
  error?: string;
}

export interface RowError {
  line: number;
  message: string;
}

/** A file or batch with bad rows: nothing stored; every bad row with its line. */
export class ReviewsRefused extends Error {
  constructor(
    message: string,
    readonly errors: RowError[],
  ) {
    super(message);
    this.name = 'ReviewsRefused';
  }
}

/** Bad rows reported back at most (a file of a million bad rows answers the first ones). */
export const reportedErrorsMax = 500;

/**
 * Reviews in (system admin): every row checked (insights.rules reviewRowOf, and its kmid against
 * the branch directory, and no source + external_id twice in the file); one bad row refuses the
 * whole file. Then each text is analysed and the rows stored in one transaction, rows already
 * stored (same source and external_id) left as they are, so a re-upload changes nothing.
 */
export function createReviewsService(deps: {
  db: Kysely<DB>;
  insights: InsightsRepository;
  clock: () => Date;
}) {
  const { db, insights, clock } = deps;
  return {
    async ingest(items: readonly ReviewItem[]) {
      if (items.length === 0) throw new ReviewsRefused(m.uploadEmpty, []);
      const now = clock();
      const errors: RowError[] = [];
      const rows: (ReviewRow & { line: number })[] = [];
      const firstLineOf = new Map<string, number>();
      for (const item of items) {
        if (item.error || !item.fields) {
          errors.push({ line: item.line, message: item.error ?? m.rowColumns });
          continue;
        }
        const row = reviewRowOf(item.fields, now);
        if ('error' in row) {
          errors.push({ line: item.line, message: row.error });
          continue;
        }
        const key = `${row.source}\u0001${row.externalId}`;
        const first = firstLineOf.get(key);
        if (first !== undefined) {
          errors.push({ line: item.line, message: m.rowDuplicate(first) });
          continue;
        }
        firstLineOf.set(key, item.line);
        rows.push({ ...row, line: item.line });
      }
      const known = await insights.knownKmids([...new Set(rows.map((row) => row.kmid))]);
      for (const row of rows) if (!known.has(row.kmid)) errors.push({ line: row.line, message: m.rowMid });
      if (errors.length > 0) {
        errors.sort((a, b) => a.line - b.line);
        throw new ReviewsRefused(m.uploadBadRows(errors.length), errors.slice(0, reportedErrorsMax));
      }
      const analysed = rows.map((row) => ({ ...row, ...analyseReview(row.text), analyserVersion }));
      const inserted = await db.transaction().execute((trx) => insights.insertReviews(trx, analysed));
      return { received: rows.length, inserted, duplicates: rows.length - inserted };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
