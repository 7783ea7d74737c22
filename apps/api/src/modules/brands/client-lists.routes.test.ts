import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let clientAdmin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  clientAdmin = await loginAs(app, 'clientadmin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

const postList = (body: unknown, token = clientAdmin.token) =>
  call(app, { method: 'POST', url: '/api/clientList/create', token, body });

const listCount = async () => (await testApp.db.selectFrom('client_lists').select('id').execute()).length;

const brandsOfList = async (listId: string) =>
  (
    await testApp.db
      .selectFrom('client_list_brands')
      .select('brand_id')
      .where('client_list_id', '=', listId)
      .execute()
  )
    .map((row) => row.brand_id)
    .sort();

describe('POST /api/clientList/create (spec 1 §7; decision 0094)', () => {
  it("saves the client admin's named list of brands, each once, and answers it with the brands' names", async () => {
    const response = await postList({
      name: ' Camden venues ',
      brandIds: [ids.brands.groupBrandA, ids.brands.standalone, ids.brands.groupBrandA],
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ respCode: 200, respMessage: messages.clientList.created });
    const { details } = response.json();
    expect(details.name).toBe('Camden venues');
    expect(details.brands.map((brand: { _id: string }) => brand._id).sort()).toEqual(
      [ids.brands.groupBrandA, ids.brands.standalone].sort(),
    );
    expect(details.brands.every((brand: { name: string }) => brand.name.length > 0)).toBe(true);
    expect(await brandsOfList(details._id)).toEqual([ids.brands.groupBrandA, ids.brands.standalone].sort());
    const owner = await testApp.db
      .selectFrom('client_lists')
      .select('owner_user_id')
      .where('id', '=', details._id)
      .executeTakeFirstOrThrow();
    expect(owner.owner_user_id).toBe(clientAdmin.details._id);
  });

  it('leaves the brands where they were: a list moves no brand out of its group', async () => {
    const before = await testApp.db
      .selectFrom('brands')
      .select('group_id')
      .where('id', '=', ids.brands.groupBrandA)
      .executeTakeFirstOrThrow();
    const response = await postList({ name: 'Group brand only', brandIds: [ids.brands.groupBrandA] });

    expect(response.statusCode).toBe(201);
    const after = await testApp.db
      .selectFrom('brands')
      .select('group_id')
      .where('id', '=', ids.brands.groupBrandA)
      .executeTakeFirstOrThrow();
    expect(after.group_id).toBe(before.group_id);
  });

  it('refuses a name the client admin already uses, whatever its case, with 409 and writes nothing', async () => {
    const before = await listCount();
    const response = await postList({ name: 'CAMDEN VENUES', brandIds: [ids.brands.standalone] });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.clientList.nameTaken });
    expect(await listCount()).toBe(before);
  });

  it('refuses an id that is not a brand with 400 naming brandIds, and writes nothing', async () => {
    const before = await listCount();
    const response = await postList({
      name: 'Ghost list',
      brandIds: [ids.brands.standalone, '00000000-0000-4000-8000-000000000000'],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ brandIds: messages.clientList.brandUnknown });
    expect(await listCount()).toBe(before);
  });

  it('refuses no brand, a short name and an unknown field with 400 naming the fields', async () => {
    const short = await postList({ name: 'AB', brandIds: [] });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({
      name: messages.clientList.nameMin,
      brandIds: messages.clientList.brandsRequired,
    });

    const missing = await postList({ brandIds: [ids.brands.standalone] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ name: messages.clientList.nameRequired });

    const extra = await postList({
      name: 'Extra field',
      brandIds: [ids.brands.standalone],
      groupId: ids.groupId,
    });
    expect(extra.statusCode).toBe(400);
  });

  it.each(['admin@demo.test', 'groupadmin@demo.test', 'brandadmin@demo.test', 'bank@demo.test'])(
    'refuses %s with 403: client lists are the client admin’s',
    async (email) => {
      const session = await loginAs(app, email);
      const before = await listCount();
      const response = await postList(
        { name: 'Not allowed', brandIds: [ids.brands.standalone] },
        session.token,
      );
      expect(response.statusCode).toBe(403);
      expect(await listCount()).toBe(before);
    },
  );

  it('refuses an anonymous caller with 401', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/clientList/create',
      body: { name: 'Anonymous', brandIds: [ids.brands.standalone] },
    });
    expect(response.statusCode).toBe(401);
  });
});
