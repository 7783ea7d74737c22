import { readFile } from 'node:fs/promises';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test-app.ts';
import { generateClientTypes, generatedClientFile } from './generate-client.ts';
import { generateWebContract, webContractFile } from './web-contract.ts';

/**
 * The generated client is the contract as a publisher compiles it (decision 0099): the committed
 * openapi.generated.ts must be what the served document generates now, so a route's schema cannot
 * change without the client the publisher story is type-checked against changing with it.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('the generated publisher client', () => {
  it('is a fresh generation from the served /api/openapi.json', { timeout: 120_000 }, async () => {
    const served = await call(testApp.app, { url: '/api/openapi.json' });
    expect(served.statusCode).toBe(200);

    const fresh = await generateClientTypes(served.json<OpenAPI3>());
    const committed = await readFile(generatedClientFile, 'utf8');

    expect(
      committed === fresh,
      'test/publisher-client/openapi.generated.ts is not what the served document generates: run `npm run contract:client` and commit the file',
    ).toBe(true);
  });

  it(
    "and the web tests' contract (apps/web/src/test/api-contract.generated.json) with it",
    { timeout: 120_000 },
    async () => {
      const served = await call(testApp.app, { url: '/api/openapi.json' });
      const fresh = await generateWebContract(served.json<OpenAPI3>());
      const committed = await readFile(webContractFile, 'utf8');

      expect(
        committed === fresh,
        'apps/web/src/test/api-contract.generated.json is not what the served document generates: run `npm run contract:client` and commit the file',
      ).toBe(true);
    },
  );
});
