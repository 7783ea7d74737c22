import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiBytes, gifBytes, jpeg5x3, pngBytes } from '@krowd/domain/asset/image-file.fixtures';
import { imageFileMaxBytes } from '@krowd/domain/asset/image-file';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { campaignBody } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

const m = messages.asset;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const who of ['companyadmin', 'groupadmin', 'bank', 'user', 'branduser', 'admin', 'cardprovider']) {
    tokens[who] = (await loginAs(app, `${who}@demo.test`)).token;
  }
});

afterAll(async () => {
  await testApp?.close();
});

interface Asset {
  _id: string;
  fileName: string;
  url: string;
  type: string;
  width: number;
  height: number;
}

/** A PNG grown to an exact byte size (zeros before its end chunk): only the size matters. */
function pngOfSize(size: number) {
  const png = pngBytes(5, 3);
  const end = png.length - 12;
  return Buffer.concat([png.subarray(0, end), Buffer.alloc(size - png.length), png.subarray(end)]);
}

function uploadCreative(
  body: Uint8Array | undefined,
  options: { as?: string; query?: Record<string, string>; contentType?: string } = {},
) {
  const query = new URLSearchParams({ uploadPath: 'docs', docType: 'creatives', ...options.query });
  return call(app, {
    method: 'POST',
    url: `/api/uploads/files?${query}`,
    token: tokens[options.as ?? 'companyadmin'],
    headers: body === undefined ? {} : { 'content-type': options.contentType ?? 'image/png' },
    body: body === undefined ? undefined : Buffer.from(body),
  });
}

/** A multipart/form-data body with one file part. */
function multipart(bytes: Uint8Array, field = 'image', fileName = 'picture.png', type = 'image/png') {
  const boundary = '----krowdtest7d9a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const library = (as: string, query = '') =>
  call(app, { url: `/api/documents/creatives?page=1${query}`, token: tokens[as] });

const openFile = (url: string, as?: string) => call(app, { url, token: as ? tokens[as] : undefined });

describe('POST /api/uploads/files (Upload Images)', () => {
  it.each([
    ['a PNG', pngBytes(10, 6), 'image/png', 'png', 10, 6],
    ['a GIF', gifBytes(5, 3), 'image/gif', 'gif', 5, 3],
    ['a JPEG', jpeg5x3, 'image/jpeg', 'jpeg', 5, 3],
  ])(
    'stores %s in the brand’s library under a name the server makes',
    async (_n, bytes, type, kind, w, h) => {
      const response = await uploadCreative(bytes, {
        contentType: type,
        query: { name: '../../etc/passwd.html' },
      });

      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{ name: string; respMessage: string; details: Asset }>();
      expect(body.respMessage).toBe(m.imageUploaded);
      expect(body.name).toMatch(new RegExp(`^creative-[0-9a-f]{12}\\.${kind === 'jpeg' ? 'jpg' : kind}$`));
      expect(body.details).toMatchObject({ type: kind, width: w, height: h, byteSize: bytes.length });
      expect(body.details.url).toBe(`/api/files/${body.details._id}/${body.name}`);
      const stored = await testApp.db
        .selectFrom('assets')
        .select(['brand_id', 'kind', 'content_type'])
        .where('id', '=', body.details._id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ brand_id: ids.brands.standalone, kind: 'creative', content_type: type });
    },
  );

  it('believes the bytes, not the name or the claimed type: a PNG sent as photo.jpg, image/jpeg is a PNG', async () => {
    const response = await uploadCreative(pngBytes(5, 3), {
      contentType: 'image/jpeg',
      query: { name: 'photo.jpg', mimetype: 'image/jpeg' },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json<{ details: Asset }>().details).toMatchObject({
      type: 'png',
      contentType: 'image/png',
    });
    expect(response.json<{ name: string }>().name).toMatch(/\.png$/);
  });

  it.each([
    ['HTML named as a PNG', asciiBytes('<html><script>alert(1)</script></html>'), m.fileNotImage],
    [
      'an SVG named as a PNG',
      asciiBytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      m.fileNotImage,
    ],
    ['a PNG whose end was cut off', pngBytes(5, 3).subarray(0, 40), m.fileNotImage],
    ['an empty file', new Uint8Array(), m.fileEmpty],
    ['an image of exactly 2,072,576 bytes', pngOfSize(imageFileMaxBytes), m.fileTooLarge],
    ['a 3 MB image', pngOfSize(3 * 1024 * 1024), m.fileTooLarge],
  ])('refuses %s with 400 and stores nothing', async (_name, bytes, message) => {
    const before = await testApp.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await uploadCreative(bytes);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: message });
    const after = await testApp.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('takes an image one byte under the limit', async () => {
    const response = await uploadCreative(pngOfSize(imageFileMaxBytes - 1));
    expect(response.statusCode).toBe(201);
  });

  it('refuses a body sent as SVG or HTML with 415 before reading it as an image', async () => {
    for (const contentType of ['image/svg+xml', 'text/html']) {
      const response = await uploadCreative(asciiBytes('<svg/>'), { contentType });
      expect(response.statusCode).toBe(415);
    }
  });

  it('refuses a request without a body as an empty file', async () => {
    const response = await uploadCreative(undefined);
    expect(response.statusCode).toBe(400);
  });

  it('lets a group admin upload to a brand of their group, and asks them which brand', async () => {
    const withBrand = await uploadCreative(gifBytes(5, 3), {
      as: 'groupadmin',
      query: { brandId: ids.brands.groupBrandA },
    });
    expect(withBrand.statusCode).toBe(201);

    const without = await uploadCreative(gifBytes(5, 3), { as: 'groupadmin' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ errorMessage: m.brandRequired });
  });

  it('answers 404 for a brand outside the caller’s scope', async () => {
    const response = await uploadCreative(gifBytes(5, 3), { query: { brandId: ids.brands.groupBrandA } });
    expect(response.statusCode).toBe(404);
  });

  it('puts a bank user’s images in the bank’s own library and never in a brand’s', async () => {
    const own = await uploadCreative(gifBytes(5, 3), { as: 'bank' });
    expect(own.statusCode).toBe(201);
    const stored = await testApp.db
      .selectFrom('assets')
      .select(['bank_id', 'brand_id'])
      .where('id', '=', own.json<{ details: Asset }>().details._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ bank_id: ids.bankId, brand_id: null });

    const intoBrand = await uploadCreative(gifBytes(5, 3), {
      as: 'bank',
      query: { brandId: ids.brands.standalone },
    });
    expect(intoBrand.statusCode).toBe(404);
  });

  it.each(['admin', 'branduser'])('refuses %s, who has no Manage Assets page', async (who) => {
    expect((await uploadCreative(gifBytes(5, 3), { as: who })).statusCode).toBe(403);
  });

  it('refuses unknown query fields', async () => {
    const response = await uploadCreative(gifBytes(5, 3), { query: { owner: 'x' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/documents/creatives (Media Library)', () => {
  it('pages a library by 10, newest first, with the total', async () => {
    const brandId = ids.brands.groupBrandB;
    for (let index = 0; index < 11; index += 1) {
      const response = await uploadCreative(pngBytes(5 + index, 3), { as: 'groupadmin', query: { brandId } });
      expect(response.statusCode).toBe(201);
    }

    const first = await library('groupadmin', `&brandId=${brandId}`);
    const second = await call(app, {
      url: `/api/documents/creatives?page=2&brandId=${brandId}`,
      token: tokens.groupadmin,
    });

    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ data: Asset[]; pagination: { total: number; totalPages: number } }>();
    expect(page1.data).toHaveLength(10);
    expect(page1.pagination).toMatchObject({ page: 1, limit: 10, total: 11, totalPages: 2 });
    expect(page1.data[0]!.width).toBe(15);
    const page2 = second.json<{ data: Asset[] }>();
    expect(page2.data.map((asset) => asset.width)).toEqual([5]);
  });

  it('shows each caller only their own library', async () => {
    const brandSide = (await library('companyadmin')).json<{ data: Asset[] }>().data;
    const bankSide = (await library('bank')).json<{ data: Asset[] }>().data;
    const ownedBy = async (assetIds: string[]) =>
      testApp.db.selectFrom('assets').select(['brand_id', 'bank_id']).where('id', 'in', assetIds).execute();

    expect(brandSide.length).toBeGreaterThan(0);
    for (const row of await ownedBy(brandSide.map((asset) => asset._id))) {
      expect(row).toEqual({ brand_id: ids.brands.standalone, bank_id: null });
    }
    expect(bankSide.length).toBeGreaterThan(0);
    for (const row of await ownedBy(bankSide.map((asset) => asset._id))) {
      expect(row).toEqual({ brand_id: null, bank_id: ids.bankId });
    }
  });

  it('answers 404 for another tenant’s brand', async () => {
    expect((await library('companyadmin', `&brandId=${ids.brands.groupBrandB}`)).statusCode).toBe(404);
  });

  it('lets the card provider pick from its brand’s library for a campaign', async () => {
    expect((await library('cardprovider')).statusCode).toBe(200);
  });
});

describe('DELETE /api/documents/:id', () => {
  it('takes the image out of the library and keeps its address working for templates that chose it', async () => {
    const uploaded = (await uploadCreative(gifBytes(5, 3))).json<{ details: Asset }>().details;

    const response = await call(app, {
      method: 'DELETE',
      url: `/api/documents/${uploaded._id}?docType=creatives`,
      token: tokens.companyadmin,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 206, respMessage: 'File deleted successfully' });
    const listed = (await library('companyadmin', '&limit=50')).json<{ data: Asset[] }>().data;
    expect(listed.map((asset) => asset._id)).not.toContain(uploaded._id);
    expect((await openFile(uploaded.url, 'companyadmin')).statusCode).toBe(200);

    const again = await call(app, {
      method: 'DELETE',
      url: `/api/documents/${uploaded._id}?docType=creatives`,
      token: tokens.companyadmin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another tenant’s image, and for a bank deleting a brand’s', async () => {
    const uploaded = (await uploadCreative(gifBytes(5, 3))).json<{ details: Asset }>().details;
    for (const who of ['groupadmin', 'bank']) {
      const response = await call(app, {
        method: 'DELETE',
        url: `/api/documents/${uploaded._id}?docType=creatives`,
        token: tokens[who],
      });
      expect(response.statusCode).toBe(404);
    }
    const listed = (await library('companyadmin', '&limit=50')).json<{ data: Asset[] }>().data;
    expect(listed.map((asset) => asset._id)).toContain(uploaded._id);
  });
});

describe('copy texts: GET /api/documents and POST /api/brands/createCopyText', () => {
  it('answers empty texts before any were saved', async () => {
    const response = await call(app, {
      url: `/api/documents?brandId=${ids.brands.groupBrandA}`,
      token: tokens.groupadmin,
    });
    expect(response.json()).toEqual({
      respCode: 200,
      brandDetails: { brandId: ids.brands.groupBrandA, copy: '', additionalCopy: '' },
    });
  });

  it('saves and reads back the copy and additional copy, trimmed', async () => {
    const saved = await call(app, {
      method: 'POST',
      url: '/api/brands/createCopyText',
      token: tokens.companyadmin,
      body: {
        brandId: ids.brands.standalone,
        copy: '  Fresh food, fair prices.  ',
        additionalCopy: 'Open daily',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ respCode: 200, respMessage: m.copySaved });

    const read = await call(app, { url: '/api/documents', token: tokens.user });
    expect(read.json()).toMatchObject({
      brandDetails: {
        brandId: ids.brands.standalone,
        copy: 'Fresh food, fair prices.',
        additionalCopy: 'Open daily',
      },
    });
  });

  it.each([
    ['copy', 'x'.repeat(201), m.copyMax],
    ['additionalCopy', 'x'.repeat(101), m.additionalCopyMax],
  ])('refuses %s beyond its limit', async (field, value, message) => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/brands/createCopyText',
      token: tokens.companyadmin,
      body: { brandId: ids.brands.standalone, copy: '', additionalCopy: '', [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
  });

  it('answers 404 for another tenant’s brand and for a bank', async () => {
    for (const who of ['companyadmin', 'bank']) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/brands/createCopyText',
        token: tokens[who],
        body: { brandId: ids.brands.groupBrandA, copy: 'Hijack', additionalCopy: '' },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST /api/campaignTemplates/upload (the template’s image picker)', () => {
  const upload = (bytes: Uint8Array, as = 'user', query = '') => {
    const { body, headers } = multipart(bytes);
    return call(app, {
      method: 'POST',
      url: `/api/campaignTemplates/upload?uploadPath=campaign${query}`,
      token: tokens[as],
      headers,
      body,
    });
  };

  it('stores the image for the caller’s brand and answers its file name and address', async () => {
    const response = await upload(pngBytes(100, 60));

    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<{ data: { fileName: string; url: string; _id: string } }>();
    expect(data.fileName).toMatch(/^campaign-[0-9a-f]{12}\.png$/);
    expect(data.url).toBe(`/api/files/${data._id}/${data.fileName}`);
    const stored = await testApp.db
      .selectFrom('assets')
      .select(['kind', 'brand_id'])
      .where('id', '=', data._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'campaign', brand_id: ids.brands.standalone });
  });

  it.each([
    ['non-image bytes', asciiBytes('%PDF-1.7 not an image'), m.fileNotImage],
    ['an empty file', new Uint8Array(), m.fileEmpty],
    ['an oversized image', pngOfSize(imageFileMaxBytes + 10), m.fileTooLarge],
  ])('refuses %s', async (_name, bytes, message) => {
    const response = await upload(bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: message });
  });

  it('asks for a file when the form has none, and refuses a body that is not a form', async () => {
    const boundary = '----krowdempty';
    const empty = await call(app, {
      method: 'POST',
      url: '/api/campaignTemplates/upload?uploadPath=campaign',
      token: tokens.user,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorMessage: m.fileRequired });

    const json = await call(app, {
      method: 'POST',
      url: '/api/campaignTemplates/upload?uploadPath=campaign',
      token: tokens.user,
      body: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 404 for a brand outside scope and 403 for a bank', async () => {
    expect((await upload(gifBytes(5, 3), 'user', `&brandId=${ids.brands.groupBrandA}`)).statusCode).toBe(404);
    expect((await upload(gifBytes(5, 3), 'bank')).statusCode).toBe(403);
  });
});

describe('POST /api/uploads?uploadPath=user (profile photo)', () => {
  it('sets the signed-in user’s photo and replaces the earlier one in the same transaction', async () => {
    const send = (bytes: Uint8Array) => {
      const { body, headers } = multipart(bytes, 'file', 'me.gif', 'image/gif');
      return call(app, {
        method: 'POST',
        url: '/api/uploads?uploadPath=user',
        token: tokens.branduser,
        headers,
        body,
      });
    };

    const first = await send(gifBytes(5, 3));
    expect(first.statusCode, first.body).toBe(201);
    const firstAsset = first.json<{ fileName: string; details: Asset }>();
    expect(firstAsset.fileName).toMatch(/^avatar-[0-9a-f]{12}\.gif$/);

    const second = (await send(pngBytes(8, 8))).json<{ details: Asset }>().details;
    const user = await testApp.db
      .selectFrom('users')
      .select('photo')
      .where('id', '=', ids.userId('branduser@demo.test'))
      .executeTakeFirstOrThrow();
    expect(user.photo).toBe(second.url);
    expect((await openFile(firstAsset.details.url, 'branduser')).statusCode).toBe(404);
    expect((await openFile(second.url, 'branduser')).statusCode).toBe(200);
    expect((await openFile(second.url, 'companyadmin')).statusCode).toBe(200);
    expect((await openFile(second.url, 'groupadmin')).statusCode).toBe(404);
  });

  it('refuses a photo that is not an image', async () => {
    const { body, headers } = multipart(asciiBytes('<html></html>'), 'file', 'me.png');
    const response = await call(app, {
      method: 'POST',
      url: '/api/uploads?uploadPath=user',
      token: tokens.user,
      headers,
      body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: m.fileNotImage });
  });
});

describe('GET /api/files/:id/:fileName', () => {
  let brandImage: Asset;
  let bankImage: Asset;

  beforeAll(async () => {
    brandImage = (await uploadCreative(pngBytes(5, 3))).json<{ details: Asset }>().details;
    bankImage = (await uploadCreative(gifBytes(5, 3), { as: 'bank' })).json<{ details: Asset }>().details;
  });

  it('serves the bytes with the proven type and headers that stop any browser running them', async () => {
    const response = await openFile(brandImage.url, 'companyadmin');

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(Buffer.from(pngBytes(5, 3)))).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `inline; filename="${brandImage.fileName}"`,
      'cache-control': 'private, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it('lets banks open a brand’s images (they review campaign templates) and operators any', async () => {
    expect((await openFile(brandImage.url, 'bank')).statusCode).toBe(200);
    expect((await openFile(brandImage.url, 'admin')).statusCode).toBe(200);
    expect((await openFile(bankImage.url, 'admin')).statusCode).toBe(200);
  });

  it('answers 404 to another tenant, 404 for a wrong name and 401 to an anonymous caller', async () => {
    expect((await openFile(brandImage.url, 'groupadmin')).statusCode).toBe(404);
    expect((await openFile(bankImage.url, 'companyadmin')).statusCode).toBe(404);
    const wrongName = brandImage.url.replace(/creative-[0-9a-f]{12}/, 'creative-000000000000');
    expect((await openFile(wrongName, 'companyadmin')).statusCode).toBe(404);
    expect((await openFile(brandImage.url)).statusCode).toBe(401);
    expect((await openFile('/api/files/not-an-id/x.png', 'companyadmin')).statusCode).toBe(400);
  });
});

describe('campaign templates name images of the campaign’s brand', () => {
  const month = shiftMonth(currentMonth(new Date(), 'America/New_York'), 2);

  async function emailTemplateId() {
    const row = await testApp.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('name', '=', 'Feature with two images')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function createWithImages(top: string, bottom: string) {
    return call(app, {
      method: 'POST',
      url: '/api/campaigns',
      token: tokens.companyadmin,
      body: campaignBody(ids.brands.standalone, month, {
        templates: [
          {
            type: 'email',
            templateId: await emailTemplateId(),
            preview: 'Hello',
            fields: { 'Top Image': top, 'Bottom Image': bottom },
          },
        ],
      }),
    });
  }

  async function campaignImage(as = 'companyadmin', query = '') {
    const { body, headers } = multipart(gifBytes(5, 3));
    const response = await call(app, {
      method: 'POST',
      url: `/api/campaignTemplates/upload?uploadPath=campaign${query}`,
      token: tokens[as],
      headers,
      body,
    });
    return response.json<{ data: { url: string } }>().data.url;
  }

  it('takes a new upload and a library image of the brand', async () => {
    const library = (await uploadCreative(gifBytes(5, 3))).json<{ details: Asset }>().details.url;

    const response = await createWithImages(await campaignImage(), library);

    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an address typed by hand', async () => {
    const response = await createWithImages(await campaignImage(), 'https://tracker.example/pixel.gif');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: m.imageNotChosen });
  });

  it('refuses another brand’s image, without saying more about it', async () => {
    const foreign = await campaignImage('groupadmin', `&brandId=${ids.brands.groupBrandA}`);

    const response = await createWithImages(await campaignImage(), foreign);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: m.imageNotOwned });
  });
});
