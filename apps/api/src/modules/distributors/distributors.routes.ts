import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandPublishersSchema,
  distributorsSchema,
} from '@krowd/domain/distributor/distributor-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { DistributorsRepository } from './distributors.repository.ts';

/** Publishers (the spec's distributors) and each brand's deals with them. */
export const distributorsRoutes: FastifyPluginAsyncZod<{
  distributors: DistributorsRepository;
  brands: BrandsRepository;
}> = async (app, { distributors, brands }) => {
  const dealsOf = async (brandId: string) =>
    (await distributors.dealsOfBrand(brandId)).map((deal) => ({
      _id: deal.id,
      distributors_name: deal.display_name,
      percentage: deal.cashback_percent,
      successFee: deal.success_fee_percent,
      startDate: deal.start_date,
    }));

  app.get(
    '/distributors',
    {
      config: { access: 'distributors.read' },
      schema: {
        operationId: 'listDistributors',
        tags: ['distributors'],
        summary: 'The publishers; with brandId, that brand’s deals too',
        querystring: z.strictObject({ brandId: z.uuid(messages.validation.idInvalid).optional() }),
        response: {
          200: successSchema(distributorsSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { brandId } = request.query;
      if (brandId) await brandInScope(brands, callerOf(request).scope, brandId);
      return {
        respCode: respCodes.ok,
        distributors: (await distributors.publishers()).map((p) => ({
          _id: p.id,
          name: p.code,
          displayName: p.display_name,
        })),
        distributorDealSetWithBrand: brandId ? await dealsOf(brandId) : [],
      };
    },
  );

  app.post(
    '/dashboard/getPublisherInfo',
    {
      config: { access: 'distributors.read' },
      schema: {
        operationId: 'listBrandPublishers',
        tags: ['distributors'],
        summary: 'The publishers a brand has deals with',
        body: z.strictObject({ brand_id: z.uuid(messages.validation.idInvalid) }),
        response: { 200: successSchema(brandPublishersSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      await brandInScope(brands, callerOf(request).scope, request.body.brand_id);
      return { respCode: respCodes.ok, publishers: await dealsOf(request.body.brand_id) };
    },
  );
};
