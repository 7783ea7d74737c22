import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo/demo-data.ts';
import { createTestApp, loginAs, type App, type SignedIn, type TestApp } from './test-app.ts';
import {
  hostileStrings,
  hostileValues,
  malformedJsonTexts,
  randomFrom,
  seededRandom,
  type Random,
} from './fuzz-inputs.ts';

/**
 * Malformed input at every operation (ASVS 1.5/5.1): each operation of the OpenAPI
 * document that takes a JSON body or a query gets `inputsPerOperation` inputs from a seeded
 * generator (so a failure replays), sent by a caller the operation lets in, so that the input
 * reaches validation rather than stopping at 401/403. Nothing may answer 5xx.
 *
 * The generator knows the operation's documented fields and fills them with hostile values (NUL
 * bytes, lone surrogates, huge numbers, injection strings, prototype keys, deep nesting), breaks
 * the JSON, sends the wrong content type, repeats and garbles query parameters and path ids.
 *
 * The operations are dealt to several test files (`fuzz.shard-N.test.ts`), one shard each, so the
 * test's tens of thousands of requests run in parallel on every core rather than in one worker.
 */
const inputsPerOperation = Number(process.env.FUZZ_INPUTS_PER_OPERATION ?? 500);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
}

interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  query: string[];
  /** A publisher-facing operation's demo key (X-Api-Key), so inputs reach validation. */
  publisherKey?: string;
}

/** The demo ATR keys: the test one where an operation takes test keys only. */
const publisherKeyFor = (path: string) =>
  path.includes('test-transactions') ? 'demo-atr-test-key' : 'demo-atr-key';

/** Operations whose own success would end the fuzzing caller's session or lock them out. */
const sessionEnding = /\/(logout|deactivate)\b|changepassword|\/mfa\/disable/i;

let testApp: TestApp;
let app: App;
const sessions = new Map<string, SignedIn>();

async function sessionOf(email: string, fresh = false): Promise<SignedIn> {
  const known = sessions.get(email);
  if (known && !fresh) return known;
  const signedIn = await loginAs(app, email);
  sessions.set(email, signedIn);
  return signedIn;
}

function operationsOf(document: { paths?: Record<string, unknown> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(methods as Record<string, unknown>)) {
      const operation = value as {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string }[];
        security?: Record<string, unknown>[];
      };
      const keyed = (operation.security ?? []).some((scheme) => 'publisherKey' in scheme);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (body || query.length > 0) {
        const publisherKey = keyed ? publisherKeyFor(path) : undefined;
        operations.push({ method: method.toUpperCase(), path, body, query, publisherKey });
      }
    }
  }
  return operations;
}

/** A value of roughly the schema's shape, to carry a hostile value one level down. */
function plausible(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  const choice = schema?.anyOf ?? schema?.oneOf;
  if (choice?.length) return plausible(randomFrom(random, choice), random, depth);
  if (schema?.enum?.length) return randomFrom(random, schema.enum);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'string':
      return randomFrom(random, ['abc', randomUUID(), '2025-06-01', 'Green Fork', 'a@b.test']);
    case 'number':
    case 'integer':
      return randomFrom(random, [1, 10, 100]);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return depth > 2 ? [] : [plausible(schema?.items, random, depth + 1)];
    case 'object':
      return depth > 2 ? {} : hostileObject(schema, random, depth + 1, 0);
    default:
      return randomFrom(random, ['abc', 1, true, null]);
  }
}

/** The schema's fields, each plausible or hostile, sometimes with a field the schema lacks. */
function hostileObject(schema: JsonSchema | undefined, random: Random, depth: number, hostility: number) {
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (random() < 0.15) continue;
    object[name] =
      random() < hostility ? randomFrom(random, hostileValues) : plausible(property, random, depth);
  }
  if (random() < 0.1) object[randomFrom(random, ['__proto__', 'constructor', 'extra', 'toString'])] = {};
  return object;
}

/** A body that is not what the schema asks, in one of several ways. */
function malformedBody(schema: JsonSchema, random: Random): Pick<InjectOptions, 'payload' | 'headers'> {
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });
  const roll = random();
  if (roll < 0.45) return json(hostileObject(schema, random, 0, 0.5));
  if (roll < 0.65) {
    // Valid-looking except one field: the deepest check that field has is reached.
    const body = hostileObject(schema, random, 0, 0);
    const names = Object.keys(schema.properties ?? {});
    if (names.length > 0) body[randomFrom(random, names)] = randomFrom(random, hostileValues);
    return json(body);
  }
  if (roll < 0.78) {
    return {
      payload: randomFrom(random, malformedJsonTexts),
      headers: { 'content-type': 'application/json' },
    };
  }
  if (roll < 0.88) return json(randomFrom(random, [null, 1, 'text', [], [{}], true, [null, null]]));
  if (roll < 0.95) {
    return {
      payload: JSON.stringify(hostileObject(schema, random, 0, 0.2)),
      headers: {
        'content-type': randomFrom(random, [
          'text/plain',
          'application/xml',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'text/csv',
        ]),
      },
    };
  }
  return json(
    randomFrom(random, [
      JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'),
      Array.from({ length: 20_000 }, (_, index) => index),
      Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`k${index}`, index])),
      deeplyNested(2_000),
    ]),
  );
}

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as its raw UTF-8-like bytes. */
function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .replace(/[\uD800-\uDFFF]/g, '%ED%A0%80')
      .replace(/[^%\w.-]/g, (char) => encodeURIComponent(char));
  }
}

function malformedQuery(names: string[], random: Random): string {
  const pairs: string[] = [];
  for (const name of names) {
    if (random() < 0.3) continue;
    const value = randomFrom(random, [...hostileStrings, ...malformedJsonTexts]);
    const repeat = random() < 0.1 ? 2 : 1;
    for (let index = 0; index < repeat; index += 1) {
      pairs.push(`${encoded(name)}=${encoded(value)}`);
    }
  }
  if (random() < 0.1)
    pairs.push(randomFrom(random, ['%', '%E0%A4%A', 'a=%00', '=', '&&', 'x'.repeat(5_000)]));
  return pairs.join('&');
}

/** The path with each `{param}` a fresh id mostly, a hostile string sometimes. */
function pathWith(path: string, random: Random): string {
  return path.replace(/\{[^}]+\}/g, () =>
    random() < 0.8 ? randomUUID() : encoded(randomFrom(random, hostileStrings).slice(0, 2_000)),
  );
}

function inputFor(operation: Operation, random: Random): InjectOptions & { url: string } {
  const query = operation.query.length > 0 ? malformedQuery(operation.query, random) : '';
  const url = `/api${pathWith(operation.path.replace(/^\/api/, ''), random)}${query ? `?${query}` : ''}`;
  const body = operation.body ? malformedBody(operation.body, random) : {};
  return { method: operation.method as InjectOptions['method'], url, ...body };
}

/** The first demo caller the operation lets through (an empty request not answered 401/403). */
async function callerFor(operation: Operation): Promise<string | undefined> {
  for (const email of [undefined, ...demoAccounts.map((account) => account.email)]) {
    const session = email ? await sessionOf(email) : undefined;
    const response = await app.inject({
      method: operation.method as InjectOptions['method'],
      url: `/api${pathWith(operation.path.replace(/^\/api/, ''), () => 0)}`,
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
    });
    if (response.statusCode !== 401 && response.statusCode !== 403) return email;
  }
  return undefined;
}

/** How many files the operations are dealt to (fuzz.shard-1.test.ts … fuzz.shard-N.test.ts). */
export const fuzzShards = 3;

/**
 * Defines the fuzz tests of one shard: every `fuzzShards`-th operation, from the `shard`-th (1-based).
 * The operations are read from the app's own OpenAPI document, so the app is made while the tests
 * are collected (one it() per operation).
 */
export function describeMalformedInputs(shard: number) {
  afterAll(async () => {
    await testApp?.close();
  });
  describe(`malformed input never answers 5xx (operations of shard ${shard} of ${fuzzShards})`, async () => {
    testApp = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_IP: '1000000',
        PUBLISHER_KEY_CALLS_PER_MINUTE: '1000000',
        LOGIN_FAILURES_PER_ACCOUNT: '1000000',
        SESSIONS_PER_USER: '1000',
      },
    });
    app = testApp.app;
    // Sessions an earlier shard signed in (same worker, no isolation) belong to another database.
    sessions.clear();
    const all = operationsOf(app.swagger() as { paths?: Record<string, unknown> }).filter(
      (operation) => !sessionEnding.test(operation.path),
    );
    const operations = all.filter((_, index) => index % fuzzShards === shard - 1);

    it('covers every operation with a body or a query', () => {
      expect(all.length).toBeGreaterThan(80);
    });

    it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
      '%s',
      async (name, operation) => {
        const random = seededRandom(name);
        const email = await callerFor(operation);
        const failures: string[] = [];
        for (let index = 0; index < inputsPerOperation; index += 1) {
          const input = inputFor(operation, random);
          const send = async (fresh = false) => {
            const session = email ? await sessionOf(email, fresh) : undefined;
            return app.inject({
              ...input,
              headers: {
                ...input.headers,
                ...(session ? { authorization: `Bearer ${session.token}` } : {}),
                ...(operation.publisherKey ? { 'x-api-key': operation.publisherKey } : {}),
              },
            });
          };
          let response = await send();
          // An input the operation took as valid may have ended the session: sign in again.
          if (response.statusCode === 401 && email) response = await send(true);
          if (response.statusCode >= 500) {
            failures.push(
              `${input.method} ${input.url.slice(0, 200)} ${String(input.payload).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
        expect(failures).toEqual([]);
      },
      300_000,
    );
  });
}
