import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  publisherBrandsAnswerSchema,
  publisherListPageSchema,
  publisherSavedSchema,
} from '@krowd/domain/publisher/publisher-response.schema';
import {
  publisherBrandsSchema,
  publisherCreateSchema,
  publisherListQuerySchema,
  publisherUpdateSchema,
} from '@krowd/domain/publisher/publisher.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf } from '../../plugins/access.ts';
import type { PublishersService } from './publishers.service.ts';

const m = messages.publisher;

/** Publishers as accounts, for the system admin (decision 0088): the list, the form, the brand links. */
export const publishersRoutes: FastifyPluginAsyncZod<{ publishers: PublishersService }> = async (
  app,
  { publishers },
) => {
  app.get(
    '/publishers',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'listPublishers',
        tags: ['publishers'],
        summary:
          'Every publisher with its bank, its brands and its working keys: paged, searched by code or name',
        querystring: publisherListQuerySchema,
        response: { 200: successSchema(publisherListPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await publishers.list(request.query)) }),
  );

  app.post(
    '/publishers',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'createPublisher',
        tags: ['publishers'],
        summary:
          'Create a publisher: the code its files name, its name, and the bank whose admins manage its keys',
        body: publisherCreateSchema,
        response: { 201: successSchema(publisherSavedSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: m.created,
        publisher: await publishers.create(request.body),
      }),
  );

  app.put(
    '/publishers/:id',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'updatePublisher',
        tags: ['publishers'],
        summary: "Change a publisher's name and bank (its code stays: files name it)",
        params: idParamsSchema,
        body: publisherUpdateSchema,
        response: { 200: successSchema(publisherSavedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.updated,
      publisher: await publishers.update(request.params.id, request.body),
    }),
  );

  app.get(
    '/publishers/:id/brands',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'listPublisherBrands',
        tags: ['publishers'],
        summary: 'The brands linked to a publisher: the only brands its offers feed shows',
        params: idParamsSchema,
        response: { 200: successSchema(publisherBrandsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, brands: await publishers.brands(request.params.id) }),
  );

  app.put(
    '/publishers/:id/brands',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'replacePublisherBrands',
        tags: ['publishers'],
        summary: "Replace a publisher's linked brands (links and unlinks in one transaction)",
        params: idParamsSchema,
        body: publisherBrandsSchema,
        response: { 200: successSchema(publisherBrandsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.brandsSaved,
      brands: await publishers.setBrands(callerOf(request), request.params.id, request.body.brandIds),
    }),
  );
};
