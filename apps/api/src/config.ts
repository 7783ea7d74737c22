import path from 'node:path';
import { z } from 'zod';
import type { PostgresPooling } from './db/database.ts';

/**
 * Every setting, read once from the environment. `.env.example` lists them with their defaults.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address people use to reach the product; links in e-mails start with it. */
  PUBLIC_URL: z.url().optional(),
  /** The marketing site the public card-network pages return to after a submit (spec 3 §2.8). */
  MARKETING_SITE_URL: z.url({ protocol: /^https?$/ }).default('https://www.krowd.co.uk'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… switches from the embedded PGlite database to a pooled PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * `transaction` when DATABASE_URL is a pooler in transaction pooling (PgBouncer's
   * pool_mode=transaction): nothing is kept in a session, and LISTEN needs DATABASE_LISTEN_URL, a
   * direct address of the same database (decision 0127).
   */
  DATABASE_POOLING: z.enum(['session', 'transaction']).default('session'),
  /** A streaming replica of DATABASE_URL for the dashboard's and exports' reads (decision 0128). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /**
   * Opt-in (decision 0113): the same database as DATABASE_URL as the role that owns the schema.
   * Migrations run through it, then DATABASE_URL's role is granted what serving needs and no
   * more: INSERT and SELECT only on audit_events, so the serving role cannot change, remove or
   * truncate its own log, nor turn off the trigger that guards it.
   */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** smtp://user:pass@host:port; without it, mail is kept in the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Krowd <no-reply@krowd.local>'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** Requests per IP per window on every /api/auth route (and sign-up, guest login). */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /**
   * Failed password checks per account per window from devices it has not signed in on before,
   * all addresses together, before password login from new devices is paused for the window. One
   * address is slowed by progressive delays first (login-attempts.ts loginDelays), so only a
   * distributed guesser reaches it, and a device the owner signed in on before is never paused by
   * it. 20 a quarter of an hour is 80 an hour, under ASVS 2.2.1's 100.
   */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /**
   * Calls of the public card-network pages that store or mail something (the look-up, the contact
   * form, the dining sign-up, the branch page), from every address together, per window: beside
   * the per-IP limit, so many addresses cannot flood the leads and the mail either.
   */
  CARD_NETWORK_CALLS_PER_WINDOW: z.coerce.number().int().min(1).default(200),
  /** Calls a publisher's API key may make a minute (each key counted apart; 429 with Retry-After beyond). */
  PUBLISHER_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Password-recovery e-mails per account per hour. */
  RECOVERY_MAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * On SIGTERM or SIGINT: how long running requests and jobs may take to finish before the process
   * exits anyway (with status 1). Under a supervisor keep it below its own stop timeout.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(25),
  /** How often the background job runner looks for due jobs. */
  JOB_POLL_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /** How long a webhook receiver has to answer one delivery (decision 0097). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  /** How many webhook deliveries one instance sends at once, in their own job lane (decision 0104). */
  WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** In production, let endpoints name private and loopback addresses (never needed outside it). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  /** The timezone every month window, weekday and hour rule follows (brief §5). */
  TIMEZONE: z.string().min(1).default('America/New_York'),
  /** Load the demo accounts and data into an empty database (never when NODE_ENV=production). */
  DEMO_DATA: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** A GoCardless access token switches direct debit from the built-in test mode to GoCardless. */
  GOCARDLESS_ACCESS_TOKEN: z.string().min(10).optional(),
  GOCARDLESS_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The webhook endpoint's secret from the GoCardless dashboard: required with the token. */
  GOCARDLESS_WEBHOOK_SECRET: z.string().min(10).optional(),
  /**
   * Signs each audit event's hash (HMAC-SHA256) with a key the database does not hold, so an event
   * inserted by someone with database access alone is told from a real one (decision 0113, 'Signed
   * events'). At least 32 characters; keep it in the secret store, never beside the database.
   */
  AUDIT_SIGNING_KEY: z.string().min(32).optional(),
  /** Who issues the invoices, printed on each (decision 0072); none is written into the code. */
  INVOICE_SELLER_NAME: z.string().max(200).optional(),
  INVOICE_SELLER_ADDRESS: z.string().max(500).optional(),
  INVOICE_SELLER_COMPANY_NUMBER: z.string().max(50).optional(),
  INVOICE_SELLER_VAT_NUMBER: z.string().max(50).optional(),
  INVOICE_SELLER_EMAIL: z.string().max(254).optional(),
  /** Where a manual payment goes: printed on invoices paid by hand. */
  INVOICE_BANK_ACCOUNT_NAME: z.string().max(200).optional(),
  INVOICE_BANK_SORT_CODE: z.string().max(20).optional(),
  INVOICE_BANK_ACCOUNT_NUMBER: z.string().max(40).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

function poolingOf(mode: 'session' | 'transaction', listenUrl: string | undefined): PostgresPooling {
  return mode === 'transaction' && listenUrl ? { mode, listenUrl } : { mode: 'session' };
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  try {
    Intl.DateTimeFormat('en-GB', { timeZone: c.TIMEZONE });
  } catch {
    throw new Error(`Invalid settings:\n  TIMEZONE: unknown timezone ${c.TIMEZONE}`);
  }
  if (c.DATABASE_POOLING === 'transaction' && !c.DATABASE_LISTEN_URL) {
    throw new Error(
      'Invalid settings:\n  DATABASE_LISTEN_URL: required when DATABASE_POOLING is transaction (a direct address of the database, not the pooler: LISTEN needs a session of its own)',
    );
  }
  if (c.DATABASE_MIGRATION_URL && !c.DATABASE_URL) {
    throw new Error(
      'Invalid settings:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (the serving role of the same PostgreSQL database; the embedded PGlite has one role)',
    );
  }
  if (c.GOCARDLESS_ACCESS_TOKEN && !c.GOCARDLESS_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid settings:\n  GOCARDLESS_WEBHOOK_SECRET: required when GOCARDLESS_ACCESS_TOKEN is set (the webhook endpoint secret from the GoCardless dashboard)',
    );
  }
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl,
    marketingSiteUrl: c.MARKETING_SITE_URL,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
    databasePooling: poolingOf(c.DATABASE_POOLING, c.DATABASE_LISTEN_URL),
    databaseReadUrl: c.DATABASE_READ_URL,
    databaseMigrationUrl: c.DATABASE_MIGRATION_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    session: {
      idleMs: c.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: c.SESSION_ABSOLUTE_HOURS * 3_600_000,
      /** Live sessions one user may hold; a new one ends the oldest beyond it (ASVS 3.3.4). */
      maxPerUser: c.SESSIONS_PER_USER,
      cookieSecure: publicUrl.startsWith('https://'),
    },
    rateLimit: {
      perIp: c.AUTH_RATE_LIMIT_PER_IP,
      windowMs: c.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
      loginFailuresPerAccount: c.LOGIN_FAILURES_PER_ACCOUNT,
      recoveryMailsPerAccount: c.RECOVERY_MAILS_PER_ACCOUNT,
      cardNetworkCallsPerWindow: c.CARD_NETWORK_CALLS_PER_WINDOW,
      publisherKeyCallsPerMinute: c.PUBLISHER_KEY_CALLS_PER_MINUTE,
    },
    trustProxy: c.TRUST_PROXY,
    bodyLimit: c.BODY_LIMIT_BYTES,
    logLevel: c.LOG_LEVEL,
    shutdownGraceMs: c.SHUTDOWN_GRACE_SECONDS * 1000,
    jobPollMs: c.JOB_POLL_SECONDS * 1000,
    timezone: c.TIMEZONE,
    auditSigningKey: c.AUDIT_SIGNING_KEY,
    /** Outside production http:// and private addresses are allowed: receivers on one's machine. */
    webhooks: {
      timeoutMs: c.WEBHOOK_TIMEOUT_SECONDS * 1000,
      concurrency: c.WEBHOOK_DELIVERY_CONCURRENCY,
      urlPolicy: {
        httpsOnly: c.NODE_ENV === 'production',
        allowPrivateAddresses: c.NODE_ENV !== 'production' || c.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      },
    },
    demoData: c.DEMO_DATA && c.NODE_ENV !== 'production',
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : undefined,
    /** The seller's details and bank account printed on the invoices (invoice-document-lines.ts). */
    invoiceSeller: {
      name: c.INVOICE_SELLER_NAME,
      address: c.INVOICE_SELLER_ADDRESS,
      companyNumber: c.INVOICE_SELLER_COMPANY_NUMBER,
      vatNumber: c.INVOICE_SELLER_VAT_NUMBER,
      email: c.INVOICE_SELLER_EMAIL,
      bankAccountName: c.INVOICE_BANK_ACCOUNT_NAME,
      bankSortCode: c.INVOICE_BANK_SORT_CODE,
      bankAccountNumber: c.INVOICE_BANK_ACCOUNT_NUMBER,
    },
    /** GoCardless when its token is set; otherwise the built-in test provider. */
    gocardless:
      c.GOCARDLESS_ACCESS_TOKEN && c.GOCARDLESS_WEBHOOK_SECRET
        ? {
            accessToken: c.GOCARDLESS_ACCESS_TOKEN,
            environment: c.GOCARDLESS_ENVIRONMENT,
            webhookSecret: c.GOCARDLESS_WEBHOOK_SECRET,
          }
        : undefined,
  };
}
