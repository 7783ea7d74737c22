import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/database.generated.ts';
import { insertCampaign } from '../modules/campaigns/campaigns.fixtures.ts';
import { hostileCorpus, type HostileFile, type UploadKind } from './hostile-upload-corpus.ts';
import { createTestApp, demoIds, loginAs, type App, type TestApp } from './test-app.ts';

/**
 * Every file of the hostile corpus at every upload of the API: each is refused with a
 * 4xx and a message a person can read, or (an image that truly is one) stored as what its bytes
 * are. None answers 5xx, and a refused file stores nothing.
 */

interface Upload {
  name: string;
  kind: UploadKind;
  /** The request that carries the file. */
  request: (file: HostileFile) => Promise<InjectOptions> | InjectOptions;
}

let testApp: TestApp;
let app: App;
let tokens: Record<'admin' | 'company', string>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart form with the file in `field` and the text fields given. */
function multipart(field: string, file: HostileFile, fields: Record<string, string> = {}) {
  const boundary = '----krowdhostile';
  const safeName = file.name.replace(/["\r\n]/g, '_');
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${safeName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
}

const fileNameQuery = (file: HostileFile) => encodeURIComponent(file.name.slice(0, 300));

/** Row counts of every table an upload writes (logs of refused uploads aside). */
async function stored(db: Kysely<DB>) {
  const count = async (table: keyof DB) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    branches: await count('branches'),
    transactions: await count('transactions'),
    impressions: await count('impressions'),
    promoCodes: await count('campaign_promo_codes'),
    reviews: await count('reviews'),
    submissions: await count('card_network_branch_submissions'),
  };
}

const uploads: Upload[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_IP: '1000000', SESSIONS_PER_USER: '1000' },
  });
  app = testApp.app;
  const ids = await demoIds(testApp.db);
  tokens = {
    admin: (await loginAs(app, 'admin@demo.test')).token,
    company: (await loginAs(app, 'companyadmin@demo.test')).token,
  };
  const brandId = ids.brands.standalone;
  const campaignId = await insertCampaign(testApp.db, {
    brandId,
    month: '2031-06',
    timeZone: testApp.config.timezone,
    promoCode: { mode: 'multiple' },
  });
  const atr = await testApp.db
    .selectFrom('publishers')
    .select('id')
    .where('code', '=', 'ATR')
    .executeTakeFirstOrThrow();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/onBoardAmexBrand',
    payload: {
      name: 'Hostile Owner',
      brandName: 'Hostile Upload Dining',
      legalName: 'Hostile Upload Dining Ltd',
      email: 'hostile-owner@example.test',
      phone: '',
      website: '',
      from: 'amexdiningsignup',
    },
  });
  await app.services.auth.settled();
  const welcome = await testApp.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', 'hostile-owner@example.test')
    .executeTakeFirst();
  const branchPageId = /\/amexdiningbranch\/([A-Za-z0-9_-]{43})/.exec(welcome?.text_body ?? '')?.[1];
  if (signup.statusCode !== 201 || !branchPageId) {
    throw new Error(`card-network sign-up for the branch page failed: ${signup.statusCode} ${signup.body}`);
  }
  const branchList = JSON.stringify([
    {
      branchName: 'Hostile Soho',
      merchantId: '',
      amexMerchantID: 'HOSTILE-AMEX-1',
      zettleMerchantID: '',
      postcode: 'W1D 4HS',
      postaltown: 'London',
      address: '1 Dean Street',
    },
  ]);

  const raw =
    (url: string, token?: string, headers: Record<string, string> = {}) =>
    (file: HostileFile) => ({
      method: 'POST' as const,
      url,
      headers: { 'content-type': 'text/csv', ...(token ? bearer(token) : {}), ...headers },
      payload: file.bytes,
    });
  uploads.push(
    {
      name: 'branches CSV (POST /api/merchants/upload)',
      kind: 'csv',
      request: (file) =>
        raw(`/api/merchants/upload?brandId=${brandId}&fileName=${fileNameQuery(file)}`, tokens.company)(file),
    },
    {
      name: 'promo codes CSV (POST /api/campaigns/upload)',
      kind: 'csv',
      request: raw(`/api/campaigns/upload?uploadPath=promocode&campaign_id=${campaignId}`, tokens.company),
    },
    {
      name: 'publisher transactions (POST /api/transactions/ingest)',
      kind: 'csv',
      request: raw('/api/transactions/ingest', undefined, { 'x-api-key': 'demo-atr-key' }),
    },
    {
      name: 'console transactions (POST /api/ingestionLogs/upload)',
      kind: 'csv',
      request: (file) =>
        raw(
          `/api/ingestionLogs/upload?publisher=${atr.id}&fileName=${fileNameQuery(file)}`,
          tokens.admin,
        )(file),
    },
    {
      name: 'reviews CSV (POST /api/reviews/upload)',
      kind: 'csv',
      request: raw('/api/reviews/upload', tokens.admin),
    },
    {
      name: 'overview files (POST /api/campaignoverview/upload)',
      kind: 'csv',
      request: (file) => {
        const form = multipart('transactions', file, { start_date: '2025-06' });
        return {
          method: 'POST',
          url: '/api/campaignoverview/upload',
          headers: { ...form.headers, ...bearer(tokens.admin) },
          payload: form.payload,
        };
      },
    },
    {
      name: 'media library image (POST /api/uploads/files)',
      kind: 'image',
      request: (file) => ({
        method: 'POST',
        url: `/api/uploads/files?uploadPath=docs&docType=creatives&brandId=${brandId}`,
        headers: { 'content-type': file.type, ...bearer(tokens.company) },
        payload: file.bytes,
      }),
    },
    {
      name: 'template image (POST /api/campaignTemplates/upload)',
      kind: 'image',
      request: (file) => {
        const form = multipart('image', file);
        return {
          method: 'POST',
          url: `/api/campaignTemplates/upload?uploadPath=campaign&brandId=${brandId}`,
          headers: { ...form.headers, ...bearer(tokens.company) },
          payload: form.payload,
        };
      },
    },
    {
      name: 'profile photo (POST /api/uploads)',
      kind: 'image',
      request: (file) => {
        const form = multipart('file', file);
        return {
          method: 'POST',
          url: '/api/uploads?uploadPath=user',
          headers: { ...form.headers, ...bearer(tokens.company) },
          payload: form.payload,
        };
      },
    },
    {
      name: 'card-network branch page (POST /api/auth/notifyAdminForAmexBranch)',
      kind: 'excel',
      request: (file) => {
        const form = multipart('excelFile', file, { id: branchPageId, branchList, comments: 'hostile' });
        return { method: 'POST', url: '/api/auth/notifyAdminForAmexBranch', ...form };
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** A 4xx whose body names the problem in words: no stack, no internal name. */
function expectReadableRefusal(response: LightMyRequestResponse, context: string) {
  expect(response.statusCode, `${context}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${context}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const body = response.json<{ errorMessage?: unknown }>();
  expect(typeof body.errorMessage, context).toBe('string');
  expect(String(body.errorMessage), context).not.toMatch(/\bat .+\.(ts|js):\d+|Error:|undefined|\[object/);
}

describe('the hostile upload corpus', () => {
  it('holds at least 30 files', () => {
    expect(hostileCorpus.length).toBeGreaterThanOrEqual(30);
  });

  it('reaches ten upload endpoints', () => {
    expect(uploads.map((upload) => upload.name)).toHaveLength(10);
  });

  it.each(hostileCorpus.map((file) => [file.name.slice(0, 60), file] as const))(
    '%s is refused or stored as what it is, at every upload',
    async (_name, file) => {
      for (const upload of uploads) {
        const before = await stored(testApp.db);
        const response = await app.inject(await upload.request(file));
        const context = `${upload.name} with ${file.name.slice(0, 60)}`;
        if (file.acceptableAt?.includes(upload.kind) && response.statusCode < 300) {
          expect(response.statusCode, context).toBe(201);
          continue;
        }
        expectReadableRefusal(response, context);
        expect(await stored(testApp.db), context).toEqual(before);
      }
    },
    120_000,
  );
});
