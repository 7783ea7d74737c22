import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

const m = messages.branch;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  token = (await loginAs(app, 'companyadmin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

const header =
  'name,postcode,postalTown,address,contactName,contactPhone,contactEmail,merchantId,amexMerchantID,zettleMerchantID,tripadvisorUrl';
const goodRow = (name: string, mid = '4420001') =>
  `${name},N1 9AA,London,"1 High Street, Angel",Mary Jones,02079460000,${name.toLowerCase().replace(/\W+/g, '.')}@x.test,${mid},,,`;

function upload(
  body: string | Buffer | undefined,
  options: { fileName?: string; brandId?: string; contentType?: string } = {},
) {
  const params = new URLSearchParams({ brandId: options.brandId ?? ids.brands.standalone });
  if (options.fileName !== null) params.set('fileName', options.fileName ?? 'branches.csv');
  return call(app, {
    method: 'POST',
    url: `/api/merchants/upload?${params}`,
    token,
    headers: body === undefined ? {} : { 'content-type': options.contentType ?? 'text/csv' },
    body,
  });
}

async function branchCount() {
  const row = await testApp.db
    .selectFrom('branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('POST /api/merchants/upload', () => {
  it('stores every row of a good file as a Pending branch of the brand', async () => {
    const response = await upload(
      [header, goodRow('Upload Alpha'), goodRow('Upload Beta', '4420002')].join('\r\n'),
    );

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ respCode: 200, respMessage: m.uploaded, count: 2 });
    const rows = await testApp.db
      .selectFrom('branches')
      .select(['name', 'status', 'brand_id', 'address', 'created_by_brand_user'])
      .where('name', 'in', ['Upload Alpha', 'Upload Beta'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'Pending',
        brand_id: ids.brands.standalone,
        address: '1 High Street, Angel',
        created_by_brand_user: true,
      });
    }
  });

  it('reads the header in any order and letter case', async () => {
    const shuffled =
      'POSTCODE,Name,merchantid,postalTown,address,contactName,contactPhone,contactEmail,amexMerchantID,zettleMerchantID,tripadvisorUrl';
    const response = await upload(`${shuffled}\nE1 6JE,Upload Gamma,4420003,,,,,,,,`);

    expect(response.statusCode, response.body).toBe(201);
  });

  it('reads a byte-order mark, doubled quotes and mixed line ends as a spreadsheet writes them', async () => {
    const quoted = `Upload Nu,N1 9AA,London,"The ""Old"" Mill, Angel",,,,4420009,,,`;
    const file = `\uFEFF${header}\r\n${quoted}\r${goodRow('Upload Xi', '4420010')}\n`;

    const response = await upload(file);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().count).toBe(2);
    const row = await testApp.db
      .selectFrom('branches')
      .select('address')
      .where('name', '=', 'Upload Nu')
      .executeTakeFirstOrThrow();
    expect(row.address).toBe('The "Old" Mill, Angel');
  });

  it('stores a formula-like value as the text it is', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const response = await upload(`${header}\n"${formula}",N1 9AA,,@SUM(1+1),,,,+4420004,,,`);

    expect(response.statusCode, response.body).toBe(201);
    const row = await testApp.db
      .selectFrom('branches')
      .select(['name', 'address', 'mastercard_merchant_id'])
      .where('name', '=', formula)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: formula, address: '@SUM(1+1)', mastercard_merchant_id: '+4420004' });
  });

  it('lists every bad row with its line number and stores none of the file', async () => {
    const before = await branchCount();
    const file = [
      header,
      goodRow('Upload Delta'),
      'Upload Epsilon,NOT A CODE,,,,,,4420005,,,',
      goodRow('Upload Zeta'),
      'Up,N1 9AA,,,,,bad-mail,,,,',
      'Upload Eta,N1 9AA',
    ].join('\n');

    const response = await upload(file);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.fileHasErrors,
      fieldErrors: {
        'Line 3, postcode': m.postcodeInvalid,
        'Line 5, name': m.nameMin,
        'Line 5, contactEmail': m.contactEmailInvalid,
        'Line 5, merchantId': m.merchantIdRequired,
        'Line 6': m.fileRowColumns,
      },
    });
    expect(await branchCount()).toBe(before);
  });

  it('counts lines as the file has them, quoted line breaks and blank lines included', async () => {
    const file = `${header}\n"Upload\nTheta",N1 9AA,,,,,,4420006,,,\n\nUpload Iota,ZZ,,,,,,4420007,,,`;

    const response = await upload(file);

    expect(response.json().fieldErrors).toEqual({ 'Line 5, postcode': m.postcodeInvalid });
  });

  it('names the line of a quote that never closes', async () => {
    const response = await upload(`${header}\n"Upload Kappa,N1 9AA,,,,,,4420008,,,`);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'Line 2': messages.ingestion.rowUnclosedQuote });
  });

  it.each([
    {
      case: 'a PNG named .csv',
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      message: m.fileNotCsv,
    },
    {
      case: 'an .xlsx named .csv',
      body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      message: m.fileNotCsv,
    },
    { case: 'text with NUL bytes', body: Buffer.from(`${header}\n\u0000\u0000`), message: m.fileNotCsv },
    { case: 'an empty file', body: Buffer.alloc(0), message: m.fileEmpty },
    { case: 'a file of blank lines', body: '\r\n\r\n', message: m.fileEmpty },
    { case: 'a header and no rows', body: `${header}\n`, message: m.fileEmpty },
    { case: 'another header', body: 'branch,postcode\nA,B', message: m.fileHeaderInvalid },
    { case: 'a header with a column twice', body: `${header},name\n`, message: m.fileHeaderInvalid },
  ])('refuses $case with "$message", storing nothing', async ({ body, message }) => {
    const before = await branchCount();

    const response = await upload(body);

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(message);
    expect(await branchCount()).toBe(before);
  });

  it('refuses a good CSV whose name is not .csv', async () => {
    const response = await upload(`${header}\n${goodRow('Upload Lambda')}`, { fileName: 'branches.xlsx' });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.fileNotCsv);
  });

  it('asks for a file when none is sent', async () => {
    const response = await upload(undefined);

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.fileRequired);
  });

  it('refuses more than 1000 rows', async () => {
    const rows = Array.from({ length: 1001 }, (_, index) =>
      goodRow(`Bulk ${index}`, String(5_000_000 + index)),
    );

    const response = await upload([header, ...rows].join('\n'));

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.fileTooManyRows);
  });

  it('refuses a file over 1 MB with 413, in the upload’s words', async () => {
    const response = await upload(`${header}\n${'x'.repeat(1024 * 1024 + 1)}`);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', errorMessage: m.fileTooLarge });
  });

  it('refuses a body of another content type with 415', async () => {
    const response = await upload('<xml/>', { contentType: 'application/xml' });

    expect(response.statusCode).toBe(415);
  });

  it("answers 404 for another tenant's brand, reading nothing", async () => {
    const response = await upload(`${header}\n${goodRow('Upload Mu')}`, { brandId: ids.brands.groupBrandA });

    expect(response.statusCode).toBe(404);
  });
});
