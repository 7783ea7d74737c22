import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/database.generated.ts';
import { call, linkToken, loginAs, type App, type SignedIn } from './test-app.ts';

/** The password an invited admin chooses in these tests. */
const invitedPassword = 'tenant matrix passphrase 2026';

/**
 * Follows the set-password link the product mailed to an invited user (read from the outbox), sets
 * the password through the API and signs in, as the person would.
 */
export async function acceptInvitation(app: App, db: Kysely<DB>, email: string): Promise<SignedIn> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const url = /https?:\/\/\S+\/setpassword\/\S+/.exec(mail.text_body)?.[0];
  if (!url) throw new Error(`no set-password link in the mail to ${email}`);
  const response = await call(app, {
    method: 'POST',
    url: '/api/auth/createPassword',
    body: { token: linkToken(url), newPassword: invitedPassword, confirmPassword: invitedPassword },
  });
  if (response.statusCode !== 200)
    throw new Error(`createPassword answered ${response.statusCode}: ${response.body}`);
  return loginAs(app, email, invitedPassword);
}

/** A first admin for a new bank or group, with an address of its own. */
export function invitedAdmin(label: string) {
  return {
    firstName: 'Tenant',
    lastName: 'Admin',
    email: `${label}-${randomBytes(4).toString('hex')}@example.test`,
    phone: '07700900000',
  };
}

/**
 * A bank created as the system admin would (POST banks, then PUT its brands), with its first admin
 * signed in through the invitation mailed to them.
 */
export async function createBankThroughApi(
  app: App,
  db: Kysely<DB>,
  systemAdmin: SignedIn,
  options: { name: string; brandIds: string[] },
) {
  const admin = invitedAdmin('bank-admin');
  const created = await call(app, {
    method: 'POST',
    url: '/api/banks',
    token: systemAdmin.token,
    body: { name: options.name, admin },
  });
  if (created.statusCode !== 201)
    throw new Error(`POST banks answered ${created.statusCode}: ${created.body}`);
  const bankId = created.json<{ details: { _id: string } }>().details._id;
  await linkBrandsThroughApi(app, systemAdmin, bankId, options.brandIds);
  return { bankId, admin: await acceptInvitation(app, db, admin.email) };
}

/** Sets a bank's linked brands as the system admin does (PUT banks/{id}/brands). */
export async function linkBrandsThroughApi(
  app: App,
  systemAdmin: SignedIn,
  bankId: string,
  brandIds: string[],
) {
  const linked = await call(app, {
    method: 'PUT',
    url: `/api/banks/${bankId}/brands`,
    token: systemAdmin.token,
    body: { brandIds },
  });
  if (linked.statusCode !== 200)
    throw new Error(`PUT bank brands answered ${linked.statusCode}: ${linked.body}`);
}

/** A group created as the system admin would (POST groups), with its Group Admin signed in. */
export async function createGroupThroughApi(
  app: App,
  db: Kysely<DB>,
  systemAdmin: SignedIn,
  options: { name: string; brandIds: string[] },
) {
  const admin = invitedAdmin('group-admin');
  const created = await call(app, {
    method: 'POST',
    url: '/api/groups',
    token: systemAdmin.token,
    body: { name: options.name, brandIds: options.brandIds, admin },
  });
  if (created.statusCode !== 201)
    throw new Error(`POST groups answered ${created.statusCode}: ${created.body}`);
  const groupId = created.json<{ details: { _id: string } }>().details._id;
  return { groupId, admin: await acceptInvitation(app, db, admin.email) };
}

/**
 * Deletes the brand's branches that the operator side created and that are still Pending: matrix
 * rows leave some (the refused callers' too), and they hold up creating a campaign (spec 1 §8).
 */
export async function settleBranchesAwaitingBrand(db: Kysely<DB>, brandId: string) {
  await db
    .updateTable('branches')
    .set({ status: 'Deleted' })
    .where('brand_id', '=', brandId)
    .where('status', '=', 'Pending')
    .where('created_by_brand_user', '=', false)
    .execute();
}
