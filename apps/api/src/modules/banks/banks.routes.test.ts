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
let otherBankId: string;
const sessions: Record<string, SignedIn> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const other = await testApp.db
    .insertInto('banks')
    .values({ name: 'Other Bank' })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherBankId = other.id;
  for (const email of [
    'admin@demo.test',
    'bank@demo.test',
    'companyadmin@demo.test',
    'clientadmin@demo.test',
  ]) {
    sessions[email] = await loginAs(app, email);
  }
});

afterAll(async () => {
  await testApp?.close();
});

const getBank = (as: string, id: string) =>
  call(app, { url: `/api/banks/${id}`, token: sessions[as]!.token });

describe('GET /api/banks/:id', () => {
  it('answers a bank user their own bank', async () => {
    const response = await getBank('bank@demo.test', ids.bankId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      details: {
        _id: ids.bankId,
        name: demoNames.bank,
        created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
  });

  it('answers 404 to a bank user asking for another bank', async () => {
    const response = await getBank('bank@demo.test', otherBankId);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: messages.common.notFound });
  });

  it('answers the system admin any bank', async () => {
    expect((await getBank('admin@demo.test', ids.bankId)).statusCode).toBe(200);
    expect((await getBank('admin@demo.test', otherBankId)).json().details.name).toBe('Other Bank');
  });

  it.each(['companyadmin@demo.test', 'clientadmin@demo.test'])('refuses %s with 403', async (email) => {
    const response = await getBank(email, ids.bankId);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorMessage: messages.common.forbidden });
  });

  it('answers 404 for an unknown bank and 400 for a malformed id', async () => {
    expect((await getBank('admin@demo.test', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getBank('admin@demo.test', 'bank')).statusCode).toBe(400);
  });

  it('asks an anonymous caller to log in', async () => {
    expect((await call(app, { url: `/api/banks/${ids.bankId}` })).statusCode).toBe(401);
  });
});
