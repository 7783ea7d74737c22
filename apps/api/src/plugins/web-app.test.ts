import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, type App, type TestApp } from '../test/test-app.ts';

/** The web app served by the same process, from a small stand-in for the built files. */
let distDir: string;
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'krowd-web-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>',
  );
  await fs.writeFile(path.join(distDir, 'assets', 'app-1a2b.js'), 'console.log("app");');
  await fs.writeFile(
    path.join(distDir, 'assets', 'app-1a2b.js.br'),
    brotliCompressSync('console.log("app");'),
  );
  await fs.writeFile(path.join(distDir, 'assets', 'app-1a2b.js.gz'), gzipSync('console.log("app");'));
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testApp = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/login', '/user/campaigns/future', '/changerecoverpassword/abc', '/no/such/page'])(
    'answer %s with the app, which routes (and shows Page Not Found) itself',
    async (url) => {
      const response = await call(app, { url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it('carry the security headers: strict CSP, no framing, no x-powered-by', async () => {
    const response = await call(app, { url: '/login' });
    const csp = String(response.headers['content-security-policy']);

    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('carry this request’s style nonce, the one the CSP allows', async () => {
    const first = await call(app, { url: '/login' });
    const second = await call(app, { url: '/login' });
    const nonceIn = (body: string) => /name="csp-nonce" content="([^"]+)"/.exec(body)?.[1];

    const nonce = nonceIn(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(String(first.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    expect(nonceIn(second.body)).not.toBe(nonce);
  });

  it('serve built assets with a long cache, other files revalidated', async () => {
    const asset = await call(app, { url: '/assets/app-1a2b.js' });
    const icon = await call(app, { url: '/favicon.svg' });

    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)(
    'send an asset precompressed to a browser accepting %s',
    async (accepts, encoding, decompress) => {
      const response = await app.inject({
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': accepts },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decompress(response.rawPayload).toString()).toBe('console.log("app");');
    },
  );

  it('send an asset as it is to a browser accepting no compression', async () => {
    const response = await app.inject({ url: '/assets/app-1a2b.js' });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app");');
  });

  it('never serve index.html as a raw file with its placeholder', async () => {
    const response = await call(app, { url: '/index.html' });

    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('leave unknown /api paths a JSON 404, not the app', async () => {
    const response = await call(app, { url: '/api/no/such/route' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it('serve the app for a page path that merely starts with "api"', async () => {
    const response = await call(app, { url: '/apiary' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answer a POST to a page path with a JSON 404', async () => {
    const response = await call(app, { method: 'POST', url: '/login', body: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });
});
