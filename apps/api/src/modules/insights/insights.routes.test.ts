import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { analyseReviewText } from '@krowd/domain/insights/review-analysis.rules';
import { sumAspectCounts } from '@krowd/domain/insights/sentiment.rules';
import type {
  BranchDetailsAnswer,
  FactorsAnswer,
  InsightsLoginAnswer,
  ReviewListAnswer,
  ScatterAnswer,
  SimilarityAnswer,
  TrendsAnswer,
} from '@krowd/domain/insights/insights-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { analyserVersion } from './review-analyser.ts';
import { scheduleReanalysis } from './reviews.service.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * Social analytics over the demo reviews (demo-reviews.ts), through the real routes. The figures
 * are recomputed here, from the stored reviews, by a plain calculation written out in this file
 * (the formula of docs/decisions.md 'Social analytics'), and the sentiments by running wink-nlp on
 * the stored texts directly; the answers must agree.
 */

const m = messages.insights;
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};
let now: Date;

const dayMs = 86_400_000;
const payload = (from: Date, to: Date) =>
  encodeURIComponent(JSON.stringify({ $gt: from.toISOString(), $lt: to.toISOString() }));

async function passFor(brandId: string, email = 'visitor@example.test') {
  const response = await call(app, {
    method: 'POST',
    url: '/api/insights/savebrandDetails',
    body: { email, brandId },
    remoteAddress: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(Object.keys(response.json())).toEqual(['respCode', 'respMessage', 'data']);
  return response.json<InsightsLoginAnswer>().data;
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of [
    'brandadmin@demo.test',
    'groupadmin@demo.test',
    'admin@demo.test',
    'clientadmin@demo.test',
    'branduser@demo.test',
    'groupuser@demo.test',
    'bank@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
  now = new Date();
});

afterAll(async () => {
  await testApp?.close();
});

/* ------------------------------------------------------------------ an independent calculation */

interface Row {
  kmid: string;
  reviewed_at: Date;
  rating: number;
  reviewer_rating: number | null;
  sentiment: number;
  text: string;
  [column: string]: unknown;
}

/** The Aggregate Score written out plainly: 100 × (Σ w·q + 2·0.5) ÷ (Σ w + 2). */
function plainScore(rows: Row[], asOf: Date): number | null {
  if (rows.length === 0) return null;
  let top = 1;
  let bottom = 2;
  for (const row of rows) {
    const quality = (0.6 * (row.rating - 1)) / 4 + (0.4 * (Number(row.sentiment) + 1)) / 2;
    const trust = row.reviewer_rating === null ? 0.75 : 0.5 + 0.1 * Number(row.reviewer_rating);
    const age = (asOf.getTime() - new Date(row.reviewed_at).getTime()) / dayMs;
    const weight = trust * Math.pow(2, -age / 180);
    top += weight * quality;
    bottom += weight;
  }
  return (100 * top) / bottom;
}

async function storedReviews(where: ReturnType<typeof sql>, from: Date, to: Date): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT r.*, d.city, d.cuisine, owner.brand_id AS owner,
      (owner.brand_id IS NULL AND EXISTS (SELECT 1 FROM branches b WHERE b.kmid = r.kmid)) AS deleted_branch
    FROM reviews r JOIN branch_directory d ON d.kmid = r.kmid
    LEFT JOIN LATERAL (SELECT min(b.brand_id::text) AS brand_id FROM branches b
      WHERE b.kmid = r.kmid AND b.status <> 'Deleted') owner ON true
    WHERE ${where} AND r.reviewed_at > ${from.toISOString()}::timestamptz
      AND r.reviewed_at < ${to.toISOString()}::timestamptz`.execute(testApp.db);
  return rows;
}

describe('the figures, recomputed from the stored reviews', () => {
  it('the Aggregate Score, review count, aspect mentions, rank and Revenue YTD of the standalone brand', async () => {
    const from = new Date(now.getTime() - 360 * dayMs);
    const brandId = ids.brands.standalone;
    const response = await call(app, {
      url: `/api/reviewsdata/factorsAffectingars?brandId=${brandId}&datePayload=${payload(from, now)}&kmid=`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<FactorsAnswer>().response;

    const own = await storedReviews(
      sql`r.kmid IN (SELECT kmid FROM branches WHERE brand_id = ${brandId}::uuid AND status <> 'Deleted')`,
      from,
      now,
    );
    expect(own.length).toBeGreaterThan(50);
    expect(answer.totalreviewscount).toBe(own.length);
    expect(answer.krowdscore).toBeCloseTo(plainScore(own, now)!, 1);
    const sum = (column: string) => own.reduce((total, row) => total + Number(row[column]), 0);
    expect(answer.chartDetails.factorsAffecting).toEqual({
      categories: ['Food', 'Price', 'Ambiance', 'Service'],
      Positive: [
        sum('food_positive'),
        sum('price_positive'),
        sum('ambiance_positive'),
        sum('service_positive'),
      ],
      Negative: [
        sum('food_negative'),
        sum('price_negative'),
        sum('ambiance_negative'),
        sum('service_negative'),
      ],
    });
    expect(answer.chartDetails.factorsAffecting.Positive.some((count) => count > 0)).toBe(true);
    expect(answer.chartDetails.factorsAffecting.Negative.some((count) => count > 0)).toBe(true);

    // Overall rank: every brand or independent venue with reviews in the brand's cities; a deleted
    // branch (its own Camden branch among them) is no one's.
    const cities = [...new Set(own.map((row) => row.city as string))];
    const peers = (await storedReviews(sql`d.city IN (${sql.join(cities)})`, from, now)).filter(
      (row) => !row.deleted_branch,
    );
    const entities = new Map<string, Row[]>();
    for (const row of peers) {
      const key = (row.owner as string | null) ?? row.kmid;
      entities.set(key, [...(entities.get(key) ?? []), row]);
    }
    const scores = [...entities.entries()].map(([key, rows]) => [key, plainScore(rows, now)!] as const);
    const ownScore = scores.find(([key]) => key === brandId)![1];
    expect(answer.loggedinBrandoverallRank).toEqual({
      rank: 1 + scores.filter(([, score]) => score > ownScore + 1e-9).length,
      outOf: scores.length,
    });
    expect(answer.loggedinBrandoverallRank!.outOf).toBeGreaterThan(3);
    expect(answer.cusineRankingforselectedrange).toMatchObject({ cuisine: 'Vegetarian' });

    const { rows } = await sql<{ spend: string }>`
      SELECT coalesce(sum(spend_pence), 0) AS spend FROM reporting_daily
      WHERE brand_id = ${brandId}::uuid AND day >= ${`${localToday(now, testApp.config.timezone).slice(0, 4)}-01-01`}::date
        AND day <= ${localToday(now, testApp.config.timezone)}::date`.execute(testApp.db);
    expect(answer.currentYearRevenue).toBe(Number(rows[0]!.spend));
    expect(answer.teaser).toBeUndefined();
  });

  it('the stored analysis of every demo review is what the rule-based analyser reads in its text', async () => {
    const rows = await storedReviews(sql`true`, new Date(0), new Date(now.getTime() + dayMs));
    expect(rows.length).toBeGreaterThan(1000);
    const sample = rows.filter((_, index) => index % 10 === 0);
    for (const row of sample) {
      const read = analyseReviewText(row.text);
      expect(Number(row.sentiment)).toBeCloseTo(read.sentiment, 3);
      expect(row).toMatchObject({
        food_positive: read.aspects.Food.positive,
        service_negative: read.aspects.Service.negative,
      });
    }
    // A mixed demo text is counted both ways: its good clause and its bad one.
    const mixed = rows.find(
      (row) => / but the service was painfully slow\./.test(row.text) && /delicious but/.test(row.text),
    );
    expect(mixed).toMatchObject({ food_positive: 1, service_negative: 1 });
  });

  it('the sentiment bars add up what the analyser reads in the brand’s review texts', async () => {
    const brandId = ids.brands.standalone;
    const from = new Date(now.getTime() - 360 * dayMs);
    const rows = await storedReviews(
      sql`r.kmid IN (SELECT kmid FROM branches WHERE brand_id = ${brandId}::uuid AND status <> 'Deleted')`,
      from,
      now,
    );
    // Counted here from the texts alone, each read again.
    const tally = sumAspectCounts(rows.map((row) => analyseReviewText(row.text).aspects));
    const totals = Object.values(tally).map((counts) => counts.positive + counts.negative);
    expect(totals.every((total) => total > 0)).toBe(true);
    const response = await call(app, {
      url: `/api/reviewsdata/factorsAffectingars?brandId=${brandId}&datePayload=${payload(from, now)}`,
      token: tokens['brandadmin@demo.test'],
    });
    const { factorsAffecting } = response.json<FactorsAnswer>().response.chartDetails;
    expect(factorsAffecting.Positive).toEqual([
      tally.Food.positive,
      tally.Price.positive,
      tally.Ambiance.positive,
      tally.Service.positive,
    ]);
    expect(factorsAffecting.Negative).toEqual([
      tally.Food.negative,
      tally.Price.negative,
      tally.Ambiance.negative,
      tally.Service.negative,
    ]);
  });

  it('trends: one point a month, each the score of that month’s reviews, a 13-month window shown as 10', async () => {
    const brandId = ids.brands.standalone;
    const from = new Date(now.getTime() - 375 * dayMs);
    const branches = (
      await call(app, {
        url: `/api/reviewsdata/branchdetails?brandId=${brandId}`,
        token: tokens['brandadmin@demo.test'],
      })
    ).json<BranchDetailsAnswer>().data;
    const competitor = branches.competitors[0]!;
    const response = await call(app, {
      url: `/api/reviewsdata?brandId=${brandId}&datePayload=${payload(from, now)}&trendFlag=Service&kmid=&entityId=${competitor.kmid}`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TrendsAnswer>();
    expect(Object.keys(answer)).toEqual(['respCode', 'trendschartDetails', 'lineschartDetails']);
    expect(answer.trendschartDetails.data.map((series) => series.name)).toEqual([
      'Green Fork',
      competitor.branchName,
    ]);
    const points = answer.trendschartDetails.data[0]!.data;
    // 375 days touch 13 or 14 calendar months; 13 are shown as 10 (spec 3 §2.7).
    expect([10, 14]).toContain(points.length);
    expect(answer.lineschartDetails.aspect).toBe('Service');

    const own = await storedReviews(
      sql`r.kmid IN (SELECT kmid FROM branches WHERE brand_id = ${brandId}::uuid AND status <> 'Deleted')`,
      from,
      now,
    );
    const month = points[2]!.label;
    const inMonth = own.filter(
      (row) => localToday(new Date(row.reviewed_at), testApp.config.timezone).slice(0, 7) === month,
    );
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const monthEnd = new Date(
      new Date(
        new Date(Date.UTC(year, monthNumber, 1)).toLocaleString('en-US', {
          timeZone: testApp.config.timezone,
        }),
      ),
    );
    expect(inMonth.length).toBeGreaterThan(0);
    // The month is scored as of its end: within a few hours' drift of the clock arithmetic above.
    expect(points[2]!.value).toBeCloseTo(plainScore(inMonth, monthEnd)!, 0);
    const net = inMonth.reduce(
      (total, row) => total + Number(row.service_positive) - Number(row.service_negative),
      0,
    );
    expect(answer.lineschartDetails.data[0]!.data[2]!.value).toBe(net);
  });
});

describe('every call answers', () => {
  it('branch details: the brand’s venues and competitor venues of its cities', async () => {
    const response = await call(app, {
      url: `/api/reviewsdata/branchdetails?brandId=${ids.brands.standalone}`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode).toBe(200);
    const { data, respCode } = response.json<BranchDetailsAnswer & { respCode: number }>();
    expect(respCode).toBe(200);
    expect(data.allbranches.length).toBeGreaterThan(1);
    expect(data.allbranches.every((branch) => branch.brandId === ids.brands.standalone)).toBe(true);
    expect(data.competitors.length).toBeGreaterThan(0);
    expect(data.competitors.every((venue) => venue.brandId !== ids.brands.standalone)).toBe(true);
  });

  it('never offers a deleted branch as a competitor: the brand’s own deleted Camden branch is not one', async () => {
    const brandId = ids.brands.standalone;
    const camden = await testApp.db
      .selectFrom('branches')
      .select(['kmid', 'name'])
      .where('brand_id', '=', brandId)
      .where('status', '=', 'Deleted')
      .executeTakeFirstOrThrow();
    expect(camden.name).toBe('Green Fork Camden');
    const reviews = await storedReviews(sql`r.kmid = ${camden.kmid}`, new Date(0), now);
    expect(reviews.length).toBeGreaterThan(0);

    const details = (
      await call(app, {
        url: `/api/reviewsdata/branchdetails?brandId=${brandId}`,
        token: tokens['brandadmin@demo.test'],
      })
    ).json<BranchDetailsAnswer>().data;
    const trend = await call(app, {
      url: `/api/reviewsdata?brandId=${brandId}&datePayload=${payload(new Date(now.getTime() - 360 * dayMs), now)}&kmid=&entityId=${camden.kmid}`,
      token: tokens['brandadmin@demo.test'],
    });

    expect(details.competitors.map((venue) => venue.kmid)).not.toContain(camden.kmid);
    expect(details.allbranches.map((venue) => venue.kmid)).not.toContain(camden.kmid);
    expect(trend.statusCode).toBe(404);
    expect(trend.json()).toEqual({ code: 'not_found', errorMessage: m.branchNotFound });
  });

  it('similarity: at most 5 entities, most similar first, and the five radars', async () => {
    const response = await call(app, {
      url: `/api/reviewsdata/similarity?fromdate=${localToday(new Date(now.getTime() - 360 * dayMs), 'UTC')}&todate=${localToday(now, 'UTC')}&entityId=${ids.brands.standalone}&kmid=`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SimilarityAnswer>();
    expect(Object.keys(answer)).toEqual([
      'respCode',
      'objectwithjsd',
      'objectwithfood',
      'objectwithprice',
      'objectwithambiance',
      'objectwithservice',
      'brandList',
    ]);
    expect(answer.brandList.length).toBeGreaterThan(0);
    expect(answer.brandList.length).toBeLessThanOrEqual(5);
    const similarities = answer.brandList.map((brand) => brand.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(answer.objectwithjsd.labels).toEqual(['Food', 'Price', 'Ambiance', 'Service']);
    expect(answer.objectwithjsd.datasets[0]!.label).toBe('Green Fork');
    expect(answer.objectwithjsd.datasets).toHaveLength(answer.brandList.length + 1);
    for (const radar of [
      answer.objectwithfood,
      answer.objectwithprice,
      answer.objectwithambiance,
      answer.objectwithservice,
    ]) {
      expect(radar.labels).toEqual(['Green Fork', ...answer.brandList.map((brand) => brand.brandName)]);
    }
  });

  it('scatter: the brand and the entities of its cities, score against net positive', async () => {
    const response = await call(app, {
      url: `/api/reviewsdata/getscatterchart?brandId=${ids.brands.standalone}&tagType=food`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<ScatterAnswer>();
    expect(Object.keys(response.json())).toEqual(['respCode', 'data']);
    expect(data.tagType).toBe('Food');
    expect(data.points.filter((point) => point.isSelected)).toHaveLength(1);
    expect(data.points.length).toBeGreaterThan(2);
    expect(
      data.points.every((point) => point.y >= -100 && point.y <= 100 && point.x > 0 && point.x < 100),
    ).toBe(true);
  });

  it('brand insights: the brands with reviews, searchable, without login', async () => {
    const all = await call(app, { url: '/api/reviewsdata/getBrandInsights' });
    expect(all.statusCode).toBe(200);
    const names = all.json<{ brands: { label: string }[] }>().brands.map((brand) => brand.label);
    expect(names).toEqual(expect.arrayContaining(['Green Fork', 'Harbour Kitchen', 'Ember Pizza Co']));
    const some = await call(app, {
      url: `/api/reviewsdata/getBrandInsights?filter=${encodeURIComponent(JSON.stringify({ search: 'harb' }))}`,
    });
    expect(some.json<{ brands: { label: string }[] }>().brands.map((brand) => brand.label)).toEqual([
      'Harbour Kitchen',
    ]);
  });

  it('the insights login gives a pass; the Sign Up dialog with it is kept and mailed to the system admins', async () => {
    const visitor = await passFor(ids.brands.standalone, 'lead@example.test');
    expect(visitor).toMatchObject({
      email: 'lead@example.test',
      brandId: ids.brands.standalone,
      brandName: 'Green Fork',
    });
    // A deleted system admin is told nothing.
    await testApp.db
      .insertInto('users')
      .values({
        email: 'departed-admin@demo.test',
        password_hash: 'not used',
        first_name: 'Dee',
        last_name: 'Parted',
        entity_type: 'systemadmin',
        status: 'active',
        deleted_at: new Date(),
      })
      .execute();
    const signup = {
      contactName: 'Lee Lead',
      organizationName: 'Lead Foods',
      phoneNumber: '07700900123',
      email: 'lead@example.test',
      isInstrested: true,
      isSocialAnalytics: true,
      isReferrals: false,
    };
    const response = await call(app, {
      method: 'POST',
      url: `/api/insights/updatebrandDetails/${visitor._id}`,
      headers: { 'x-insights-pass': visitor.insightsPass },
      body: signup,
    });
    expect(response.statusCode, response.body).toBe(205);
    expect(response.json()).toEqual({ respCode: 205, respMessage: m.signupSaved });
    const stored = await testApp.db
      .selectFrom('insights_visitors')
      .selectAll()
      .where('id', '=', visitor._id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      organization_name: 'Lead Foods',
      is_interested: true,
      is_referrals: false,
    });
    expect(stored.pass_hash).not.toContain(visitor.insightsPass);
    const mail = await testApp.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('subject', '=', 'Social analytics sign up: Lead Foods')
      .execute();
    expect(mail.map((row) => row.to_address)).toContain('admin@demo.test');
    expect(mail.map((row) => row.to_address)).not.toContain('departed-admin@demo.test');

    const otherVisitor = await passFor(ids.brands.standalone);
    const foreign = await call(app, {
      method: 'POST',
      url: `/api/insights/updatebrandDetails/${visitor._id}`,
      headers: { 'x-insights-pass': otherVisitor.insightsPass },
      body: signup,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("Logout ends the visitor's pass on the server: a copy of it reads nothing afterwards", async () => {
    const visitor = await passFor(ids.brands.standalone, 'leaving@example.test');
    const read = () =>
      call(app, {
        url: `/api/reviewsdata/branchdetails?brandId=${ids.brands.standalone}`,
        headers: { 'x-insights-pass': visitor.insightsPass },
      });
    expect((await read()).statusCode).toBe(200);

    const logout = await call(app, {
      method: 'POST',
      url: '/api/insights/logout',
      headers: { 'x-insights-pass': visitor.insightsPass },
    });

    expect(logout.statusCode, logout.body).toBe(200);
    expect((await read()).statusCode).toBe(401);
    const again = await call(app, {
      method: 'POST',
      url: '/api/insights/logout',
      headers: { 'x-insights-pass': visitor.insightsPass },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('who may read', () => {
  const factors = (brandId: string) => `/api/reviewsdata/factorsAffectingars?brandId=${brandId}&kmid=`;

  it.each([
    ['brandadmin@demo.test', 'standalone', 200],
    ['brandadmin@demo.test', 'groupBrandA', 403],
    ['groupadmin@demo.test', 'groupBrandA', 200],
    ['groupadmin@demo.test', 'groupBrandB', 200],
    ['groupadmin@demo.test', 'standalone', 403],
    ['admin@demo.test', 'groupBrandA', 200],
    ['clientadmin@demo.test', 'standalone', 200],
    ['branduser@demo.test', 'standalone', 403],
    ['groupuser@demo.test', 'groupBrandA', 403],
    ['bank@demo.test', 'standalone', 403],
  ] as const)('%s reading %s answers %i', async (email, brand, status) => {
    const response = await call(app, { url: factors(ids.brands[brand]), token: tokens[email] });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403)
      expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
  });

  it('refuses a caller with neither session nor pass (401)', async () => {
    const response = await call(app, { url: factors(ids.brands.standalone) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });

  it('a pass reads its own brand, without revenue, with the 20% teaser', async () => {
    const visitor = await passFor(ids.brands.standalone);
    const response = await call(app, {
      url: factors(ids.brands.standalone),
      headers: { 'x-insights-pass': visitor.insightsPass },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<FactorsAnswer>().response;
    expect(answer).not.toHaveProperty('currentYearRevenue');
    expect(response.body).not.toContain('currentYearRevenue');
    expect(answer.teaser).toMatchObject({ discountPercent: 20 });
    expect(answer.teaser!.customers).toBeGreaterThan(0);
  });

  it('a pass for brand A reading brand B is refused (403); an unknown pass is 401', async () => {
    const visitor = await passFor(ids.brands.standalone);
    for (const url of [
      factors(ids.brands.groupBrandA),
      `/api/reviewsdata/branchdetails?brandId=${ids.brands.groupBrandA}`,
      `/api/reviewsdata/similarity?fromdate=2026-01-01&todate=2026-02-01&entityId=${ids.brands.groupBrandA}`,
    ]) {
      const response = await call(app, { url, headers: { 'x-insights-pass': visitor.insightsPass } });
      expect(response.statusCode).toBe(403);
    }
    const unknown = await call(app, {
      url: factors(ids.brands.standalone),
      headers: { 'x-insights-pass': 'not-a-pass' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'unauthenticated', errorMessage: m.passExpired });
  });
});

describe('bad input is refused with a message and changes nothing', () => {
  it.each([
    ['a datePayload that is not JSON', 'datePayload=yesterday', m.datePayloadInvalid],
    [
      'a datePayload without its end',
      `datePayload=${encodeURIComponent('{"$gt":"2026-01-01T00:00:00Z"}')}`,
      m.datePayloadInvalid,
    ],
    [
      'a datePayload ending before it starts',
      `datePayload=${encodeURIComponent('{"$gt":"2026-02-01T00:00:00Z","$lt":"2026-01-01T00:00:00Z"}')}`,
      m.datePayloadOrder,
    ],
    ['a malformed kmid', `kmid=${encodeURIComponent("KM1' OR '1'='1")}`, m.kmidInvalid],
    ['a NUL byte', 'kmid=KM%00', messages.validation.nulCharacter],
  ])('%s: 400', async (_, query, message) => {
    const response = await call(app, {
      url: `/api/reviewsdata/factorsAffectingars?brandId=${ids.brands.standalone}&${query}`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toContain(message);
  });

  it('a kmid that is not a branch of the brand: 404', async () => {
    const response = await call(app, {
      url: `/api/reviewsdata/factorsAffectingars?brandId=${ids.brands.standalone}&kmid=KM9999999`,
      token: tokens['brandadmin@demo.test'],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: m.branchNotFound });
  });

  it('the insights login names its missing fields', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/insights/savebrandDetails',
      body: { email: 'not-an-email', brandId: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      email: messages.validation.emailInvalid,
      brandId: m.brandIdRequired,
    });
  });
});

describe('reviews in', () => {
  const header = 'source,external_id,kmid,reviewed_at,rating,reviewer_rating,text';
  let venue: string;
  const upload = (body: string | Buffer, contentType = 'text/csv', token = tokens['admin@demo.test']) =>
    call(app, {
      method: 'POST',
      url: '/api/reviews/upload?fileName=reviews.csv',
      token,
      headers: { 'content-type': contentType },
      body,
    });
  const storedCount = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM reviews`.execute(testApp.db)).rows[0]!.n);

  beforeAll(async () => {
    venue = (
      await testApp.db
        .selectFrom('branch_directory')
        .select('kmid')
        .where('merchant_name', '=', 'Forno Leeds')
        .executeTakeFirstOrThrow()
    ).kmid;
  });

  it('stores a file’s reviews with their analysis, and a second upload of it changes nothing', async () => {
    const id = randomBytes(4).toString('hex');
    const file = [
      header,
      `Google,up-${id}-1,${venue},2026-01-10T19:00:00+00:00,5,4,"The pizza was delicious but the service was painfully slow."`,
      `TripAdvisor,up-${id}-2,${venue},2026-01-11T12:30:00-05:00,2,,"Overpriced, and the bill was a shock.\nNever again."`,
    ].join('\n');
    const first = await upload(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ respCode: 200, data: { received: 2, inserted: 2, duplicates: 0 } });
    const again = await upload(file);
    expect(again.json()).toMatchObject({ data: { received: 2, inserted: 0, duplicates: 2 } });

    const list = await call(app, {
      url: `/api/reviews?kmid=${venue}&perPage=100`,
      token: tokens['admin@demo.test'],
    });
    expect(Object.keys(list.json())).toEqual([
      'respCode',
      'data',
      'count',
      'currentPage',
      'perPage',
      'totalPages',
    ]);
    const rows = list.json<ReviewListAnswer>().data.filter((row) => row.externalId.startsWith(`up-${id}`));
    expect(rows).toHaveLength(2);
    const mixed = rows.find((row) => row.externalId.endsWith('-1'))!;
    expect(mixed.aspects.Food).toEqual({ positive: 1, negative: 0 });
    expect(mixed.aspects.Service).toEqual({ positive: 0, negative: 1 });
    expect(rows.find((row) => row.externalId.endsWith('-2'))!.reviewerRating).toBeNull();
  });

  it('a file with bad rows is refused whole, each bad row by its line', async () => {
    const before = await storedCount();
    const file = [
      header,
      `Google,bad-1,${venue},2026-01-10T19:00:00+00:00,5,4,Lovely food`,
      `Google,bad-2,KM0000000,2026-01-10T19:00:00+00:00,5,4,Lovely food`,
      `Google,bad-3,${venue},2026-01-10,5,4,Lovely food`,
      `Google,bad-4,${venue},2026-01-10T19:00:00Z,9,4,Lovely food`,
      `Google,bad-1,${venue},2026-01-10T19:00:00+00:00,5,4,Lovely food`,
      `Google,bad-6,${venue}`,
    ].join('\n');
    const response = await upload(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'file_refused',
      errorMessage: m.uploadBadRows(5),
      errors: [
        { line: 3, message: m.rowMid },
        { line: 4, message: m.rowDate },
        { line: 5, message: m.rowRating },
        { line: 6, message: m.rowDuplicate(2) },
        { line: 7, message: m.rowColumns },
      ],
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a picture renamed .csv, a wrong header, a NUL byte in a row and a file over 20 MB', async () => {
    const before = await storedCount();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const picture = await upload(png);
    expect(picture.statusCode).toBe(400);
    expect(picture.json().errorMessage).toBe(m.uploadNotCsv);

    const wrongHeader = await upload('review,stars\nnice,5');
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json().errorMessage).toBe(m.uploadHeader(header));

    const nul = await call(app, {
      method: 'POST',
      url: '/api/reviews',
      token: tokens['admin@demo.test'],
      body: {
        reviews: [
          {
            source: 'Google',
            external_id: 'nul-1',
            kmid: venue,
            reviewed_at: '2026-01-10T19:00:00Z',
            rating: 4,
            text: 'nice\u0000food',
          },
        ],
      },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      code: 'file_refused',
      errorMessage: m.uploadBadRows(1),
      errors: [{ line: 1, message: m.rowControl }],
    });

    const row = `Google,big,${venue},2026-01-10T19:00:00Z,4,,${'a'.repeat(4000)}\n`;
    const huge = await upload(header + '\n' + row.repeat(Math.ceil((20 * 1024 * 1024) / row.length) + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'payload_too_large', errorMessage: m.uploadTooLarge });
    expect(await storedCount()).toBe(before);
  });

  it('a review stored by an older analyser is analysed again by the queued job', async () => {
    const id = `old-${randomBytes(4).toString('hex')}`;
    const file = `${header}\nGoogle,${id},${venue},2026-01-12T19:00:00Z,2,,The staff were rude and unhelpful.`;
    expect((await upload(file)).statusCode).toBe(200);
    await sql`UPDATE reviews SET analyser_version = 'old', sentiment = 0, service_negative = 0
      WHERE external_id = ${id}`.execute(testApp.db);

    await scheduleReanalysis(app.services.jobs);
    await app.services.jobs.runDue();

    const row = await testApp.db
      .selectFrom('reviews')
      .selectAll()
      .where('external_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ analyser_version: analyserVersion, service_negative: 1 });
    expect(row.sentiment).toBeLessThan(0);
  });

  it('is for the system admin only', async () => {
    const response = await upload(`${header}\n`, 'text/csv', tokens['brandadmin@demo.test']);
    expect(response.statusCode).toBe(403);
  });
});
