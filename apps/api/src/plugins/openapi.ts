import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, and interactive docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, options: { behindTls: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Krowd API',
        description:
          'Card-linked campaign marketplace. Success answers carry respCode (200 read/create, 205 update, 206 delete); failures carry errorMessage. Authenticate with the session cookie or `Authorization: Bearer <accessToken>` from auth/login.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
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
