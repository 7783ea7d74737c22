import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySignatureSnippet } from '@krowd/domain/publisher/integration-examples';
import { newSigningSecret, signatureOf, verifySignature } from './webhook-signature.ts';

/**
 * The Publisher integration page's verification code (decision 0101), the very text publishers
 * copy, compiled and run here against what our signer sends (decision 0098): if either changes
 * so that they disagree, this fails and the page cannot go on teaching a check that rejects us.
 */
interface Snippet {
  verifyKrowdSignature: (
    rawBody: string | Buffer,
    header: string,
    secret: string,
    nowSeconds?: number,
    toleranceSeconds?: number,
  ) => boolean;
  krowdWebhookReceiver: (secret: string, handle: (event: { id: string; type: string }) => void) => Server;
}

function loadSnippet(): Snippet {
  const { outputText, diagnostics } = ts.transpileModule(verifySignatureSnippet, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
  });
  expect(diagnostics ?? []).toEqual([]);
  const module = { exports: {} as Snippet };
  new Function('require', 'module', 'exports', outputText)(
    createRequire(import.meta.url),
    module,
    module.exports,
  );
  return module.exports;
}

const snippet = loadSnippet();
const body = JSON.stringify({ id: 'evt-1', type: 'webhook.ping', created: '2026-12-02T10:00:00.000Z' });
const sentAt = 1_764_669_600;

describe('the integration page snippet verifies what Krowd signs', () => {
  const secret = newSigningSecret();

  it("accepts our signer's header for the body it signed, within the replay window", () => {
    const header = signatureOf(body, sentAt, [secret]);

    expect(snippet.verifyKrowdSignature(body, header, secret, sentAt)).toBe(true);
    expect(snippet.verifyKrowdSignature(Buffer.from(body), header, secret, sentAt + 300)).toBe(true);
  });

  it("accepts either secret while a rotated secret's overlap signs twice", () => {
    const previous = newSigningSecret();
    const header = signatureOf(body, sentAt, [secret, previous]);

    expect(snippet.verifyKrowdSignature(body, header, secret, sentAt)).toBe(true);
    expect(snippet.verifyKrowdSignature(body, header, previous, sentAt)).toBe(true);
  });

  it.each([
    { case: 'a changed body', args: [`${body} `, signatureOf(body, sentAt, [secret]), secret, sentAt] },
    { case: 'another secret', args: [body, signatureOf(body, sentAt, [secret]), newSigningSecret(), sentAt] },
    {
      case: 'a replay after 5 minutes',
      args: [body, signatureOf(body, sentAt, [secret]), secret, sentAt + 301],
    },
    {
      case: 'a time moved on',
      args: [body, signatureOf(body, sentAt, [secret]).replace(/^t=\d+/, `t=${sentAt + 1}`), secret, sentAt],
    },
    {
      case: 'no time',
      args: [body, signatureOf(body, sentAt, [secret]).replace(/^t=\d+,/, ''), secret, sentAt],
    },
    { case: 'a short signature', args: [body, `t=${sentAt},v1=abc`, secret, sentAt] },
    { case: 'an empty header', args: [body, '', secret, sentAt] },
  ] as const)('refuses $case, as our own check does', ({ args }) => {
    const [raw, header, key, now] = args;

    expect(snippet.verifyKrowdSignature(raw, header, key, now)).toBe(false);
    expect(verifySignature(raw, header, key, now)).toBe(false);
  });
});

describe("the integration page snippet's receiver", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function post(url: string, payload: string, signature: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'krowd-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    return response.status;
  }

  it('answers 204 to a signed delivery and handles each event id once; 400 to a forged one', async () => {
    const secret = newSigningSecret();
    const handled: string[] = [];
    server = snippet.krowdWebhookReceiver(secret, (event) => handled.push(`${event.type} ${event.id}`));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const now = Math.floor(Date.now() / 1000);

    expect(await post(url, body, signatureOf(body, now, [secret]))).toBe(204);
    expect(await post(url, body, signatureOf(body, now, [secret]))).toBe(204);
    expect(await post(url, body, signatureOf(body, now, [newSigningSecret()]))).toBe(400);
    expect(handled).toEqual(['webhook.ping evt-1']);
  });
});
