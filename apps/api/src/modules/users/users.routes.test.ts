import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoNames } from '../../demo/demo-data.ts';
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
const sessions: Record<string, SignedIn> = {};

const emails = [
  'admin@demo.test',
  'bank@demo.test',
  'cardprovider@demo.test',
  'clientadmin@demo.test',
  'groupadmin@demo.test',
  'groupuser@demo.test',
  'companyadmin@demo.test',
  'brandadmin@demo.test',
  'branduser@demo.test',
  'user@demo.test',
] as const;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of emails) sessions[email] = await loginAs(app, email);
});

afterAll(async () => {
  await testApp?.close();
});

const getUser = (as: string, id: string) =>
  call(app, { url: `/api/users/${id}`, token: sessions[as]!.token });

describe('GET /api/users/:id', () => {
  it.each(emails)('answers %s their own details', async (email) => {
    const response = await getUser(email, ids.userId(email));

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(200);
    expect(body.details).toMatchObject({ _id: ids.userId(email), email, status: 'active' });
    expect(body.details.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it.each([
    { caller: 'companyadmin@demo.test', colleague: 'brandadmin@demo.test' },
    { caller: 'brandadmin@demo.test', colleague: 'branduser@demo.test' },
    { caller: 'user@demo.test', colleague: 'companyadmin@demo.test' },
    { caller: 'groupadmin@demo.test', colleague: 'groupuser@demo.test' },
  ])('answers $caller a colleague of the same tenant ($colleague)', async ({ caller, colleague }) => {
    const response = await getUser(caller, ids.userId(colleague));

    expect(response.statusCode).toBe(200);
    expect(response.json().details.email).toBe(colleague);
  });

  it('answers the system admin any user', async () => {
    const response = await getUser('admin@demo.test', ids.userId('groupuser@demo.test'));

    expect(response.statusCode).toBe(200);
    expect(response.json().details).toMatchObject({ groupName: demoNames.group, role: 'groupUser' });
  });

  it.each([
    { caller: 'companyadmin@demo.test', other: 'groupadmin@demo.test' },
    { caller: 'groupadmin@demo.test', other: 'companyadmin@demo.test' },
    { caller: 'groupadmin@demo.test', other: 'firstlogin@demo.test' },
    { caller: 'user@demo.test', other: 'firstlogin@demo.test' },
    { caller: 'bank@demo.test', other: 'companyadmin@demo.test' },
    { caller: 'brandadmin@demo.test', other: 'admin@demo.test' },
  ])('answers 404 when $caller asks for $other of another tenant', async ({ caller, other }) => {
    const response = await getUser(caller, ids.userId(other));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it.each([
    {
      caller: 'branduser@demo.test',
      other: 'companyadmin@demo.test',
      why: 'finance roles read only themselves',
    },
    {
      caller: 'groupuser@demo.test',
      other: 'groupadmin@demo.test',
      why: 'finance roles read only themselves',
    },
    {
      caller: 'cardprovider@demo.test',
      other: 'companyadmin@demo.test',
      why: 'card providers read only themselves',
    },
  ])('answers 404 when $caller asks for $other ($why)', async ({ caller, other }) => {
    const response = await getUser(caller, ids.userId(other));

    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for an id nobody has, as for one out of reach', async () => {
    const response = await getUser('admin@demo.test', '00000000-0000-4000-8000-000000000000');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it.each(['not-a-uuid', '123', "1' OR '1'='1", '%3Cscript%3E'])(
    'answers 400 naming id for the malformed id %s',
    async (id) => {
      const response = await getUser('admin@demo.test', id);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation_failed',
        errorMessage: messages.validation.idInvalid,
        fieldErrors: { id: messages.validation.idInvalid },
      });
    },
  );

  it('asks an anonymous caller to log in', async () => {
    const response = await call(app, { url: `/api/users/${ids.userId('user@demo.test')}` });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });
});
