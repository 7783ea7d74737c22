import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../http/errors.ts';
import { createAnswerChecker } from '../test/contract-answers.ts';
import { call, createTestApp, type App, type TestApp } from '../test/test-app.ts';

/**
 * The document is a contract clients are generated from (decision 0076): every operation
 * named once, OpenAPI 3.1 that Redocly's recommended rules pass, each operation's credentials,
 * nullables with their type, the code of every error answer, Idempotency-Key where it is honoured.
 */
let testApp: TestApp;
let app: App;
let document: {
  openapi: string;
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, Operation>>;
};

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  document = (await call(app, { url: '/api/openapi.json' })).json();
});

afterAll(async () => {
  await testApp?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${route}`, operation })),
  );
const operation = (method: string, route: string) => document.paths[route]![method]!;

describe('operationId', () => {
  it('names every operation, camelCase, and no two alike', () => {
    const ids = operations().map(({ name, operation }) => [name, operation.operationId] as const);

    expect(ids.length).toBeGreaterThan(100);
    for (const [name, id] of ids) expect(id, name).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    const seen = ids.map(([, id]) => id);
    expect(seen.filter((id, index) => seen.indexOf(id) !== index)).toEqual([]);
  });

  it('is the name given in the route, so it stays when the path or summary changes', () => {
    expect(operation('get', '/api/campaigns').operationId).toBe('listCampaigns');
    expect(operation('post', '/api/campaigns').operationId).toBe('createCampaign');
    expect(operation('post', '/api/transactions/ingest').operationId).toBe('ingestTransactions');
    expect(operation('get', '/api/users/{id}').operationId).toBe('getUser');
    expect(operation('post', '/api/auth/login').operationId).toBe('logIn');
  });
});

describe('the document', () => {
  it('is OpenAPI 3.1 with the server it is served by', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: testApp.config.publicUrl })]);
  });

  it('passes `redocly lint` with the recommended rules without an error', { timeout: 240_000 }, async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'krowd-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const redocly = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/redocly');
      const result = await promisify(execFile)(
        redocly,
        ['lint', file, '--extends=recommended', '--format=json'],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
        totals: { errors: number };
        problems: { severity: string; ruleId: string; message: string }[];
      };
      const errors = report.problems.filter((problem) => problem.severity === 'error');

      expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('gives every nullable its type, 3.1 style, and an enum its null', () => {
    const text = JSON.stringify(document);
    const session = operation('get', '/api/auth/session').responses['200']!.content!['application/json']!
      .schema;
    const details = (session.properties as Record<string, Record<string, unknown>>).details!;
    const role = (details.properties as Record<string, Record<string, unknown>>).role!;

    expect(text).not.toContain('"nullable"');
    expect(details.type).toEqual(['object', 'null']);
    expect(role.type).toEqual(['string', 'null']);
    expect(role.enum).toContain(null);
  });
});

describe('security', () => {
  it('says what each operation takes, as its access config does', () => {
    expect(operation('get', '/api/health').security).toEqual([]);
    expect(operation('post', '/api/auth/login').security).toEqual([]);
    expect(operation('get', '/api/campaigns').security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    expect(operation('get', '/api/auth/session').security).toEqual([
      {},
      { sessionCookie: [] },
      { bearer: [] },
    ]);
    expect(operation('post', '/api/transactions/ingest').security).toEqual([{ publisherKey: [] }]);
    expect(operation('post', '/api/insights/logout').security).toEqual([{ insightsPass: [] }]);
  });

  it('is set on every operation, naming only declared schemes', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { name, operation } of operations()) {
      expect(operation.security, name).toBeInstanceOf(Array);
      for (const requirement of operation.security!) {
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
      }
    }
  });
});

/** A schema, or the component it refers to. */
const resolved = (schema: Record<string, unknown> | undefined) => {
  const ref = typeof schema?.$ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(schema.$ref) : null;
  return ref ? document.components.schemas[ref[1]!] : schema;
};

describe('error answers', () => {
  it('refer to one ErrorBody component, so clients get one named type rather than a copy an answer', () => {
    const errorBody = document.components.schemas.ErrorBody!;
    const offers = operation('get', '/api/publisher/offers');

    expect(errorBody.required).toEqual(['code', 'errorMessage']);
    for (const status of ['400', '401', '403', '404', '409', '429', '503']) {
      expect(offers.responses[status]!.content!['application/json']!.schema, status).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
    expect(Object.keys(document.components.schemas)).toEqual(['ErrorBody']);
  });

  it('carry a code from the one list beside errorMessage, on every operation', () => {
    for (const { name, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = resolved(response.content?.['application/json']?.schema);
        if (!schema) continue;
        const properties = schema.properties as Record<string, { enum?: string[]; const?: string }>;
        expect(schema.required, `${name} ${status}`).toEqual(
          expect.arrayContaining(['code', 'errorMessage']),
        );
        const codes = properties.code!.enum ?? [properties.code!.const];
        for (const code of codes) expect(errorCodes).toContain(code);
      }
    }
  });
});

describe('Idempotency-Key', () => {
  it.each([
    ['post', '/api/transactions/ingest'],
    ['post', '/api/campaigns'],
  ])('is a header %s %s takes, with the answers of a reused or busy key', (method, route) => {
    const declared = operation(method, route);

    expect(declared.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
    );
    expect(Object.keys(declared.responses)).toEqual(expect.arrayContaining(['409', '422']));
  });

  it('is not offered where it is not honoured', () => {
    const login = operation('post', '/api/auth/login');

    expect((login.parameters ?? []).map((parameter) => parameter.name)).not.toContain('Idempotency-Key');
  });
});

describe('examples', () => {
  it('show a publisher the ingest body, as JSON and as CSV, and its answers', () => {
    const ingest = operation('post', '/api/transactions/ingest');
    const examplesOf = (media: unknown) =>
      Object.values((media as { examples: Record<string, { value: unknown }> }).examples).map((e) => e.value);

    expect(examplesOf(ingest.requestBody!.content['application/json'])).toEqual([expect.any(Array)]);
    expect(examplesOf(ingest.requestBody!.content['text/csv'])[0]).toMatch(/^transaction_id,datetime,/);
    for (const status of ['200', '400', '401', '422']) {
      expect(examplesOf(ingest.responses[status]!.content!['application/json']), status).toHaveLength(1);
    }
  });

  it('are answers their own schemas allow', () => {
    const problemsOf = createAnswerChecker(document);
    const ingest = operation('post', '/api/transactions/ingest');

    for (const [status, response] of Object.entries(ingest.responses)) {
      const media = response.content?.['application/json'] as {
        examples?: Record<string, { value: unknown }>;
      };
      for (const { value } of Object.values(media?.examples ?? {})) {
        const answer = {
          statusCode: Number(status),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(value),
          json: () => value,
        } as unknown as LightMyRequestResponse;
        expect(problemsOf('POST /api/transactions/ingest', answer), status).toEqual([]);
      }
    }
  });
});
