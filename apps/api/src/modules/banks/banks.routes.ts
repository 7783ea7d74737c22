import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../users/users.routes.ts';
import type { BanksRepository } from './banks.repository.ts';

const bankDetailsSchema = z.object({ _id: z.string(), name: z.string(), created: z.iso.datetime() });

/** GET banks/{id}: the bank entity ({entityType}s/{id} for bank users). */
export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksRepository }> = async (app, { banks }) => {
  app.get(
    '/banks/:id',
    {
      config: { access: 'banks.read' },
      schema: {
        tags: ['banks'],
        summary: "A bank's details: a bank user's own bank, any bank for a system admin",
        params: idParamsSchema,
        response: { 200: successSchema({ details: bankDetailsSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const { scope } = callerOf(request);
      const bank = await banks.findById(request.params.id);
      const visible = scope.kind === 'all' || (scope.kind === 'bank' && scope.bankId === bank?.id);
      if (!bank || !visible) throw notFound();
      return {
        respCode: respCodes.ok,
        details: { _id: bank.id, name: bank.name, created: bank.created_at.toISOString() },
      };
    },
  );
};
