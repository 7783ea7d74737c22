import type { Kysely } from 'kysely';
import { reviewRowOf, type ReviewRow } from '@krowd/domain/insights/reviews.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { analyserVersion, analyseReview } from './review-analyser.ts';
import type { ReviewsRepository } from './reviews.repository.ts';

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

/** The job that brings stored reviews to the current analyser (queued at start, see scheduleReanalysis). */
export const reanalyseJob = 'insights.reanalyse';
/** Reviews re-analysed per job run; a full batch queues the next run. */
export const reanalyseBatch = 1000;

/**
 * Queues a re-analysis run for the current analyser version: reviews stored by an older one (a new
 * lexicon, clause rule or model) get their analysis replaced, a batch a run, in the background.
 */
export async function scheduleReanalysis(jobs: JobQueue) {
  await jobs.enqueue(reanalyseJob, {}, { dedupeKey: `${reanalyseJob}:${analyserVersion}` });
}

/** Bad rows reported back at most (a file of a million bad rows answers the first ones). */
export const reportedErrorsMax = 500;

/**
 * Reviews in (system admin): every row checked (reviews.rules reviewRowOf, and its kmid against
 * the branch directory, and no source + external_id twice in the file); one bad row refuses the
 * whole file. Then each new text is analysed and the rows stored in one transaction, rows already
 * stored (same source and external_id) left as they are, so a re-upload changes nothing.
 */
export function createReviewsService(deps: {
  db: Kysely<DB>;
  repository: ReviewsRepository;
  jobs: JobQueue;
  clock: () => Date;
}) {
  const { db, repository, jobs, clock } = deps;
  return {
    /** One run of the re-analysis job: a batch of outdated reviews analysed again; answers how many. */
    async reanalyseOutdated(): Promise<number> {
      const rows = await repository.outdatedReviews(analyserVersion, reanalyseBatch);
      const analysed = rows.map((row) => ({ id: row.id, ...analyseReview(row.text) }));
      await db.transaction().execute(async (trx) => {
        await repository.updateAnalysis(trx, analysed, analyserVersion);
        if (rows.length === reanalyseBatch) await jobs.enqueue(reanalyseJob, {}, { trx });
      });
      return rows.length;
    },

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
      const known = await repository.knownKmids([...new Set(rows.map((row) => row.kmid))]);
      for (const row of rows) if (!known.has(row.kmid)) errors.push({ line: row.line, message: m.rowMid });
      if (errors.length > 0) {
        errors.sort((a, b) => a.line - b.line);
        throw new ReviewsRefused(m.uploadBadRows(errors.length), errors.slice(0, reportedErrorsMax));
      }
      // Rows already stored are not analysed again; the insert skips them (and any stored meanwhile).
      const stored = await repository.storedKeys(rows);
      const analysed = rows
        .filter((row) => !stored.has(`${row.source}\u0001${row.externalId}`))
        .map((row) => ({ ...row, ...analyseReview(row.text), analyserVersion }));
      const inserted = await db.transaction().execute((trx) => repository.insertReviews(trx, analysed));
      return { received: rows.length, inserted, duplicates: rows.length - inserted };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
