import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { docxBytes, xlsBytes, xlsxBytes } from '@krowd/domain/public/card-network.fixtures';
import { branchFileMaxBytes } from '@krowd/domain/public/card-network.schema';
import { demoGuestEmail } from '../../demo/demo-data.ts';
import { call, createTestApp, holdMails, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { cardNetworkDigestJob, nextDigestAt } from './public.service.ts';

const m = messages.cardNetwork;
const marketingSiteUrl = 'https://marketing.example.test/';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { MARKETING_SITE_URL: marketingSiteUrl, AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const unique = () => randomBytes(4).toString('hex');
const uniqueMid = () => `AX${randomBytes(5).toString('hex').toUpperCase()}`;

const post = (url: string, body: unknown) => call(app, { method: 'POST', url, body });

const mailsTo = (email: string) =>
  testApp.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();

const count = async (
  table:
    | 'card_network_leads'
    | 'card_network_branch_submissions'
    | 'brands'
    | 'users'
    | 'branches'
    | 'mail_outbox',
) => {
  const row = await testApp.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * Runs the admins' digest now, as if the top of the hour it waits for had come, and answers the
 * mails it brought admin@demo.test. Its job is then forgotten, as if that hour had passed: what
 * comes next queues the next digest.
 */
async function digestNow() {
  await app.services.auth.settled();
  await testApp.db
    .updateTable('jobs')
    .set({ run_at: new Date(0) })
    .where('kind', '=', cardNetworkDigestJob)
    .where('done_at', 'is', null)
    .execute();
  const before = (await mailsTo('admin@demo.test')).length;
  await app.services.jobs.runDue();
  await testApp.db
    .deleteFrom('jobs')
    .where('kind', '=', cardNetworkDigestJob)
    .where('done_at', 'is not', null)
    .execute();
  return (await mailsTo('admin@demo.test')).slice(before);
}

/** Counts of every table a public call may write, to show a refused call wrote nothing. */
const everything = async () => ({
  leads: await count('card_network_leads'),
  submissions: await count('card_network_branch_submissions'),
  brands: await count('brands'),
  users: await count('users'),
  branches: await count('branches'),
  mails: await count('mail_outbox'),
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Lopez',
  email: `ana-${unique()}@example.test`,
  phone: '020 7946 0000',
  company: 'Casa Ana',
  website: 'www.casa-ana.example',
  from: 'amexdining',
  ...overrides,
});

const signup = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Lopez',
  brandName: `Casa Ana ${unique()}`,
  legalName: 'Casa Ana Ltd',
  email: `owner-${unique()}@example.test`,
  phone: '',
  website: '',
  from: 'amexdiningsignup',
  ...overrides,
});

/** Signs a restaurant up and answers its registrant's e-mail and branch page id (from the welcome mail). */
async function signedUp(overrides: Record<string, unknown> = {}) {
  const form = signup(overrides);
  const response = await post('/api/auth/onBoardAmexBrand', form);
  expect(response.statusCode, response.body).toBe(201);
  await app.services.auth.settled();
  const [welcome] = await mailsTo(form.email);
  const branchPageId = /\/amexdiningbranch\/([A-Za-z0-9_-]{43})/.exec(welcome!.text_body)?.[1];
  if (!branchPageId) throw new Error(`no branch page link in ${welcome!.text_body}`);
  return { ...form, branchPageId };
}

const entry = (overrides: Record<string, string> = {}) => ({
  branchName: 'Casa Ana Soho',
  merchantId: '',
  amexMerchantID: uniqueMid(),
  zettleMerchantID: '',
  postcode: 'W1D 4HS',
  postaltown: 'London',
  address: '1 Dean Street',
  ...overrides,
});

interface FilePart {
  name: string;
  bytes: Uint8Array;
  type?: string;
  /** The form field it travels in: excelFile unless said. */
  field?: string;
}

/** The branch page's multipart form: its text fields, and the file when given. */
function branchForm(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----krowdbranch${unique()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'excelFile'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function submitBranches(
  id: string,
  branchList: unknown[],
  options: { comments?: string; file?: FilePart } = {},
) {
  const { body, headers } = branchForm(
    { branchList: JSON.stringify(branchList), id, comments: options.comments ?? '' },
    options.file,
  );
  return call(app, { method: 'POST', url: '/api/auth/notifyAdminForAmexBranch', body, headers });
}

describe('POST auth/notifyAdminForAmex (the contact form)', () => {
  it('stores the lead, answers where to go next, and the next digest tells every system admin', async () => {
    const form = contact();

    const response = await post('/api/auth/notifyAdminForAmex', form);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: m.detailsSubmitted,
      redirectTo: marketingSiteUrl,
    });
    const lead = await testApp.db
      .selectFrom('card_network_leads')
      .selectAll()
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      kind: 'contact',
      source: 'amexdining',
      name: 'Ana Lopez',
      company: 'Casa Ana',
      website: 'https://www.casa-ana.example',
    });
    expect((await mailsTo('admin@demo.test')).filter((mail) => mail.text_body.includes(form.email))).toEqual(
      [],
    );
    const [digest] = await digestNow();
    expect(digest?.subject).toMatch(/^Card-network digest: \d+ leads?, \d+ branch submissions?$/);
    expect(digest?.text_body).toContain(
      `Contact request from /amexdining: Name: Ana Lopez; Email: ${form.email}; Phone: 020 7946 0000; Restaurant name: Casa Ana; Website: https://www.casa-ana.example`,
    );
  });

  it('keeps one lead per e-mail and Merchant ID: the dialog after a failed look-up makes that lead a contact request', async () => {
    const email = `twice-${unique()}@example.test`;
    const mid = uniqueMid();
    const miss = { amexMerchantID: mid, email, phone: '', website: '' };
    expect((await post(`/api/auth/getAmexUser/${mid}`, miss)).statusCode).toBe(404);
    expect((await post(`/api/auth/getAmexUser/${mid}`, miss)).statusCode).toBe(404);

    const dialog = contact({ email, from: 'amexsignup', amexMerchantID: mid });
    expect((await post('/api/auth/notifyAdminForAmex', dialog)).statusCode).toBe(201);
    expect(
      (await post('/api/auth/notifyAdminForAmex', { ...dialog, email: email.toUpperCase() })).statusCode,
    ).toBe(201);

    const leads = await testApp.db
      .selectFrom('card_network_leads')
      .select(['kind', 'source', 'name', 'company', 'repeats'])
      .where('amex_merchant_id', '=', mid)
      .execute();
    expect(leads).toEqual([
      { kind: 'contact', source: 'amexsignup', name: 'Ana Lopez', company: 'Casa Ana', repeats: 3 },
    ]);
  });

  it('keeps the Merchant ID a failed look-up sent with the /amexsignup dialog', async () => {
    const form = contact({ from: 'amexsignup', amexMerchantID: 'AX404' });

    expect((await post('/api/auth/notifyAdminForAmex', form)).statusCode).toBe(201);

    const lead = await testApp.db
      .selectFrom('card_network_leads')
      .select(['source', 'amex_merchant_id'])
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ source: 'amexsignup', amex_merchant_id: 'AX404' });
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Please provide a valid email'],
    ['company', { company: ' ' }, 'Restaurant name is required'],
    ['phone', { phone: 'ring me' }, m.phoneInvalid],
    ['website', { website: 'javascript:alert(1)' }, m.websiteInvalid],
    ['from', { from: 'elsewhere' }, undefined],
  ])('refuses a bad %s with 400 and stores nothing (%j)', async (field, change, message) => {
    const before = await everything();

    const response = await post('/api/auth/notifyAdminForAmex', contact(change));

    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorMessage: string; fieldErrors: Record<string, string> }>();
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    if (message)
      expect(body).toEqual({
        code: 'validation_failed',
        errorMessage: message,
        fieldErrors: { [field]: message },
      });
    expect(await everything()).toEqual(before);
  });
});

describe('POST auth/verifyEmail', () => {
  it('answers an address that has an account exactly as one no account has, and stores nothing', async () => {
    await app.services.auth.settled();
    const before = await everything();

    const taken = await post('/api/auth/verifyEmail', { email: 'User@Demo.test' });
    const fresh = await post('/api/auth/verifyEmail', { email: `new-${unique()}@example.test` });

    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ respCode: 200 });
    expect(fresh.statusCode).toBe(taken.statusCode);
    expect(fresh.body).toBe(taken.body);
    await app.services.auth.settled();
    expect(await everything()).toEqual(before);
  });

  it.each([
    ['', 'Email is required'],
    ['nope', 'Please provide a valid email'],
  ])('refuses %j with the spec’s message', async (email, message) => {
    const response = await post('/api/auth/verifyEmail', { email });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ email: message });
  });
});

describe('POST auth/onBoardAmexBrand (the dining sign-up)', () => {
  it('creates the brand, its card-network guest account and the lead together, mails the registrant, and the next digest the admins', async () => {
    const form = signup({ name: 'Ana Maria Lopez', phone: '07700 900123', website: 'casa-ana.example' });

    const response = await post('/api/auth/onBoardAmexBrand', form);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: m.registered,
      redirectTo: marketingSiteUrl,
    });
    // Neither the sign-in link nor the branch page travels in the answer: only the registrant's inbox has them.
    expect(response.body).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(response.cookies).toEqual([]);
    await app.services.auth.settled();
    const user = await testApp.db
      .selectFrom('users as u')
      .innerJoin('brands as b', 'b.id', 'u.brand_id')
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.role',
        'u.guest_user',
        'u.guest_user_flag',
        'u.password_hash',
        'b.name as brand_name',
        'b.id as brand_id',
      ])
      .where('u.email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: 'Ana Maria',
      last_name: 'Lopez',
      role: 'companyAdmin',
      guest_user: true,
      guest_user_flag: true,
      password_hash: null,
      brand_name: form.brandName,
    });
    const lead = await testApp.db
      .selectFrom('card_network_leads')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      kind: 'diningSignup',
      source: 'amexdiningsignup',
      brand_id: user.brand_id,
      legal_name: 'Casa Ana Ltd',
      website: 'https://casa-ana.example',
    });
    const link = await testApp.db
      .selectFrom('one_time_tokens')
      .select(['purpose', 'origin'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ purpose: 'guest_login', origin: 'card_network' });

    const [welcome] = await mailsTo(form.email);
    expect(welcome?.subject).toBe(m.mail.registrantSubject);
    expect(welcome?.text_body).toMatch(/\/guestuser\/[A-Za-z0-9_-]{43}\?type=campaign/);
    const branchPageId = /\/amexdiningbranch\/([A-Za-z0-9_-]{43})/.exec(welcome!.text_body)?.[1];
    expect(branchPageId).toBeDefined();
    // The branch page is opened by an id of the sign-up, never by the brand's id, and only its hash is kept.
    expect(branchPageId).not.toContain(user.brand_id);
    expect(lead.branch_page_hash).not.toBe(branchPageId);
    expect((await mailsTo('admin@demo.test')).filter((mail) => mail.text_body.includes(form.email))).toEqual(
      [],
    );
    const digests = (await digestNow()).filter((mail) => mail.text_body.includes(form.email));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text_body).toContain(
      `Dining sign-up from /amexdiningsignup: Name: Ana Maria Lopez; Email: ${form.email}; Phone: 07700 900123; Restaurant name: ${form.brandName}; Legal name: Casa Ana Ltd; Website: https://casa-ana.example`,
    );
  });

  it('lets the mailed guest link sign the registrant in as a card-network guest', async () => {
    const form = await signedUp();
    const [welcome] = await mailsTo(form.email);
    const token = /\/guestuser\/([A-Za-z0-9_-]{43})/.exec(welcome!.text_body)![1];

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(200);
    expect(response.json().details).toMatchObject({ email: form.email, source: 'cardNetwork' });
  });

  it('answers an e-mail that has an account byte for byte as a new one, before either mail is written', async () => {
    const held = holdMails(app);

    const taken = await post('/api/auth/onBoardAmexBrand', signup({ email: 'BrandUser@Demo.test' }));
    const fresh = await post('/api/auth/onBoardAmexBrand', signup());

    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(taken.statusCode);
    expect(fresh.body).toBe(taken.body);
    expect(fresh.headers['content-type']).toBe(taken.headers['content-type']);
    await expect
      .poll(() => held.waiting.map((mail) => mail.subject))
      .toEqual(expect.arrayContaining([messages.mail.signupAttemptSubject, m.mail.registrantSubject]));
    await held.release();
  });

  it('changes nothing for an e-mail that has an account, and mails its owner that someone tried to sign up', async () => {
    await app.services.auth.settled();
    const before = await everything();
    const form = signup({ email: 'companyadmin@demo.test' });

    await post('/api/auth/onBoardAmexBrand', form);
    await app.services.auth.settled();

    expect(await everything()).toEqual({ ...before, mails: before.mails + 1 });
    const mails = await mailsTo('companyadmin@demo.test');
    expect(mails.at(-1)?.subject).toBe(messages.mail.signupAttemptSubject);
    const digests = (await digestNow()).filter((mail) => mail.text_body.includes(form.brandName));
    expect(digests).toEqual([]);
  });

  it.each([
    // Spec 3 §5: the dining sign-up's Name field asks with the Brand Name message.
    ['name', { name: '' }, 'Brand Name is required'],
    ['brandName', { brandName: '' }, 'Brand Name is required'],
    ['legalName', { legalName: '' }, 'Legal Name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'x@' }, 'Please provide a valid email'],
    ['from', { from: 'amexdining' }, undefined],
  ])('refuses a bad %s with 400 and creates nothing (%j)', async (field, change, message) => {
    const before = await everything();

    const response = await post('/api/auth/onBoardAmexBrand', signup(change));

    expect(response.statusCode).toBe(400);
    const fieldErrors = response.json<{ fieldErrors: Record<string, string> }>().fieldErrors;
    expect(Object.keys(fieldErrors)).toEqual([field]);
    if (message) expect(fieldErrors[field]).toBe(message);
    expect(await everything()).toEqual(before);
  });
});

describe('POST auth/notifyAdminForAmexBranch (the branch page)', () => {
  it("stores the branches as Pending branches of the sign-up's brand, keeps the submission, and the next digest tells the admins", async () => {
    const form = await signedUp();
    const first = entry({ merchantId: '5550001', zettleMerchantID: '' });
    const second = entry({ branchName: 'Casa Ana Bath', postcode: 'ba1 1ln', postaltown: 'Bath' });

    const response = await submitBranches(form.branchPageId, [first, second], {
      comments: 'Two sites, more soon.',
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: m.branchesSubmitted,
      redirectTo: marketingSiteUrl,
    });
    const branches = await testApp.db
      .selectFrom('branches as b')
      .innerJoin('brands as r', 'r.id', 'b.brand_id')
      .innerJoin('users as u', 'u.id', 'b.created_by_user_id')
      .select([
        'b.name',
        'b.status',
        'b.postcode',
        'b.amex_merchant_id',
        'b.mastercard_merchant_id',
        'b.created_by_brand_user',
        'r.name as brand',
        'u.email',
      ])
      .where('r.name', '=', form.brandName)
      .orderBy('b.name', 'desc')
      .execute();
    expect(branches).toEqual([
      {
        name: 'Casa Ana Soho',
        status: 'Pending',
        postcode: 'W1D 4HS',
        amex_merchant_id: first.amexMerchantID,
        mastercard_merchant_id: '5550001',
        created_by_brand_user: true,
        brand: form.brandName,
        email: form.email,
      },
      expect.objectContaining({ name: 'Casa Ana Bath', status: 'Pending', postcode: 'BA1 1LN' }),
    ]);
    const digest = (await digestNow()).find((mail) =>
      mail.text_body.includes(`${form.brandName} sent 2 branches`),
    );
    expect(digest?.text_body).toContain(
      `${form.brandName} sent 2 branches: Casa Ana Soho, Casa Ana Bath. Comments: Two sites, more soon.`,
    );
  });

  it.each([
    ['xlsx', 'branches.xlsx', xlsxBytes()],
    ['xls', 'branches.XLS', xlsBytes()],
  ])('keeps an .%s file, which a system admin can download', async (kind, name, bytes) => {
    const form = await signedUp();

    const response = await submitBranches(form.branchPageId, [entry()], { file: { name, bytes } });

    expect(response.statusCode, response.body).toBe(201);
    const admin = await loginAs(app, 'admin@demo.test');
    const leads = await call(app, {
      url: `/api/cardnetwork/leads?filters=${encodeURIComponent(JSON.stringify({ globalSearch: { value: form.email } }))}`,
      token: admin.token,
    });
    const [lead] = leads.json().data;
    const submission = lead.branchSubmissions[0];
    expect(submission).toMatchObject({
      fileName: name,
      fileUrl: expect.stringMatching(/^\/api\/cardnetwork\/submissions\/.+\/file$/),
    });
    const download = await call(app, { url: submission.fileUrl, token: admin.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(
      kind === 'xls'
        ? 'application/vnd.ms-excel'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="branches-[0-9a-f]{8}\\.${kind}"$`),
    );
    expect(new Uint8Array(download.rawPayload)).toEqual(bytes);
    const digest = (await digestNow()).find((mail) => mail.text_body.includes(submission.fileUrl));
    expect(digest?.text_body).toContain(`Excel file: ${name} (sign in to open:`);
  });

  it.each([
    [
      'a text file renamed .xlsx',
      'branches.xlsx',
      new TextEncoder().encode('name,postcode\nCasa,W1D 4HS\n'),
      m.fileContentNotExcel,
    ],
    ['a Word file renamed .xlsx', 'branches.xlsx', docxBytes(), m.fileContentNotExcel],
    ['an .xls named .xlsx', 'branches.xlsx', xlsBytes(), m.fileContentNotExcel],
    ['a CSV', 'branches.csv', xlsxBytes(), m.fileNotExcel],
    ['an empty file', 'branches.xls', new Uint8Array(), messages.branch.fileEmpty],
  ])('refuses %s and stores nothing', async (_what, name, bytes, message) => {
    const form = await signedUp();
    const before = await everything();

    const response = await submitBranches(form.branchPageId, [entry()], { file: { name, bytes } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: message,
      fieldErrors: { excelFile: message },
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses a file over the size limit', async () => {
    const form = await signedUp();
    const bytes = new Uint8Array(branchFileMaxBytes + 1);
    bytes.set(xlsBytes());

    const response = await submitBranches(form.branchPageId, [entry()], { file: { name: 'big.xls', bytes } });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.fileTooLarge(5));
  });

  it('refuses a Merchant ID a live branch already holds, naming it, and stores none of the branches', async () => {
    const form = await signedUp();
    const held = await testApp.db
      .selectFrom('branches')
      .select('mastercard_merchant_id')
      .where('mastercard_merchant_id', 'is not', null)
      .where('status', '=', 'Active')
      .executeTakeFirstOrThrow();
    const before = await everything();

    const response = await submitBranches(form.branchPageId, [
      entry(),
      entry({ branchName: 'Casa Ana Leeds', amexMerchantID: held.mastercard_merchant_id! }),
    ]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      errorMessage: messages.branch.merchantIdInUse(held.mastercard_merchant_id!),
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses a second submission of the same Merchant ID: the first made it a Pending branch', async () => {
    const form = await signedUp();
    const branch = entry();
    expect((await submitBranches(form.branchPageId, [branch])).statusCode).toBe(201);

    const again = await submitBranches(form.branchPageId, [branch]);

    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe(messages.branch.merchantIdInUse(branch.amexMerchantID));
  });

  it('answers an unknown branch page id 404 with a message saying what to do', async () => {
    const before = await everything();

    const response = await submitBranches(randomBytes(32).toString('base64url'), [entry()]);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: m.branchPageUnknown });
    expect(await everything()).toEqual(before);
  });

  it("refuses a brand's id in place of the branch page id", async () => {
    const form = await signedUp();
    const brand = await testApp.db
      .selectFrom('brands')
      .select('id')
      .where('name', '=', form.brandName)
      .executeTakeFirstOrThrow();

    const response = await submitBranches(brand.id, [entry()]);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ id: m.branchPageUnknown });
  });

  it('refuses a branch page past its 30 days', async () => {
    const form = await signedUp();
    await testApp.db
      .updateTable('card_network_leads')
      .set({ branch_page_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', form.email)
      .execute();

    const response = await submitBranches(form.branchPageId, [entry()]);

    expect(response.statusCode).toBe(404);
    expect(response.json().errorMessage).toBe(m.branchPageUnknown);
  });

  it.each([
    ['no branch', [], 'branchList', m.branchRequired],
    ['a short name', [entry({ branchName: 'Ab' })], 'branchList.0.branchName', messages.branch.nameMin],
    [
      'a bad postcode',
      [entry({ postcode: '12345' })],
      'branchList.0.postcode',
      messages.branch.postcodeInvalid,
    ],
    [
      'no merchant ID',
      [entry({ amexMerchantID: '' })],
      'branchList.0.merchantId',
      messages.branch.merchantIdRequired,
    ],
    [
      'one MID twice',
      [entry({ amexMerchantID: 'AXTWICE' }), entry({ merchantId: 'AXTWICE', amexMerchantID: '' })],
      'branchList',
      messages.branch.duplicateMerchantId('AXTWICE'),
    ],
    [
      'an unknown column',
      [{ ...entry(), tripadvisor: 'x' }],
      'branchList.0',
      messages.validation.unexpectedField,
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_what, list, field, message) => {
    const form = await signedUp();
    const before = await everything();

    const response = await submitBranches(form.branchPageId, list);

    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorMessage: string; fieldErrors: Record<string, string> }>();
    expect(Object.keys(body.fieldErrors)).toContainEqual(
      expect.stringMatching(new RegExp(`^${field}(\\.|$)`)),
    );
    if (message !== messages.validation.unexpectedField) expect(body.fieldErrors[field]).toBe(message);
    expect(await everything()).toEqual(before);
  });

  it('refuses a branch list that is not JSON, a file in another field, and a body that is not multipart', async () => {
    const form = await signedUp();
    const before = await everything();
    const notJson = branchForm({ branchList: '[{', id: form.branchPageId, comments: '' });
    const otherField = branchForm(
      { branchList: JSON.stringify([entry()]), id: form.branchPageId },
      { name: 'branches.xlsx', bytes: xlsxBytes(), field: 'picture' },
    );

    const answers = [
      await call(app, { method: 'POST', url: '/api/auth/notifyAdminForAmexBranch', ...notJson }),
      await call(app, { method: 'POST', url: '/api/auth/notifyAdminForAmexBranch', ...otherField }),
      await post('/api/auth/notifyAdminForAmexBranch', { branchList: [entry()], id: form.branchPageId }),
    ];

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 415]);
    expect(answers[0]!.json().fieldErrors).toEqual({ branchList: messages.common.invalidRequest });
    expect(answers[1]!.json().fieldErrors).toEqual({ picture: messages.validation.unexpectedField });
    expect(await everything()).toEqual(before);
  });
});

describe('GET auth/getAmexBranchPage/{id}', () => {
  it('names the restaurant a branch page is for', async () => {
    const form = await signedUp();

    const response = await call(app, { url: `/api/auth/getAmexBranchPage/${form.branchPageId}` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, brandName: form.brandName });
  });

  it('answers an unknown or malformed id with the message saying what to do', async () => {
    const unknown = await call(app, {
      url: `/api/auth/getAmexBranchPage/${randomBytes(32).toString('base64url')}`,
    });
    const malformed = await call(app, { url: '/api/auth/getAmexBranchPage/42' });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', errorMessage: m.branchPageUnknown });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ id: m.branchPageUnknown });
  });
});

describe('POST auth/getAmexUser/{amexMerchantID} (the card-network sign-up)', () => {
  /** A dining sign-up whose branch holds an Amex MID: its guest is waiting for a link. */
  async function waitingGuest() {
    const form = await signedUp();
    const mid = uniqueMid();
    expect((await submitBranches(form.branchPageId, [entry({ amexMerchantID: mid })])).statusCode).toBe(201);
    return { ...form, mid };
  }

  const lookup = (mid: string, body: Record<string, unknown> = {}) =>
    post(`/api/auth/getAmexUser/${encodeURIComponent(mid)}`, {
      amexMerchantID: mid,
      email: 'visitor@example.test',
      phone: '',
      website: '',
      ...body,
    });

  it("mails a fresh card-network guest link to the account's own address and answers nothing of the address", async () => {
    const guest = await waitingGuest();
    const mailsBefore = (await mailsTo(guest.email)).length;

    const response = await lookup(guest.mid, { email: 'someone-else@example.test' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: m.linkSent });
    const [local, domain] = guest.email.split('@');
    expect(response.body).not.toContain(local);
    expect(response.body).not.toContain(domain);
    expect(response.body).not.toContain('@');
    expect(response.body).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(response.cookies).toEqual([]);
    const mails = await mailsTo(guest.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text_body).toMatch(/\/guestuser\/[A-Za-z0-9_-]{43}\?type=campaign/);
    expect(await mailsTo('someone-else@example.test')).toEqual([]);
    const links = await testApp.db
      .selectFrom('one_time_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('t.origin')
      .where('u.email', '=', guest.email)
      .execute();
    expect(links).toEqual([{ origin: 'card_network' }, { origin: 'card_network' }]);
  });

  it('sends one link an hour to one account whatever is asked, answering the same every time', async () => {
    const guest = await waitingGuest();
    const before = (await mailsTo(guest.email)).length;

    const answers = [];
    for (const email of ['a@example.test', 'b@example.test', guest.email, 'a@example.test']) {
      answers.push((await lookup(guest.mid, { email })).body);
    }

    expect(new Set(answers).size).toBe(1);
    expect(await mailsTo(guest.email)).toHaveLength(before + 1);
  });

  it('keeps the same miss once, however often it comes: a repeat is counted, not stored again', async () => {
    const mid = uniqueMid();
    const before = await count('card_network_leads');

    for (let i = 0; i < 5; i += 1)
      expect((await lookup(mid, { email: 'Flood@Example.test' })).statusCode).toBe(404);
    expect((await lookup(mid, { email: 'other@example.test' })).statusCode).toBe(404);

    expect(await count('card_network_leads')).toBe(before + 2);
    const leads = await testApp.db
      .selectFrom('card_network_leads')
      .select(['email', 'repeats'])
      .where('amex_merchant_id', '=', mid)
      .orderBy('email')
      .execute();
    expect(leads).toEqual([
      { email: 'flood@example.test', repeats: 4 },
      { email: 'other@example.test', repeats: 0 },
    ]);
  });

  it('finds nobody once the guest has signed up, and keeps the failed look-up as a lead', async () => {
    const guest = await waitingGuest();
    await testApp.db
      .updateTable('users')
      .set({ guest_user_flag: false })
      .where('email', '=', guest.email)
      .execute();

    const response = await lookup(guest.mid, { email: 'visitor@example.test', website: 'visitor.example' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: m.lookupFailed });
    const lead = await testApp.db
      .selectFrom('card_network_leads')
      .select(['kind', 'source', 'email', 'website'])
      .where('amex_merchant_id', '=', guest.mid)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({
      kind: 'lookupFailed',
      source: 'amexsignup',
      email: 'visitor@example.test',
      website: 'https://visitor.example',
    });
  });

  it('finds nobody for a guest who was never sent a card-network link (the ordinary demo guest)', async () => {
    const guest = await testApp.db
      .selectFrom('users')
      .select('brand_id')
      .where('email', '=', demoGuestEmail)
      .executeTakeFirstOrThrow();
    const mid = uniqueMid();
    await testApp.db
      .insertInto('branches')
      .values({ brand_id: guest.brand_id!, name: 'Guest Branch', amex_merchant_id: mid, status: 'Pending' })
      .execute();

    const response = await lookup(mid);

    expect(response.statusCode).toBe(404);
    expect(await mailsTo(demoGuestEmail)).toEqual([]);
  });

  it('finds nobody for a MID whose branch was deleted', async () => {
    const guest = await waitingGuest();
    await testApp.db
      .updateTable('branches')
      .set({ status: 'Deleted' })
      .where('amex_merchant_id', '=', guest.mid)
      .execute();

    expect((await lookup(guest.mid)).statusCode).toBe(404);
  });

  it.each([
    ['amexMerchantID', { amexMerchantID: '' }, 'Merchant ID is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'visitor' }, 'Please provide a valid email'],
  ])('refuses a bad %s with 400 and stores nothing (%j)', async (field, change, message) => {
    const before = await everything();

    const response = await lookup('AX1', change);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await everything()).toEqual(before);
  });
});

describe('malformed input', () => {
  it('answers 4xx, never 5xx, and stores nothing', async () => {
    const before = await everything();
    const boundary = '----krowdbroken';
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

    const answers = await Promise.all([
      call(app, { method: 'POST', url: '/api/auth/notifyAdminForAmex', body: [] }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmex',
        body: 'name=Ana',
        headers: { 'content-type': 'text/plain' },
      }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmex',
        body: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      post(`/api/auth/getAmexUser/${'X'.repeat(60)}`, { amexMerchantID: 'X'.repeat(60), email: 'a@b.co' }),
      post('/api/auth/getAmexUser/AX1', { amexMerchantID: 'AX2', email: 'a@b.co' }),
      post('/api/auth/onBoardAmexBrand', { ...signup(), extra: true }),
      post('/api/auth/verifyEmail', { email: 'a'.repeat(300) + '@b.co' }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmexBranch',
        headers: multipart,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nabc`,
      }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmexBranch',
        ...branchForm({ id: 'a'.repeat(43), branchList: '{"branchName":"x"}' }),
      }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmexBranch',
        ...branchForm({ branchList: '[]' }),
      }),
      call(app, {
        method: 'POST',
        url: '/api/auth/notifyAdminForAmexBranch',
        ...branchForm({ id: 'a'.repeat(43), branchList: '[]', note: 'x' }),
      }),
    ]);

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answer.json().errorMessage).toEqual(expect.any(String));
    }
    expect(await everything()).toEqual(before);
  });
});

describe('the limits on the public card-network calls', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_IP: '2', CARD_NETWORK_CALLS_PER_WINDOW: '3' },
    });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 once an address has used its budget, across the five calls, and stores nothing more', async () => {
    const from = (url: string, body: unknown) =>
      call(limited.app, { method: 'POST', url, body, remoteAddress: '10.9.0.1' });
    await from('/api/auth/verifyEmail', { email: `a-${unique()}@example.test` });
    await from('/api/auth/notifyAdminForAmex', contact());

    const answers = await Promise.all([
      from('/api/auth/notifyAdminForAmex', contact()),
      from('/api/auth/getAmexUser/AX1', { amexMerchantID: 'AX1', email: 'a@example.test' }),
      from('/api/auth/onBoardAmexBrand', signup()),
      from('/api/auth/verifyEmail', { email: 'b@example.test' }),
      from('/api/auth/notifyAdminForAmexBranch', {}),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([429, 429, 429, 429, 429]);
    const leads = await limited.db.selectFrom('card_network_leads').select('id').execute();
    expect(leads).toHaveLength(1);
  });

  it('answers 429 once every address together has made its calls that store or mail, storing nothing more', async () => {
    await limited.db.deleteFrom('rate_limit_counters').execute();
    const before = await limited.db.selectFrom('card_network_leads').select('id').execute();
    const from = (address: number, url: string, body: unknown) =>
      call(limited.app, { method: 'POST', url, body, remoteAddress: `10.9.1.${address}` });

    const answers = [
      await from(1, '/api/auth/notifyAdminForAmex', contact()),
      await from(2, '/api/auth/getAmexUser/AX2', { amexMerchantID: 'AX2', email: 'a@example.test' }),
      await from(3, '/api/auth/notifyAdminForAmex', contact()),
      await from(4, '/api/auth/getAmexUser/AX4', { amexMerchantID: 'AX4', email: 'b@example.test' }),
      await from(5, '/api/auth/onBoardAmexBrand', signup()),
      await from(6, '/api/auth/notifyAdminForAmex', contact()),
    ];

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 404, 201, 429, 429, 429]);
    expect(answers[3]!.json()).toEqual({ code: 'rate_limited', errorMessage: m.busy });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    const leads = await limited.db.selectFrom('card_network_leads').select('id').execute();
    expect(leads).toHaveLength(before.length + 3);
    // A call that stores and mails nothing is not counted.
    expect((await from(7, '/api/auth/verifyEmail', { email: 'c@example.test' })).statusCode).toBe(200);
  });
});

describe('the system admins’ digest', () => {
  it('is queued once, for the top of the next hour, however much comes in meanwhile', async () => {
    await digestNow();
    const sentAt = new Date();

    await post('/api/auth/notifyAdminForAmex', contact());
    await post('/api/auth/notifyAdminForAmex', contact());
    await post(`/api/auth/getAmexUser/${uniqueMid()}`, {
      amexMerchantID: 'AXQUEUE',
      email: 'q@example.test',
    });

    const queued = await testApp.db
      .selectFrom('jobs')
      .select(['run_at', 'dedupe_key'])
      .where('kind', '=', cardNetworkDigestJob)
      .where('done_at', 'is', null)
      .execute();
    expect(queued).toHaveLength(1);
    expect([nextDigestAt(sentAt).getTime(), nextDigestAt(new Date()).getTime()]).toContain(
      queued[0]!.run_at.getTime(),
    );
    expect(queued[0]!.dedupe_key).toBe(`${cardNetworkDigestJob}:${queued[0]!.run_at.toISOString()}`);
  });

  it('mails each system admin one digest of everything no digest told of yet, then nothing while nothing comes', async () => {
    await digestNow();
    const first = contact();
    const second = contact({ from: 'amexsignup', amexMerchantID: 'AX777' });
    await post('/api/auth/notifyAdminForAmex', first);
    await post('/api/auth/notifyAdminForAmex', second);
    const admins = await testApp.db
      .selectFrom('users')
      .select('email')
      .where('entity_type', '=', 'systemadmin')
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .execute();
    const mailsBefore = await count('mail_outbox');

    const digests = await digestNow();

    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe(m.mail.digestSubject(2, 0));
    expect(digests[0]!.text_body).toContain(first.email);
    expect(digests[0]!.text_body).toContain(`Merchant ID: AX777`);
    expect(await count('mail_outbox')).toBe(mailsBefore + admins.length);
    expect(await digestNow()).toEqual([]);
    // A failed look-up seen again is only counted; a contact request again is told again.
    await post('/api/auth/notifyAdminForAmex', first);
    const again = await digestNow();
    expect(again[0]?.text_body).toContain(
      `Contact request from /amexdining (2 times so far): Name: Ana Lopez; Email: ${first.email}`,
    );
  });

  it('gives back what it took when its mail cannot be sent, so the next attempt tells of it', async () => {
    await digestNow();
    const form = contact();
    await post('/api/auth/notifyAdminForAmex', form);
    const { mailer } = app.services;
    const send = mailer.send.bind(mailer);
    mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      expect(await digestNow()).toEqual([]);
    } finally {
      mailer.send = send;
    }
    const lead = await testApp.db
      .selectFrom('card_network_leads')
      .select('notified_at')
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(lead.notified_at).toBeNull();

    const retried = await digestNow();

    expect(retried.map((mail) => mail.text_body.includes(form.email))).toEqual([true]);
  });
});

describe('GET cardnetwork/leads (the system admin’s list)', () => {
  it('lists leads newest first with search, kind filter, sort and paging', async () => {
    const tag = unique();
    await post('/api/auth/notifyAdminForAmex', contact({ name: `Zed ${tag}`, company: `Alpha ${tag}` }));
    await post('/api/auth/notifyAdminForAmex', contact({ name: `Amy ${tag}`, company: `Beta ${tag}` }));
    const form = await signedUp({ name: `Bo ${tag}` });
    const admin = await loginAs(app, 'admin@demo.test');
    const list = (filters: unknown, page = 1, limit = 10) =>
      call(app, {
        url: `/api/cardnetwork/leads?page=${page}&limit=${limit}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
        token: admin.token,
      }).then((response) => response.json());

    const newest = await list({ globalSearch: { value: tag } });
    const byName = await list({
      globalSearch: { value: tag },
      sortField: { sortfield: 'name', direction: 'asc' },
    });
    const signups = await list({
      globalSearch: { value: tag },
      dropDown: { key: 'status', value: 'diningSignup', type: 'eq' },
    });
    const secondPage = await list({ globalSearch: { value: tag } }, 2, 2);

    expect(newest.data.map((lead: { name: string }) => lead.name)).toEqual([
      `Bo ${tag}`,
      `Amy ${tag}`,
      `Zed ${tag}`,
    ]);
    expect(newest.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(byName.data.map((lead: { name: string }) => lead.name)).toEqual([
      `Amy ${tag}`,
      `Bo ${tag}`,
      `Zed ${tag}`,
    ]);
    expect(signups.data).toEqual([
      expect.objectContaining({
        kind: 'diningSignup',
        from: 'amexdiningsignup',
        email: form.email,
        branchSubmissions: [],
      }),
    ]);
    expect(Object.keys(newest)).toEqual(['respCode', 'data', 'pagination']);
    expect(Object.keys(signups.data[0])).toEqual([
      '_id',
      'created',
      'kind',
      'from',
      'name',
      'email',
      'phone',
      'company',
      'legalName',
      'website',
      'amexMerchantID',
      'brandId',
      'branchSubmissions',
    ]);
    expect(secondPage.data).toHaveLength(1);
    expect(secondPage.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(JSON.stringify(newest)).not.toContain(form.branchPageId);
    expect(JSON.stringify(newest)).not.toContain('branch_page');
  });

  it('is for system admins only', async () => {
    const bank = await loginAs(app, 'bank@demo.test');

    expect((await call(app, { url: '/api/cardnetwork/leads' })).statusCode).toBe(401);
    expect((await call(app, { url: '/api/cardnetwork/leads', token: bank.token })).statusCode).toBe(403);
  });

  it('answers 404 for a submission without a file', async () => {
    const admin = await loginAs(app, 'admin@demo.test');

    const response = await call(app, {
      url: `/api/cardnetwork/submissions/${crypto.randomUUID()}/file`,
      token: admin.token,
    });

    expect(response.statusCode).toBe(404);
  });
});
