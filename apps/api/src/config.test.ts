import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig: direct debit', () => {
  it('runs the built-in test provider when no GoCardless token is set', () => {
    expect(loadConfig({}).gocardless).toBeUndefined();
  });

  it('reads the GoCardless settings, sandbox unless live is asked for', () => {
    const env = {
      GOCARDLESS_ACCESS_TOKEN: 'sandbox_token_123',
      GOCARDLESS_WEBHOOK_SECRET: 'endpoint-secret',
    };
    expect(loadConfig(env).gocardless).toEqual({
      accessToken: 'sandbox_token_123',
      environment: 'sandbox',
      webhookSecret: 'endpoint-secret',
    });
    expect(loadConfig({ ...env, GOCARDLESS_ENVIRONMENT: 'live' }).gocardless?.environment).toBe('live');
  });

  it('refuses a token without the webhook secret, and an environment it does not know, naming the setting', () => {
    expect(() => loadConfig({ GOCARDLESS_ACCESS_TOKEN: 'sandbox_token_123' })).toThrow(
      /GOCARDLESS_WEBHOOK_SECRET: required when GOCARDLESS_ACCESS_TOKEN is set/,
    );
    expect(() => loadConfig({ GOCARDLESS_ENVIRONMENT: 'production' })).toThrow(/GOCARDLESS_ENVIRONMENT/);
  });
});

describe('loadConfig: database pooling', () => {
  it('keeps sessions by default, and behind a transaction pooler listens on the direct address', () => {
    expect(loadConfig({}).databasePooling).toEqual({ mode: 'session' });
    expect(
      loadConfig({
        DATABASE_POOLING: 'transaction',
        DATABASE_LISTEN_URL: 'postgres://app@db.internal:5432/krowd',
      }).databasePooling,
    ).toEqual({ mode: 'transaction', listenUrl: 'postgres://app@db.internal:5432/krowd' });
  });

  it('refuses transaction pooling without a direct address to listen on, and a pooling it does not know', () => {
    expect(() => loadConfig({ DATABASE_POOLING: 'transaction' })).toThrow(
      /DATABASE_LISTEN_URL: required when DATABASE_POOLING is transaction/,
    );
    expect(() => loadConfig({ DATABASE_POOLING: 'statement' })).toThrow(/DATABASE_POOLING/);
  });
});

describe('loadConfig: the migration role (DATABASE_MIGRATION_URL)', () => {
  it('is off by default, and names the owner of the same PostgreSQL database when set', () => {
    expect(loadConfig({}).databaseMigrationUrl).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://app@db.internal/krowd',
        DATABASE_MIGRATION_URL: 'postgres://owner@db.internal/krowd',
      }).databaseMigrationUrl,
    ).toBe('postgres://owner@db.internal/krowd');
  });

  it('refuses it without DATABASE_URL (PGlite has one role), and an address that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://owner@db.internal/krowd' })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://app@db.internal/krowd', DATABASE_MIGRATION_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_MIGRATION_URL/);
  });
});

describe('.env.example', () => {
  it('lists every default as the settings have it: setting all its values changes nothing', async () => {
    const text = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );

    expect(Object.keys(listed)).toContain('LOGIN_FAILURES_PER_ACCOUNT');
    expect(loadConfig(listed)).toEqual(loadConfig({}));
  });
});
