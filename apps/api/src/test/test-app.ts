import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { buildApp, type Services } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/database.generated.ts';
import { demoGuestEmail, demoNames, demoPassword, loadDemoData } from '../demo/demo-data.ts';
import type { Clock } from '../modules/auth/auth.service.ts';
import type { OutgoingMail } from '../modules/mail/mailer.ts';
import { totpCodeAt } from '../modules/auth/multi-factor.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { sessionCookieName } from '../plugins/access.ts';
import { copyTemplateDatabase, databaseUrlFor, withAdmin } from './postgres-admin.ts';

export type App = FastifyInstance & { services: Services };

export interface TestApp {
  app: App;
  db: Kysely<DB>;
  config: Config;
  /**
   * Another instance of the product over the same database, as a second server would be (what one
   * instance leaves in the jobs table, another does); closed with this one.
   */
  anotherInstance(): Promise<App>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Settings on top of NODE_ENV=test and LOG_LEVEL=silent, as the environment would give them. */
  env?: Record<string, string>;
  clock?: Clock;
}

/**
 * The real app on a database of its own holding the settings defaults and the demo data.
 * With DATABASE_URL: a copy of this run's template database (global-setup.ts), dropped on close.
 * Without: an in-memory PGlite database, migrated and loaded here.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const { database, drop } = await openTestDatabase();
  try {
    const app = (await buildApp({ config, database, clock: options.clock, logger: false })) as App;
    await app.ready();
    databases.set(app, database.db);
    testApps.set(app, { db: database.db, clock: options.clock ?? (() => new Date()) });
    const others: App[] = [];
    return {
      app,
      db: database.db,
      config,
      async anotherInstance() {
        const other = (await buildApp({ config, database, clock: options.clock, logger: false })) as App;
        await other.ready();
        others.push(other);
        return other;
      },
      async close() {
        try {
          for (const other of others) await other.close();
          await app.close();
        } finally {
          await database.close();
          await drop();
        }
      },
    };
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
}

/** The database of each app createTestApp made, for helpers that read what the app mailed. */
const databases = new WeakMap<FastifyInstance, Kysely<DB>>();

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const snapshotFile = inject('pgliteSnapshot');
    if (snapshotFile) {
      const loadDataDir = new Blob([await readFile(snapshotFile)]);
      return { database: await openDatabase({ dataDir: 'memory', loadDataDir }), drop: async () => {} };
    }
    const database = await openDatabase({ dataDir: 'memory' });
    await migrateToLatest(database.db);
    await createSettingsRepository(database.db).ensureDefaults();
    await loadDemoData(database.db);
    return { database, drop: async () => {} };
  }
  const template = inject('templateDatabase');
  if (!template) throw new Error('DATABASE_URL is set but global-setup.ts made no template database');
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await copyTemplateDatabase(databaseUrl, template, name);
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(databaseUrl, name),
    dataDir: 'memory',
    poolMax: 4,
  });
  return {
    database,
    drop: () =>
      withAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

/** A clock the test moves by hand, starting now. */
export function createTestClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: (): Date => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;

export interface CallOptions {
  method?: InjectOptions['method'];
  url: string;
  /** A session token, sent as `Authorization: Bearer`. */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** app.inject with the few options tests use; a body is sent as JSON. */
export function call(app: FastifyInstance, options: CallOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export interface SignedIn {
  token: string;
  /** `krowd_session=…`, ready for a Cookie header. */
  cookie: string;
  details: SessionUser;
}

/** The database and clock of each app createTestApp made, for loginAs's second step. */
const testApps = new WeakMap<FastifyInstance, { db: Kysely<DB>; clock: Clock }>();

/**
 * Logs in through the API (demo accounts share the password Demo@12345), with the second step
 * for an account with two-step sign-in (the demo system admin): the code computed from its secret.
 */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = demoPassword,
): Promise<SignedIn> {
  const response = await call(app, { method: 'POST', url: '/api/auth/login', body: { email, password } });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${email} answered ${response.statusCode}: ${response.body}`);
  }
  const answer = response.json<{ mfaRequired?: true; challenge?: string }>();
  if (answer.mfaRequired && answer.challenge) return secondStepAs(app, email, answer.challenge);
  return signedInFrom(response);
}

/** The code of the account's app, sent as the login's second step. */
export async function secondStepAs(
  app: FastifyInstance,
  email: string,
  challenge: string,
): Promise<SignedIn> {
  const context = testApps.get(app);
  if (!context) throw new Error('a second sign-in step needs an app made by createTestApp');
  const { db, clock } = context;
  const factor = await db
    .selectFrom('user_multi_factor as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.user_id', 'f.secret'])
    .where('u.email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  // Tests log in many times within one 30-second step, whose code the server takes only once: the
  // helper forgets the step last used (the replay rule has its own tests, multi-factor.routes.test.ts).
  await db
    .updateTable('user_multi_factor')
    .set({ last_used_step: null })
    .where('user_id', '=', factor.user_id)
    .execute();
  const response = await call(app, {
    method: 'POST',
    url: '/api/auth/login/mfa',
    body: { challenge, code: totpCodeAt(factor.secret, clock()) },
  });
  if (response.statusCode !== 200) {
    throw new Error(`second step as ${email} answered ${response.statusCode}: ${response.body}`);
  }
  return signedInFrom(response);
}

/** Logs the demo guest in through a fresh guest link. */
export async function loginAsGuest(app: App, db: Kysely<DB>): Promise<SignedIn> {
  const guest = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoGuestEmail)
    .executeTakeFirstOrThrow();
  const token = linkToken(await app.services.auth.issueLink(guest.id, 'guest_login'));
  const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });
  if (response.statusCode !== 200)
    throw new Error(`guest login answered ${response.statusCode}: ${response.body}`);
  return signedInFrom(response);
}

function signedInFrom(response: LightMyRequestResponse): SignedIn {
  const body = response.json<{ accessToken: string; details: SessionUser }>();
  const session = response.cookies.find((c) => c.name === sessionCookieName);
  if (!session) throw new Error('login set no session cookie');
  return { token: body.accessToken, cookie: `${session.name}=${session.value}`, details: body.details };
}

/** The token at the end of a link such as http://…/changerecoverpassword/{token}. */
export function linkToken(url: string): string {
  const token = new URL(url).pathname.split('/').pop();
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

/** Ids of the demo data, looked up by name, so tests can aim at a tenant's rows. */
export async function demoIds(db: Kysely<DB>) {
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const brands = await db.selectFrom('brands').select(['id', 'name']).execute();
  const bank = await db
    .selectFrom('banks')
    .select('id')
    .where('name', '=', demoNames.bank)
    .executeTakeFirstOrThrow();
  const group = await db
    .selectFrom('groups')
    .select('id')
    .where('name', '=', demoNames.group)
    .executeTakeFirstOrThrow();
  const userId = (email: string) => {
    const found = users.find((u) => u.email === email);
    if (!found) throw new Error(`no demo user ${email}`);
    return found.id;
  };
  const brandId = (name: string) => {
    const found = brands.find((b) => b.name === name);
    if (!found) throw new Error(`no demo brand ${name}`);
    return found.id;
  };
  return {
    userId,
    bankId: bank.id,
    groupId: group.id,
    brands: {
      groupBrandA: brandId(demoNames.brands.groupBrandA),
      groupBrandB: brandId(demoNames.brands.groupBrandB),
      standalone: brandId(demoNames.brands.standalone),
      firstLogin: brandId(demoNames.brands.firstLogin),
      guest: brandId(demoNames.brands.guest),
      cardNetwork: brandId(demoNames.brands.cardNetwork),
    },
  };
}

let accountCounter = 0;

/** A fresh brand account made through sign-up, for tests that change or lock an account. */
export async function signUpNewAccount(app: App, label = 'someone') {
  accountCounter += 1;
  const email = `${label}-${accountCounter}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Str0ng!Pass';
  const response = await call(app, {
    method: 'POST',
    url: '/api/users/signup',
    body: { firstName: 'Test', lastName: 'Person', email, password, confirmPassword: password },
  });
  if (response.statusCode !== 201)
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  // The owner opens the confirmation link the sign-up mailed.
  const confirmed = await call(app, {
    method: 'POST',
    url: '/api/auth/confirmEmail',
    body: { token: linkToken(await mailedLink(app, email, '/verifyemail/')) },
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirming the e-mail answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { email, password };
}

/**
 * Holds every mail the app sends until released, counting those waiting: an answer that comes
 * while they wait did not wait for them. release() sends them and waits for the
 * app's work after its answers.
 */
export function holdMails(app: App) {
  const { mailer } = app.services;
  const send = mailer.send.bind(mailer);
  const waiting: OutgoingMail[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  mailer.send = async (mail) => {
    waiting.push(mail);
    await gate;
    await send(mail);
  };
  return {
    waiting,
    async release() {
      release();
      await app.services.auth.settled();
      mailer.send = send;
    },
  };
}

/** The newest link with `path` mailed to `to`, once the app's work after its answers is done. */
export async function mailedLink(app: App, to: string, path: string): Promise<string> {
  await app.services.auth.settled();
  const db = databases.get(app);
  if (!db) throw new Error('mailedLink needs an app made by createTestApp');
  const mails = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .execute();
  for (const mail of mails) {
    const link = mail.text_body
      .match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname.startsWith(path));
    if (link) return link;
  }
  throw new Error(`no mail to ${to} with a ${path} link`);
}
