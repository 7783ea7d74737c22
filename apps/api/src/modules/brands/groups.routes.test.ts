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
import { acceptInvitation, invitedAdmin } from '../../test/tenants.fixtures.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let systemAdmin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  systemAdmin = await loginAs(app, 'admin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

const postGroup = (body: unknown, token = systemAdmin.token) =>
  call(app, { method: 'POST', url: '/api/groups', token, body });

const groupOf = async (brandId: string) =>
  (
    await testApp.db
      .selectFrom('brands')
      .select('group_id')
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow()
  ).group_id;

describe('POST /api/groups (the system admin creates a group)', () => {
  it('moves the brands into the new group and invites its Group Admin, who then works on those brands only', async () => {
    const admin = invitedAdmin('new-group');
    const response = await postGroup({
      name: ' Riverside Dining ',
      brandIds: [ids.brands.firstLogin, ids.brands.guest],
      admin,
    });

    expect(response.statusCode).toBe(201);
    const { details } = response.json();
    expect(response.json()).toMatchObject({ respCode: 200, respMessage: messages.group.created });
    expect(details.name).toBe('Riverside Dining');
    expect(details.brands.map((brand: { _id: string }) => brand._id).sort()).toEqual(
      [ids.brands.firstLogin, ids.brands.guest].sort(),
    );
    expect(await groupOf(ids.brands.firstLogin)).toBe(details._id);

    const groupAdmin = await acceptInvitation(app, testApp.db, admin.email);
    expect(groupAdmin.details).toMatchObject({ role: 'groupAdmin', groupId: details._id, brandId: null });
    const brands = await call(app, { url: '/api/brands/getBrandList', token: groupAdmin.token });
    expect(
      brands
        .json()
        .brands.map((brand: { _id: string }) => brand._id)
        .sort(),
    ).toEqual([ids.brands.firstLogin, ids.brands.guest].sort());
    const foreign = await call(app, {
      url: `/api/brands/${ids.brands.groupBrandA}`,
      token: groupAdmin.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('takes a brand out of the group it was in', async () => {
    const response = await postGroup({
      name: 'Pizza Collective',
      brandIds: [ids.brands.groupBrandB],
      admin: invitedAdmin('moved'),
    });

    expect(response.statusCode).toBe(201);
    expect(await groupOf(ids.brands.groupBrandB)).toBe(response.json().details._id);
    const demoGroup = await call(app, {
      url: `/api/groupBrand/getBrandGroupWise/${ids.groupId}`,
      token: systemAdmin.token,
    });
    expect(demoGroup.json().brands.map((brand: { _id: string }) => brand._id)).toEqual([
      ids.brands.groupBrandA,
    ]);
  });

  it('refuses an id that is not a brand with 400 naming brandIds, and writes nothing', async () => {
    const before = await testApp.db.selectFrom('groups').select('id').execute();
    const admin = invitedAdmin('unknown-brand');
    const response = await postGroup({
      name: 'Ghost Group',
      brandIds: [ids.brands.standalone, '00000000-0000-4000-8000-000000000000'],
      admin,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ brandIds: messages.group.brandUnknown });
    expect(await testApp.db.selectFrom('groups').select('id').execute()).toHaveLength(before.length);
    expect(await groupOf(ids.brands.standalone)).toBeNull();
    const user = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', admin.email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('refuses the name of an existing group, whatever its case, with 409 and moves no brand', async () => {
    const response = await postGroup({
      name: 'RIVERSIDE dining',
      brandIds: [ids.brands.standalone],
      admin: invitedAdmin('same-name'),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.group.nameTaken });
    expect(await groupOf(ids.brands.standalone)).toBeNull();
  });

  it('refuses no brand and a short name with 400 naming the fields', async () => {
    const response = await postGroup({ name: 'AB', brandIds: [], admin: invitedAdmin('empty') });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      name: messages.group.nameMin,
      brandIds: messages.group.brandsRequired,
    });
  });

  it('refuses an e-mail already in use with 409 and moves no brand', async () => {
    const response = await postGroup({
      name: 'Taken Group',
      brandIds: [ids.brands.standalone],
      admin: { ...invitedAdmin('taken'), email: 'groupadmin@demo.test' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: messages.user.emailTaken });
    expect(await groupOf(ids.brands.standalone)).toBeNull();
  });

  it.each(['groupadmin@demo.test', 'clientadmin@demo.test', 'bank@demo.test'])(
    'refuses %s with 403',
    async (email) => {
      const session = await loginAs(app, email);
      const response = await postGroup(
        { name: 'Not Allowed', brandIds: [ids.brands.standalone], admin: invitedAdmin('no') },
        session.token,
      );
      expect(response.statusCode).toBe(403);
    },
  );
});
