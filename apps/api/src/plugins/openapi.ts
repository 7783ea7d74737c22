import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { pagePath } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  idempotencyKeyHeaderSchema,
  securityOf,
  securitySchemes,
  withExamples,
  withPlainNullables,
  withReferredSchemasOnly,
  type OperationExamples,
} from './openapi-contract.ts';

/**
 * A response declared by content type with `headers` (JSON schemas by name, as a CSV download's
 * checksum) keeps them in the document: the zod transform writes only description and content.
 */
function withResponseHeaders(declared: unknown, transformed: unknown): unknown {
  if (!declared || !transformed) return transformed;
  const out = { ...(transformed as Record<string, object>) };
  for (const [status, response] of Object.entries(declared as Record<string, unknown>)) {
    const headers = (response as { headers?: unknown } | null)?.headers;
    if (headers && typeof headers === 'object' && out[status]) out[status] = { ...out[status], headers };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, and interactive docs at
 * /api/docs. Every operation names itself (operationId, in the route) and the credentials it takes
 * (from its access config); every error answer carries a code (decision 0076).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { behindTls: boolean; publicUrl: string; sessionCookieName: string },
) {
  const examples = new Map<string, OperationExamples>();
  // The product's guide for publishers (decision 0101): keys, the feed, signatures, test mode.
  const guide = {
    description: messages.publisher.integrationTitle,
    url: new URL(pagePath('publisherIntegration'), options.publicUrl).href,
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Krowd API',
        description:
          'Card-linked campaign marketplace. Success answers carry respCode (200 read/create, 205 update, 206 delete); ' +
          'failures carry errorMessage (for people) and code (for programs: branch on it, never on the message). ' +
          'Authenticate with the session cookie or `Authorization: Bearer <accessToken>` from auth/login. ' +
          "Publishers' systems call the operations marked publisherKey with their live or test API key in X-Api-Key: " +
          `the [${guide.description}](${guide.url}) guide explains keys, the offers feed, webhook signatures and test mode. ` +
          'Creating calls marked with the Idempotency-Key header may be retried safely with it.',
        version: '0.1.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      externalDocs: guide,
      servers: [{ url: options.publicUrl, description: 'This deployment' }],
      components: { securitySchemes: securitySchemes(options.sessionCookieName) },
    },
    transform: (input) => {
      const { examples: own, ...routeSchema } = input.schema;
      if (own && routeSchema.operationId) examples.set(routeSchema.operationId, own);
      const { schema, url } = jsonSchemaTransform({ ...input, schema: routeSchema });
      if (schema.hide) return { schema, url };
      const config = input.route.config ?? {};
      const documented: Record<string, unknown> = {
        ...schema,
        response: withResponseHeaders(input.schema.response, schema.response),
        security: securityOf(config),
      };
      if (config.idempotent) {
        const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
          properties?: Record<string, unknown>;
        };
        documented.headers = {
          ...headers,
          properties: { ...headers.properties, 'Idempotency-Key': idempotencyKeyHeaderSchema },
        };
      }
      return { schema: documented, url };
    },
    // The shared schemas (those with an id, such as ErrorBody) as components, then 3.1 nullables
    // and the examples.
    transformObject: (document) =>
      withExamples(
        withPlainNullables(
          'openapiObject' in document
            ? withReferredSchemasOnly(jsonSchemaTransformObject(document) as typeof document.openapiObject)
            : document.swaggerObject,
        ),
        examples,
      ),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs get their own CSP from the plugin; they may be framed by no one either.
    transformStaticCSP: (header) => {
      const framedByNoOne = header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
      return options.behindTls ? framedByNoOne : framedByNoOne.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}
