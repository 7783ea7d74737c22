import { sql } from 'kysely';
import { reviewFileColumns } from '../packages/domain/src/insights/reviews.schema.ts';
import { demoPassword } from '../apps/api/src/demo/demo-data.ts';
import { demoVenueReviews } from '../apps/api/src/demo/demo-reviews.ts';
import { insightAspects } from '../packages/domain/src/insights/insights.schema.ts';
import {
  evaluateAnalyser,
  type AspectScore,
  type Evaluation,
} from '../packages/domain/src/insights/evaluation/evaluate.ts';
import { labelledReviews } from '../packages/domain/src/insights/evaluation/reviews.labelled.ts';
import {
  analyserVersion,
  analyserVersionV1,
  analyseReview,
  analyseReviewV1,
} from '../apps/api/src/modules/insights/review-analyser.ts';
import { benchApp, time } from './harness.ts';

/**
 * Social analytics' reviews: how many reviews a second the text analysis gets through on
 * `count` demo-style reviews, beside two baselines on the same texts in the same run (a JSON round
 * trip, and a plain tokenisation: lower-case and split into words), then the whole upload
 * (POST /api/reviews/upload: CSV read, rows checked, texts analysed, one transaction) and a second
 * upload of the same file (every row a duplicate), and the summary cards' call over the stored
 * reviews. Each pass is run three times and every run printed; the table gives the median.
 */

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

interface Pass {
  name: string;
  seconds: number[];
  items: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(name: string, items: number, runs: number, work: () => Promise<unknown> | unknown) {
  const seconds: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = performance.now();
    await work();
    const elapsed = (performance.now() - started) / 1000;
    seconds.push(elapsed);
    console.log(
      `reviews: ${name}, run ${run}: ${elapsed.toFixed(3)} s, ${(items / elapsed).toFixed(0)} reviews per second`,
    );
  }
  return { name, seconds, items };
}

export async function reviewsSection(count: number): Promise<string> {
  const bench = await benchApp();
  try {
    const { db } = bench.database;
    const venues = await db
      .selectFrom('branch_directory')
      .select(['kmid', 'cuisine'])
      .where('cuisine', 'is not', null)
      .orderBy('kmid')
      .execute();
    const now = new Date();
    const reviews: (Omit<ReturnType<typeof demoVenueReviews>[number], 'source'> & { source: string })[] = [];
    for (let seed = 0; reviews.length < count; seed += 1) {
      const venue = venues[seed % venues.length]!;
      for (const review of demoVenueReviews(venue.kmid, venue.cuisine!, 90_000 + seed, now)) {
        reviews.push({ ...review, source: 'Bench', externalId: `bench-${seed}-${review.externalId}` });
      }
    }
    reviews.length = count;
    const texts = reviews.map((review) => review.text);

    const passes: Pass[] = [
      await timed('baseline: JSON round trip of the texts', count, 3, () =>
        JSON.parse(JSON.stringify(texts)),
      ),
      await timed('baseline: plain tokenisation (lower-case, split into words)', count, 3, () => {
        let words = 0;
        for (const text of texts) words += text.toLowerCase().split(/[^a-z']+/).length;
        return words;
      }),
      await timed(`analyse, ${analyserVersion} (rules: clauses, negation, aspect mentions)`, count, 3, () => {
        for (const text of texts) analyseReview(text);
      }),
      await timed(`analyse, ${analyserVersionV1} (wink-nlp, version 1)`, count, 3, () => {
        for (const text of texts) analyseReviewV1(text);
      }),
    ];

    // The demo system admin signs in in two steps (bench.signIn gives the code).
    const { headers } = await bench.signIn('admin@demo.test');
    const file = [
      reviewFileColumns.join(','),
      ...reviews.map((review) =>
        [
          review.source,
          review.externalId,
          review.kmid,
          review.reviewedAt.toISOString(),
          review.rating,
          review.reviewerRating,
          review.text,
        ]
          .map(csvCell)
          .join(','),
      ),
    ].join('\n');
    const upload = () =>
      bench.inject({
        method: 'POST',
        url: '/api/reviews/upload',
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: file,
      });
    passes.push(
      await timed(`upload ${(file.length / 2 ** 20).toFixed(1)} MB CSV (new reviews)`, count, 1, upload),
    );
    passes.push(await timed('upload the same file again (all duplicates)', count, 2, upload));
    const stored = await sql<{ n: string }>`SELECT count(*) AS n FROM reviews`.execute(db);

    const brand = await bench.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'brandadmin@demo.test', password: demoPassword },
    });
    const brandBody = brand.json() as { accessToken: string; details: { brandId: string } };
    const brandHeaders = { authorization: `Bearer ${brandBody.accessToken}` };
    const health = await time('baseline: GET /api/health', 200, () => bench.inject({ url: '/api/health' }));
    const factors = await time('GET /api/reviewsdata/factorsAffectingars (last 12 months)', 20, () =>
      bench.inject({
        url: `/api/reviewsdata/factorsAffectingars?brandId=${brandBody.details.brandId}`,
        headers: brandHeaders,
      }),
    );

    const baseline = median(passes[0]!.seconds);
    return [
      `## Reviews: analysis and upload, ${count.toLocaleString('en-GB')} reviews (${bench.engine})`,
      '',
      `Demo-style review texts (apps/api/src/demo/demo-reviews.ts), ${(texts.reduce((n, t) => n + t.length, 0) / count).toFixed(0)} characters on average. Each pass run as often as its row says (every run printed); reviews per second from the median run; × baseline compares that run's time with the JSON round trip's. After the uploads the database held ${Number(stored.rows[0]!.n).toLocaleString('en-GB')} reviews.`,
      '',
      '| measured | runs (s) | reviews per second | × baseline (time) |',
      '|---|---|---:|---:|',
      ...passes.map(
        (pass) =>
          `| ${pass.name} | ${pass.seconds.map((s) => s.toFixed(2)).join(', ')} | ${(pass.items / median(pass.seconds)).toFixed(0)} | ${(median(pass.seconds) / baseline).toFixed(1)} |`,
      ),
      '',
      `The summary cards' call over those reviews (the brand's and its cities' and cuisines' venues): p50 ${factors.p50.toFixed(1)} ms, p95 ${factors.p95.toFixed(1)} ms, beside GET /api/health p50 ${health.p50.toFixed(2)} ms.`,
      '',
    ].join('\n');
  } finally {
    await bench.close();
  }
}

/** The throughput the analyser must keep (docs/social-analytics.md): checked here, never in a timed test. */
export const analyserMinimumPerSecond = 2000;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/**
 * The analyser against the labelled set (packages/domain insights/evaluation): version 3 beside
 * version 1 in the same run, per aspect and overall, on the held-out part, the development part
 * and the whole; then both analysers' reviews per second on the labelled texts repeated to
 * `count`. Fails the run when version 3 reads fewer than analyserMinimumPerSecond a second.
 */
export async function reviewAnalyserSection(count: number): Promise<{ text: string; failed: boolean }> {
  const analysers = [
    { name: `${analyserVersion} (version 3)`, analyse: analyseReview },
    { name: `${analyserVersionV1} (version 1)`, analyse: analyseReviewV1 },
  ];
  const parts = [
    { name: 'held-out part', set: labelledReviews.filter((sentence) => sentence.heldOut) },
    { name: 'development part', set: labelledReviews.filter((sentence) => !sentence.heldOut) },
    { name: 'whole set', set: labelledReviews },
  ];
  const lines: string[] = [
    `## Reviews: the analyser against the labelled set (${labelledReviews.length} sentences)`,
    '',
    "Sentences written for this project (packages/domain/src/insights/evaluation/reviews.labelled.ts); the held-out part was written after version 3 was finished and never used to tune it. Accuracy: labelled aspect mentions read at their label (positive, negative, mixed); detection: labelled mentions the analyser counts at all; macro-F1: the mean F1 over the polarity classes, overall the mean of the aspects' (false detections count against precision).",
    '',
  ];
  const row = (label: string, score: AspectScore) =>
    `| ${label} | ${score.labelled} | ${percent(score.accuracy)} | ${score.macroF1.toFixed(3)} | ${percent(score.recall)} | ${score.falseDetections} |`;
  for (const part of parts) {
    lines.push(`### ${part.name} (${part.set.length} sentences)`, '');
    lines.push('| analyser, aspect | labelled | accuracy | macro-F1 | detection | false detections |');
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const analyser of analysers) {
      const evaluation: Evaluation = evaluateAnalyser(analyser.analyse, part.set);
      for (const aspect of insightAspects)
        lines.push(row(`${analyser.name}, ${aspect}`, evaluation.perAspect[aspect]));
      lines.push(row(`**${analyser.name}, overall**`, evaluation.overall));
    }
    lines.push('');
  }
  const texts = Array.from(
    { length: count },
    (_, index) => labelledReviews[index % labelledReviews.length]!.text,
  );
  const passes: Pass[] = [
    await timed('baseline: plain tokenisation of the labelled texts', count, 3, () => {
      let words = 0;
      for (const text of texts) words += text.toLowerCase().split(/[^a-z']+/).length;
      return words;
    }),
  ];
  for (const analyser of analysers) {
    passes.push(
      await timed(`analyse the labelled texts, ${analyser.name}`, count, 3, () => {
        for (const text of texts) analyser.analyse(text);
      }),
    );
  }
  const perSecond = count / median(passes[1]!.seconds);
  const failed = perSecond < analyserMinimumPerSecond;
  lines.push(
    `Reviews analysed per second, ${count.toLocaleString('en-GB')} labelled texts (median of 3 runs): ${passes
      .map((pass) => `${pass.name}: ${(pass.items / median(pass.seconds)).toFixed(0)}`)
      .join(
        '; ',
      )}. Version 3 must keep ${analyserMinimumPerSecond.toLocaleString('en-GB')} a second: ${failed ? '**FAILED**' : 'kept'}.`,
    '',
  );
  return { text: lines.join('\n'), failed };
}
