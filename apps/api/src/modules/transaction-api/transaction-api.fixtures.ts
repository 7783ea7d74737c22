import { expect } from 'vitest';
import { call, type App, type SignedIn } from '../../test/test-app.ts';

/** A new publisher made by the system admin, with a live and a test key of its own. */
export async function publisherWithKeys(app: App, systemAdmin: SignedIn, code: string) {
  const created = await call(app, {
    method: 'POST',
    url: '/api/publishers',
    token: systemAdmin.token,
    body: { code, displayName: code, bankId: null },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().publisher._id as string;
  const keyOf = async (mode: 'live' | 'test') =>
    (
      await call(app, {
        method: 'POST',
        url: `/api/publishers/${id}/keys`,
        token: systemAdmin.token,
        body: { name: `Txn ${mode}`, mode },
      })
    ).json().secret as string;
  return { id, live: await keyOf('live'), test: await keyOf('test') };
}
