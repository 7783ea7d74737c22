import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody } from '../test/encoded-answers.ts';
import { call, createTestApp, loginAs, type TestApp } from '../test/test-app.ts';
import { compressionThreshold } from './compression.ts';

/** The API's answers go compressed as the caller accepts (compression.ts); small ones as they are. */
describe('compressed API answers', () => {
  let testApp: TestApp;
  let token: string;
  const dashboard = (acceptEncoding?: string) =>
    call(testApp.app, {
      method: 'POST',
      url: '/api/dashboard/client',
      token,
      body: { conditions: {} },
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    token = (await loginAs(testApp.app, 'clientadmin@demo.test')).token;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('sends a large answer in brotli or gzip, as asked, with the same content', async () => {
    const plain = await dashboard();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThreshold);

    const brotli = await dashboard('gzip, deflate, br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(decodedBody(brotli, 'br')).toBe(plain.body);

    const gzip = await dashboard('gzip');
    expect(decodedBody(gzip, 'gzip')).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const health = await call(testApp.app, {
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('sends an answer as it is to a caller who accepts no encoding of ours', async () => {
    const answer = await dashboard('deflate, identity');

    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toHaveProperty('dashboard');
  });
});
