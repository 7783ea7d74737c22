import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankBrandsSchema,
  bankListPageSchema,
  bankSavedSchema,
} from '@krowd/domain/bank/bank-response.schema';
import {
  bankBrandsUpdateSchema,
  bankCreateSchema,
  bankListQuerySchema,
  bankUpdateSchema,
} from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { BanksService } from './banks.service.ts';

/**
 * Banks: the system admin's list, creation and brand links; a bank's details ({entityType}s/{id})
 * and My Bank's update.
 */
export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksService }> = async (app, { banks }) => {
  app.get(
    '/banks',
    {
      config: { access: 'banks.list' },
      schema: {
        operationId: 'listBanks',
        tags: ['banks'],
        summary: 'Every bank with its active users: paged, sorted and searched by name (3+ characters)',
        querystring: bankListQuerySchema,
        response: {
          200: successSchema(bankListPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await banks.list(request.query)) }),
  );

  app.post(
    '/banks',
    {
      config: { access: 'banks.create' },
      schema: {
        operationId: 'createBank',
        tags: ['banks'],
        summary:
          'Create a bank with its first bank admin, who is mailed a link to set a password; it has no brand until linked',
        body: bankCreateSchema,
        response: { 201: successSchema(bankSavedSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await banks.create(callerOf(request), request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: messages.bank.created, details });
    },
  );

  app.get(
    '/banks/:id/brands',
    {
      config: { access: 'banks.links' },
      schema: {
        operationId: 'listBankBrands',
        tags: ['banks'],
        summary: 'The brands linked to a bank: the only brands it reads and reviews',
        params: idParamsSchema,
        response: { 200: successSchema(bankBrandsSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, brands: await banks.brands(request.params.id) }),
  );

  app.put(
    '/banks/:id/brands',
    {
      config: { access: 'banks.links' },
      schema: {
        operationId: 'replaceBankBrands',
        tags: ['banks'],
        summary: "Replace a bank's linked brands (links and unlinks in one transaction)",
        params: idParamsSchema,
        body: bankBrandsUpdateSchema,
        response: { 200: successSchema(bankBrandsSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: messages.bank.brandsSaved,
      brands: await banks.setBrands(callerOf(request), request.params.id, request.body.brandIds),
    }),
  );

  app.get(
    '/banks/:id',
    {
      config: { access: 'banks.read' },
      schema: {
        operationId: 'getBank',
        tags: ['banks'],
        summary: "A bank's details: a bank user's own bank, any bank for a system admin",
        params: idParamsSchema,
        response: { 200: successSchema(bankSavedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      details: await banks.details(callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/banks/:id',
    {
      config: { access: 'banks.manage' },
      schema: {
        operationId: 'updateBank',
        tags: ['banks'],
        summary: "Change one's own bank's details (My Bank): an admin of the bank only",
        params: idParamsSchema,
        body: bankUpdateSchema,
        response: { 200: successSchema(bankSavedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: messages.bank.updated,
      details: await banks.update(callerOf(request), request.params.id, request.body),
    }),
  );
};
