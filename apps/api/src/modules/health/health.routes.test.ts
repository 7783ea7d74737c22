import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CommittedWrites } from '../../db/committed-writes.ts';
import { loadConfig } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database engine when the database answers', async () => {
    const response = await call(app, { url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers 503 when the database does not', async () => {
    const unreachable = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: async () => {
          throw new Error('connection refused');
        },
      }),
    });
    const down = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: {
        db: unreachable,
        reads: unreachable,
        engine: 'postgres',
        close: async () => {},
        committedWrites: new CommittedWrites(),
      },
      logger: false,
    });
    try {
      const response = await call(down, { url: '/api/health' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'unreachable',
        code: 'service_unavailable',
        errorMessage: 'Database unreachable',
      });
      expect(response.body).not.toContain('connection refused');
      // The process itself still serves: a supervisor must not restart it for the database's sake.
      const live = await call(down, { url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await down.close();
    }
  });
});
