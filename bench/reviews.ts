import { sql } from 'kysely';
import { reviewFileColumns } from '../packages/domain/src/insights/reviews.schema.ts';
import { demoPassword } from '../apps/api/src/demo/demo-data.ts';
import { demoVenueReviews } from '../apps/api/src/demo/demo-reviews.ts';
import { analyseReview } from '../apps/api/src/modules/insights/review-analyser.ts';
import { benchApp, time } from './harness.ts';

/**
 * Social analytics' reviews (issue 15): how many reviews a second the text analysis gets through on
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
      await timed('analyse (wink-nlp sentiment, clauses, aspect mentions)', count, 3, () => {
        for (const text of texts) analyseReview(text);
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
