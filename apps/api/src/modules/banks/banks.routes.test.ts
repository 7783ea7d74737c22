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
        contactEmail: 'partners@demobank.test',
        contactPhone: '02079460123',
        address: '1 Threadneedle Street, London EC2R 8AH',
        website: 'https://demobank.test',
        created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        editable: true,
      },
    });
  });

  it('answers 404 to a bank user asking for another bank', async () => {
    const response = await getBank('bank@demo.test', otherBankId);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it('answers the system admin any bank', async () => {
    expect((await getBank('admin@demo.test', ids.bankId)).json().details.editable).toBe(false);
    expect((await getBank('admin@demo.test', otherBankId)).json().details.name).toBe('Other Bank');
  });

  it.each(['companyadmin@demo.test', 'clientadmin@demo.test'])('refuses %s with 403', async (email) => {
    const response = await getBank(email, ids.bankId);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
  });

  it('answers 404 for an unknown bank and 400 for a malformed id', async () => {
    expect((await getBank('admin@demo.test', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getBank('admin@demo.test', 'bank')).statusCode).toBe(400);
  });

  it('asks an anonymous caller to log in', async () => {
    expect((await call(app, { url: `/api/banks/${ids.bankId}` })).statusCode).toBe(401);
  });
});

const bankDetails = {
  name: 'Demo Bank Plc',
  contactEmail: 'cards@demobank.test',
  contactPhone: '020 7946 0999',
  address: '2 Lombard Street, London',
  website: 'https://www.demobank.test',
};

const putBank = (token: string, id: string, body: unknown) =>
  call(app, { method: 'PUT', url: `/api/banks/${id}`, token, body });

/** A second user of the demo bank who is not its admin. */
async function plainBankUser() {
  const email = `teller-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await testApp.db
    .insertInto('users')
    .values({
      email,
      password_hash: (
        await testApp.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', 'bank@demo.test')
          .executeTakeFirstOrThrow()
      ).password_hash,
      first_name: 'Tia',
      last_name: 'Teller',
      entity_type: 'bank',
      bank_id: ids.bankId,
    })
    .execute();
  return loginAs(app, email);
}

describe('PUT /api/banks/:id (My Bank)', () => {
  it("lets the bank's admin change its details, trimmed and tidied", async () => {
    const response = await putBank(sessions['bank@demo.test']!.token, ids.bankId, bankDetails);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 205,
      respMessage: messages.bank.updated,
      details: { ...bankDetails, contactPhone: '02079460999', editable: true },
    });
    expect((await getBank('bank@demo.test', ids.bankId)).json().details.name).toBe('Demo Bank Plc');
    await putBank(sessions['bank@demo.test']!.token, ids.bankId, { name: demoNames.bank });
  });

  it('shows a bank user who is not its admin the details read-only, and refuses their change', async () => {
    const teller = await plainBankUser();

    const read = await call(app, { url: `/api/banks/${ids.bankId}`, token: teller.token });
    expect(read.json().details.editable).toBe(false);

    const response = await putBank(teller.token, ids.bankId, bankDetails);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.bank.adminOnly });
  });

  it('answers 404 to a bank admin changing another bank, which stays as it was', async () => {
    const response = await putBank(sessions['bank@demo.test']!.token, otherBankId, bankDetails);

    expect(response.statusCode).toBe(404);
    expect((await getBank('admin@demo.test', otherBankId)).json().details.name).toBe('Other Bank');
  });

  it('answers 400 naming the field for a bad value, and changes nothing', async () => {
    const response = await putBank(sessions['bank@demo.test']!.token, ids.bankId, {
      ...bankDetails,
      website: 'javascript:alert(1)',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ website: messages.branch.linkInvalid });
    expect((await getBank('bank@demo.test', ids.bankId)).json().details.name).toBe(demoNames.bank);
  });

  it.each(['admin@demo.test', 'companyadmin@demo.test'])('refuses %s with 403', async (email) => {
    expect((await putBank(sessions[email]!.token, ids.bankId, bankDetails)).statusCode).toBe(403);
  });
});

describe("GET /api/banks (the system admin's banks list)", () => {
  const listBanks = (query: Record<string, string> = {}, as = 'admin@demo.test') =>
    call(app, { url: `/api/banks?${new URLSearchParams(query)}`, token: sessions[as]!.token });

  it('lists every bank with its active users, newest first', async () => {
    const response = await listBanks();

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.data[0]).toMatchObject({ name: 'Other Bank', usersCount: 0 });
    const demo = body.data.find((row: { _id: string }) => row._id === ids.bankId);
    const bankUsers = await testApp.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bank_id', '=', ids.bankId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ name: demoNames.bank, usersCount: Number(bankUsers.n) });
    expect(Number(bankUsers.n)).toBeGreaterThan(0);
  });

  it('searches names from 3 characters and sorts on request', async () => {
    const search = (value: string) =>
      listBanks({ filters: JSON.stringify({ globalSearch: { value, type: 'user' } }) });

    expect((await search('other')).json().data.map((row: { name: string }) => row.name)).toEqual([
      'Other Bank',
    ]);
    expect((await search('ot')).json().pagination.total).toBe((await listBanks()).json().pagination.total);
    const sorted = await listBanks({
      filters: JSON.stringify({ sortField: { direction: 'asc', sortfield: 'name' } }),
    });
    const names = sorted.json().data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('answers 400 for an unknown sort field', async () => {
    const response = await listBanks({
      filters: JSON.stringify({ sortField: { direction: 'asc', sortfield: 'password_hash' } }),
    });

    expect(response.statusCode).toBe(400);
  });

  it.each(['bank@demo.test', 'companyadmin@demo.test'])('refuses %s with 403', async (email) => {
    expect((await listBanks({}, email)).statusCode).toBe(403);
  });
});
