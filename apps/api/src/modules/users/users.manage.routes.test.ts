import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { UserRow } from '@krowd/domain/user/user-response.schema';
import { demoColleagueEmail, demoColleagues } from '../../demo/demo-users.ts';
import {
  call,
  createTestApp,
  demoIds,
  linkToken,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

const m = messages.user;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const sessions: Record<string, SignedIn> = {};

/** A bank user of the demo bank who is not its admin. */
const plainBankUser = demoColleagueEmail({ firstName: 'Ruby', lastName: 'Foster' });

const callers = [
  'admin@demo.test',
  'bank@demo.test',
  'groupadmin@demo.test',
  'companyadmin@demo.test',
  'brandadmin@demo.test',
  'user@demo.test',
  plainBankUser,
] as const;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of callers) sessions[email] = await loginAs(app, email);
});

afterAll(async () => {
  await testApp?.close();
});

const newEmail = (label = 'new') => `${label}-${randomBytes(4).toString('hex')}@example.test`;

const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nadia',
  lastName: 'Brooks',
  email: newEmail(),
  phone: '07700900555',
  role: 'brandUser',
  ...overrides,
});

function listUsers(as: string, query: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return call(app, { url: `/api/users?${params}`, token: sessions[as]!.token });
}

const addUser = (as: string, body: unknown) =>
  call(app, { method: 'POST', url: '/api/users', token: sessions[as]!.token, body });
const editUser = (as: string, id: string, body: unknown) =>
  call(app, { method: 'PUT', url: `/api/users/${id}`, token: sessions[as]!.token, body });
const deleteUser = (as: string, id: string) =>
  call(app, { method: 'DELETE', url: `/api/users/${id}`, token: sessions[as]!.token });

const rowsOf = (response: { json: () => { data: UserRow[] } }) => response.json().data;

/** The latest mail sent to an address, from the outbox. */
async function latestMailTo(address: string) {
  return testApp.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

async function userCount() {
  const row = await testApp.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const demoCount = (place: (typeof demoColleagues)[number]['place']) =>
  demoColleagues.filter((colleague) => JSON.stringify(colleague.place) === JSON.stringify(place)).length;

describe('GET /api/users', () => {
  it("lists a brand admin the brand-side users of their brand, newest first, and nobody else's", async () => {
    const response = await listUsers('brandadmin@demo.test', { limit: 100 });

    expect(response.statusCode).toBe(200);
    const rows = rowsOf(response);
    // Green Fork: companyadmin, brandadmin, branduser, user, internal, and the demo colleagues.
    expect(rows).toHaveLength(5 + demoCount({ brand: 'standalone' }));
    expect(new Set(rows.map((row) => row.brandId))).toEqual(new Set([ids.brands.standalone]));
    expect(rows.map((row) => row.email)).not.toContain('cardprovider@demo.test');
    const created = rows.map((row) => row.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('pages the list with its total (spec 2 §4: page 1, size 10 by default)', async () => {
    const first = await listUsers('companyadmin@demo.test');
    const second = await listUsers('companyadmin@demo.test', { page: 2 });

    const total = 5 + demoCount({ brand: 'standalone' });
    expect(first.json().pagination).toEqual({ page: 1, limit: 10, total, totalPages: 2 });
    expect(rowsOf(first)).toHaveLength(10);
    expect(rowsOf(second)).toHaveLength(total - 10);
    expect(second.json().pagination.total).toBe(total);
  });

  it("lists the plain user their brand's users too (read only)", async () => {
    const response = await listUsers('user@demo.test');

    expect(response.statusCode).toBe(200);
    expect(new Set(rowsOf(response).map((row) => row.brandId))).toEqual(new Set([ids.brands.standalone]));
  });

  it("lists a group admin its group's users and those of every brand of its group", async () => {
    const response = await listUsers('groupadmin@demo.test', { limit: 100 });

    const rows = rowsOf(response);
    expect(new Set(rows.map((row) => row.groupId))).toEqual(new Set([ids.groupId]));
    expect(rows.map((row) => row.email)).toEqual(
      expect.arrayContaining(['groupadmin@demo.test', 'groupuser@demo.test']),
    );
    expect(new Set(rows.map((row) => row.brandId))).toEqual(
      new Set([null, ids.brands.groupBrandA, ids.brands.groupBrandB]),
    );
  });

  it('narrows a group admin to the brand chosen, and to the whole group again with from=onboard', async () => {
    const chosen = await listUsers('groupadmin@demo.test', { brandId: ids.brands.groupBrandA, limit: 100 });
    const all = await listUsers('groupadmin@demo.test', {
      brandId: ids.brands.groupBrandA,
      from: 'onboard',
      limit: 100,
    });

    expect(new Set(rowsOf(chosen).map((row) => row.brandId))).toEqual(new Set([ids.brands.groupBrandA]));
    expect(rowsOf(all).length).toBeGreaterThan(rowsOf(chosen).length);
  });

  it.each([
    { caller: 'groupadmin@demo.test', brand: 'standalone' as const },
    { caller: 'brandadmin@demo.test', brand: 'groupBrandA' as const },
  ])('answers $caller 404 for the users of brand $brand, outside its tenant', async ({ caller, brand }) => {
    const response = await listUsers(caller, { brandId: ids.brands[brand] });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it('lists a bank user the users of their bank only (Bank Users)', async () => {
    const response = await listUsers('bank@demo.test', { limit: 100 });

    const rows = rowsOf(response);
    expect(rows).toHaveLength(1 + demoCount({ bank: true }));
    expect(rows.every((row) => row.entityType === 'bank' && row.bankId === ids.bankId)).toBe(true);
  });

  it('lists the system admin every user, and one brand when asked', async () => {
    const all = await listUsers('admin@demo.test', { limit: 100 });
    const oneBrand = await listUsers('admin@demo.test', { brandId: ids.brands.groupBrandB, limit: 100 });

    expect(all.json().pagination.total).toBeGreaterThan(25);
    expect(new Set(rowsOf(oneBrand).map((row) => row.brandId))).toEqual(new Set([ids.brands.groupBrandB]));
  });

  it.each([
    { search: 'finance', expected: ['branduser@demo.test', 'noah.patel@demo.test', 'isla.murphy@demo.test'] },
    { search: 'Brand Admin', expected: ['brandadmin@demo.test', 'olivia.hart@demo.test'] },
    { search: 'uma user', expected: ['user@demo.test'] },
    { search: 'HART@', expected: ['olivia.hart@demo.test'] },
  ])('searches e-mail, display name and role for "$search"', async ({ search, expected }) => {
    const filters = JSON.stringify({ globalSearch: { value: search, type: 'user' } });
    const response = await listUsers('brandadmin@demo.test', { filters, limit: 100 });

    expect(
      rowsOf(response)
        .map((row) => row.email)
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('applies search only from 3 characters', async () => {
    const filters = JSON.stringify({ globalSearch: { value: 'zz', type: 'user' } });
    const response = await listUsers('brandadmin@demo.test', { filters, limit: 100 });

    expect(rowsOf(response).length).toBe(5 + demoCount({ brand: 'standalone' }));
  });

  it('sorts by display name, ascending or descending', async () => {
    const sorted = async (direction: 'asc' | 'desc') => {
      const filters = JSON.stringify({ sortField: { direction, sortfield: 'displayName' } });
      return rowsOf(await listUsers('brandadmin@demo.test', { filters, limit: 100 })).map((row) =>
        row.displayName.toLowerCase(),
      );
    };

    const ascending = await sorted('asc');
    expect(ascending).toEqual([...ascending].sort());
    expect(await sorted('desc')).toEqual([...ascending].reverse());
  });

  it.each([
    { query: { filters: '{"sortField":{"direction":"asc","sortfield":"password_hash"}}' }, field: 'filters' },
    { query: { filters: 'not json' }, field: 'filters' },
    { query: { limit: 1000 }, field: 'limit' },
    { query: { brandId: 'nope' }, field: 'brandId' },
  ])('answers 400 naming $field for a bad list query', async ({ query, field }) => {
    const response = await listUsers('brandadmin@demo.test', query);

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContainEqual(
      expect.stringMatching(new RegExp(`^${field}(\\.|$)`)),
    );
  });
});

describe('POST /api/users', () => {
  it('adds a user without a password and mails them a set-password link that lets them in', async () => {
    const body = person({ role: 'brandUser' });
    const response = await addUser('brandadmin@demo.test', body);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      respCode: 200,
      respMessage: m.added,
      details: {
        email: body.email,
        displayName: 'Nadia Brooks',
        role: 'brandUser',
        brandId: ids.brands.standalone,
        entityType: 'brand',
        status: 'active',
      },
    });
    const refused = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: body.email, password: 'Anything!1' },
    });
    expect(refused.statusCode).toBe(401);

    const mail = await latestMailTo(body.email);
    expect(mail?.subject).toBe(messages.mail.setPasswordSubject);
    const link = /https?:\/\/\S+\/setpassword\/[\w-]+/.exec(mail!.text_body)?.[0];
    expect(link).toBeDefined();
    const created = await call(app, {
      method: 'POST',
      url: '/api/auth/createPassword',
      body: { token: linkToken(link!), newPassword: 'Fresh!Pass1', confirmPassword: 'Fresh!Pass1' },
    });
    expect(created.statusCode).toBe(200);
    const signedIn = await loginAs(app, body.email, 'Fresh!Pass1');
    expect(signedIn.details).toMatchObject({ role: 'brandUser', brandId: ids.brands.standalone });
  });

  it('lets a group admin put a brand role into a brand of its group', async () => {
    const response = await addUser(
      'groupadmin@demo.test',
      person({ role: 'brandAdmin', brandId: ids.brands.groupBrandB }),
    );

    expect(response.statusCode).toBe(201);
    expect(response.json().details).toMatchObject({ brandId: ids.brands.groupBrandB, groupId: ids.groupId });
  });

  it('puts a group role given by a group admin into the group, with no brand', async () => {
    const response = await addUser('groupadmin@demo.test', person({ role: 'groupUser' }));

    expect(response.statusCode).toBe(201);
    expect(response.json().details).toMatchObject({ role: 'groupUser', brandId: null, groupId: ids.groupId });
  });

  it('asks a group admin which brand a brand role belongs to', async () => {
    const before = await userCount();
    const response = await addUser('groupadmin@demo.test', person({ role: 'brandUser' }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.brandRequired,
      fieldErrors: { brandId: m.brandRequired },
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    { caller: 'groupadmin@demo.test', brand: 'standalone' as const },
    { caller: 'brandadmin@demo.test', brand: 'groupBrandA' as const },
  ])('answers $caller 404 for a user in brand $brand, outside its tenant', async ({ caller, brand }) => {
    const response = await addUser(caller, person({ role: 'brandAdmin', brandId: ids.brands[brand] }));

    expect(response.statusCode).toBe(404);
  });

  it('refuses a brand admin a group role (403): only a group admin gives those', async () => {
    const response = await addUser('brandadmin@demo.test', person({ role: 'groupAdmin' }));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: m.roleNotAllowed });
  });

  it('adds a bank user to the bank of the bank admin, with no role', async () => {
    const response = await addUser('bank@demo.test', person({ role: undefined }));

    expect(response.statusCode).toBe(201);
    expect(response.json().details).toMatchObject({
      entityType: 'bank',
      bankId: ids.bankId,
      role: null,
      brandId: null,
    });
  });

  it('refuses a role for a bank user', async () => {
    const response = await addUser('bank@demo.test', person({ role: 'user' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ role: m.roleNotAllowed });
  });

  it('refuses a bank user who is not the bank admin (403)', async () => {
    const response = await addUser(plainBankUser, person({ role: undefined }));

    expect(response.statusCode).toBe(403);
  });

  it('answers 409 for an e-mail that already has a user, in any case', async () => {
    const response = await addUser('brandadmin@demo.test', person({ email: 'User@Demo.Test' }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.emailTaken });
  });

  it.each([
    { body: person({ role: undefined }), field: 'role', message: m.roleRequired },
    { body: person({ firstName: 'Jo' }), field: 'firstName', message: m.nameMin },
    { body: person({ lastName: 'Smith3' }), field: 'lastName', message: m.nameCharacters },
    { body: person({ email: 'nope' }), field: 'email', message: messages.validation.emailInvalid },
    { body: person({ phone: '07700-900' }), field: 'phone', message: m.phoneDigits },
    { body: person({ role: 'superAdmin' }), field: 'role', message: m.roleRequired },
    {
      body: person({ password: 'Secret!12' }),
      field: 'password',
      message: messages.validation.unexpectedField,
    },
  ])('answers 400 with "$message" for $field, and adds nobody', async ({ body, field, message }) => {
    const before = await userCount();
    const response = await addUser('brandadmin@demo.test', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/users/:id', () => {
  async function colleague(as = 'brandadmin@demo.test', body = person()) {
    const response = await addUser(as, body);
    expect(response.statusCode).toBe(201);
    return response.json().details as UserRow;
  }

  it('changes names, phone and role of a user within reach', async () => {
    const user = await colleague();
    const response = await editUser('brandadmin@demo.test', user._id, {
      firstName: 'Nadine',
      phone: '07700900777',
      role: 'brandAdmin',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 205,
      respMessage: m.updated,
      details: { firstName: 'Nadine', lastName: 'Brooks', phone: '07700900777', role: 'brandAdmin' },
    });
  });

  it.each(['email', 'password'])(
    'refuses %s (never changed by an update) and changes nothing',
    async (field) => {
      const user = await colleague();
      const response = await editUser('brandadmin@demo.test', user._id, {
        firstName: 'Changed',
        [field]: field === 'email' ? 'other@example.test' : 'Secret!123',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: messages.validation.unexpectedField });
      const after = await call(app, {
        url: `/api/users/${user._id}`,
        token: sessions['brandadmin@demo.test']!.token,
      });
      expect(after.json().details).toMatchObject({ email: user.email, firstName: 'Nadia' });
    },
  );

  it('lets a manager edit their own details but not their own role', async () => {
    const me = ids.userId('brandadmin@demo.test');
    const names = await editUser('brandadmin@demo.test', me, { phone: '07700900123' });
    const demote = await editUser('brandadmin@demo.test', me, { role: 'brandUser' });

    expect(names.statusCode).toBe(200);
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ code: 'conflict', errorMessage: m.cannotChangeOwnRole });
  });

  it('lets a group admin move a brand user to another brand of its group, or into the group', async () => {
    const user = await colleague(
      'groupadmin@demo.test',
      person({ role: 'brandUser', brandId: ids.brands.groupBrandA }),
    );

    const moved = await editUser('groupadmin@demo.test', user._id, { brandId: ids.brands.groupBrandB });
    const promoted = await editUser('groupadmin@demo.test', user._id, { role: 'groupUser' });
    const foreign = await editUser('groupadmin@demo.test', user._id, {
      role: 'brandUser',
      brandId: ids.brands.standalone,
    });

    expect(moved.json().details.brandId).toBe(ids.brands.groupBrandB);
    expect(promoted.json().details).toMatchObject({ role: 'groupUser', brandId: null, groupId: ids.groupId });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    { caller: 'companyadmin@demo.test', target: 'groupadmin@demo.test' },
    { caller: 'groupadmin@demo.test', target: 'brandadmin@demo.test' },
    { caller: 'bank@demo.test', target: 'user@demo.test' },
    { caller: 'brandadmin@demo.test', target: 'bank@demo.test' },
    { caller: 'brandadmin@demo.test', target: 'cardprovider@demo.test' },
    { caller: plainBankUser, target: 'bank@demo.test' },
  ])(
    'answers $caller 404 for $target, outside what it manages, and changes nothing',
    async ({ caller, target }) => {
      const response = await editUser(caller, ids.userId(target), { firstName: 'Hacked' });

      expect(response.statusCode).toBe(404);
      const row = await testApp.db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', ids.userId(target))
        .executeTakeFirstOrThrow();
      expect(row.first_name).not.toBe('Hacked');
    },
  );

  it('answers 400 for a malformed id or a bad value', async () => {
    const badId = await editUser('brandadmin@demo.test', 'nope', { firstName: 'Valid Name' });
    const badPhone = await editUser('brandadmin@demo.test', ids.userId('user@demo.test'), { phone: 'abc' });

    expect(badId.statusCode).toBe(400);
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fieldErrors).toEqual({ phone: m.phoneDigits });
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user: their sessions end, they cannot log in, and their e-mail is free again', async () => {
    const body = person({ role: 'user' });
    const theirPassword = 'Kettle-Quartz 88';
    const added = (await addUser('companyadmin@demo.test', body)).json().details as UserRow;
    const link = /\/setpassword\/([\w-]+)/.exec((await latestMailTo(body.email))!.text_body)![1]!;
    await call(app, {
      method: 'POST',
      url: '/api/auth/createPassword',
      body: { token: link, newPassword: theirPassword, confirmPassword: theirPassword },
    });
    const theirs = await loginAs(app, body.email, theirPassword);

    const response = await deleteUser('companyadmin@demo.test', added._id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 206, respMessage: m.deleted });
    const session = await call(app, { url: '/api/auth/session', token: theirs.token });
    expect(session.json().details ?? null).toBeNull();
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: body.email, password: theirPassword },
    });
    expect(login.statusCode).toBe(401);
    const listed = rowsOf(await listUsers('companyadmin@demo.test', { limit: 100 }));
    expect(listed.map((row) => row.email)).not.toContain(body.email);
    const details = await call(app, {
      url: `/api/users/${added._id}`,
      token: sessions['admin@demo.test']!.token,
    });
    expect(details.statusCode).toBe(404);
    expect((await addUser('companyadmin@demo.test', body)).statusCode).toBe(201);
  });

  it("voids the deleted user's unused set-password link", async () => {
    const body = person();
    const added = (await addUser('brandadmin@demo.test', body)).json().details as UserRow;
    const link = /\/setpassword\/([\w-]+)/.exec((await latestMailTo(body.email))!.text_body)![1]!;

    await deleteUser('brandadmin@demo.test', added._id);
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/createPassword',
      body: { token: link, newPassword: 'Fresh!Pass1', confirmPassword: 'Fresh!Pass1' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(messages.auth.linkInvalid);
  });

  it('never lets anyone delete themselves', async () => {
    const response = await deleteUser('brandadmin@demo.test', ids.userId('brandadmin@demo.test'));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.cannotDeleteSelf });
  });

  it.each([
    { caller: 'brandadmin@demo.test', target: 'groupuser@demo.test' },
    { caller: 'groupadmin@demo.test', target: 'companyadmin@demo.test' },
    { caller: 'bank@demo.test', target: 'brandadmin@demo.test' },
    { caller: plainBankUser, target: 'bank@demo.test' },
  ])('answers $caller 404 for $target, who stays', async ({ caller, target }) => {
    const response = await deleteUser(caller, ids.userId(target));

    expect(response.statusCode).toBe(404);
    const row = await testApp.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', ids.userId(target))
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('refuses the plain user (403): they manage nobody', async () => {
    const response = await deleteUser('user@demo.test', ids.userId('branduser@demo.test'));

    expect(response.statusCode).toBe(403);
  });
});
