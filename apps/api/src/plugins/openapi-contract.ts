import type { FastifyContextConfig } from 'fastify';
import type { RouteCredential } from './access.ts';

/**
 * What the OpenAPI document adds to each operation beyond its zod schemas (decision 0076):
 * the credentials it takes, derived from the route's `config.access` and `config.credentials` so
 * the document cannot say other than what the access hook enforces, and the Idempotency-Key
 * header of the routes that honour it (plugins/idempotency.ts).
 */
export const securitySchemes = (sessionCookieName: string) =>
  ({
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName,
      description: 'The session cookie auth/login sets (the browser sends it by itself).',
    },
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The same session as a bearer token: `Authorization: Bearer <accessToken>` from auth/login.',
    },
    publisherKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description:
        "A publisher's live or test API key (made by the publisher's admin, POST publishers/{id}/keys): " +
        'the offers feed, transaction files, test transactions and its own webhook endpoints.',
    },
    insightsPass: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Insights-Pass',
      description: "An insights visitor's pass, from insights/savebrandDetails.",
    },
  }) as const;

type SchemeName = keyof ReturnType<typeof securitySchemes>;
type SecurityRequirement = Partial<Record<SchemeName, string[]>>;

const schemesOf: Record<RouteCredential, SchemeName[]> = {
  session: ['sessionCookie', 'bearer'],
  publisherKey: ['publisherKey'],
  insightsPass: ['insightsPass'],
};

/**
 * An operation's security: any one of the requirements listed lets the call through; `{}` among
 * them means none is needed (the caller is known when one is sent); `[]` means a public route.
 */
export function securityOf(
  config: Pick<FastifyContextConfig, 'access' | 'credentials' | 'publisherKey'>,
): SecurityRequirement[] {
  const requirements = (credentials: RouteCredential[]) =>
    credentials.flatMap((credential) => schemesOf[credential]).map((scheme) => ({ [scheme]: [] }));
  if (config.credentials) return requirements(config.credentials);
  // Publisher-facing routes: the access plugin checks the key (decision 0089).
  if (config.publisherKey) return requirements(['publisherKey']);
  if (!config.access || config.access === 'public') return [];
  if (config.access === 'optional') return [{}, ...requirements(['session'])];
  return requirements(['session']);
}

/** The header a client sends to make a create safe to retry (decision 0077). */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKeyMaxLength = 255;

export const idempotencyKeyHeaderSchema = {
  type: 'string',
  minLength: 1,
  maxLength: idempotencyKeyMaxLength,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'A key of your own (a UUID is best) that makes this call safe to retry for 24 hours: the same key ' +
    'with the same body answers the first answer again (header Idempotent-Replayed: true) and does ' +
    'nothing twice; with another body it answers 422 idempotency_key_reused; while the first call is ' +
    'still running, 409 idempotency_key_in_progress; when the first call was carried out but its ' +
    'answer was lost with its process, 409 idempotency_key_answer_lost (look the result up instead).',
} as const;

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.1 style nullables: `anyOf: [X, {type: 'null'}]` with one simple X becomes X with
 * `type: [X's type, 'null']` (an enum lists null too), which every generator reads as a nullable X.
 */
export function withPlainNullables<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => withPlainNullables(item)) as T;
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, withPlainNullables(value)]),
  ) as JsonSchema;
  const choices = schema.anyOf as JsonSchema[] | undefined;
  if (!choices || choices.length !== 2) return schema as T;
  const nullIndex = choices.findIndex((choice) => choice.type === 'null' && Object.keys(choice).length === 1);
  const other = choices[1 - nullIndex];
  if (nullIndex < 0 || !other || typeof other.type !== 'string' || other.anyOf || other.oneOf || other.$ref) {
    return schema as T;
  }
  const { anyOf: _anyOf, ...rest } = schema;
  const nullable: JsonSchema = { ...other, ...rest, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) nullable.enum = [...other.enum, null];
  if ('const' in other) {
    delete nullable.const;
    nullable.enum = [other.const, null];
  }
  return nullable as T;
}

/**
 * Only the components some operation refers to: fastify-type-provider-zod writes an input and an
 * output component of every schema with an id (ErrorBody, ErrorBodyInput), and failures are only
 * answered, so the input one would stand unused.
 */
export function withReferredSchemasOnly<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify(rest);
  const referred = Object.entries(schemas).filter(([name]) =>
    text.includes(`"#/components/schemas/${name}"`),
  );
  return { ...document, components: { ...components, schemas: Object.fromEntries(referred) } };
}

/** Worked examples of an operation, by media type of its body and by status of its answers. */
export interface OperationExamples {
  request?: Record<string, { summary: string; value: unknown }>;
  responses?: Record<number, { summary: string; value: unknown }>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Shown in the OpenAPI document on the operation's body and answers (plugins/openapi.ts). */
    examples?: OperationExamples;
  }
}

interface DocumentedOperation {
  operationId?: string;
  requestBody?: { content?: Record<string, Record<string, unknown>> };
  responses?: Record<string, { content?: Record<string, Record<string, unknown>> }>;
}

/** Puts each operation's examples on its media types (OpenAPI's `examples`, by name). */
export function withExamples<T extends { paths?: object }>(
  document: T,
  examples: Map<string, OperationExamples>,
): T {
  for (const methods of Object.values(document.paths ?? {}) as Record<string, DocumentedOperation>[]) {
    for (const operation of Object.values(methods)) {
      const own = operation.operationId ? examples.get(operation.operationId) : undefined;
      if (!own) continue;
      for (const [type, example] of Object.entries(own.request ?? {})) {
        const media = operation.requestBody?.content?.[type];
        if (media) media.examples = { [camelName(example.summary)]: example };
      }
      for (const [status, example] of Object.entries(own.responses ?? {})) {
        const media = operation.responses?.[status]?.content?.['application/json'];
        if (media) media.examples = { [camelName(example.summary)]: example };
      }
    }
  }
  return document;
}

const camelName = (summary: string) =>
  summary
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ? next.toUpperCase() : ''));
