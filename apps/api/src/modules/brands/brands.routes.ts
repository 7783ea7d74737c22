import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../users/users.routes.ts';
import type { BrandsRepository } from './brands.repository.ts';

const brandDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  created: z.iso.datetime(),
});

/** GET brands/{id}: the brand entity of spec 1 §7 ({entityType}s/{id} for brand users). */
export const brandsRoutes: FastifyPluginAsyncZod<{ brands: BrandsRepository }> = async (app, { brands }) => {
  app.get(
    '/brands/:id',
    {
      config: { access: 'brands.read' },
      schema: {
        tags: ['brands'],
        summary: "A brand's details, within the caller's tenant",
        params: idParamsSchema,
        response: { 200: successSchema({ details: brandDetailsSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const brand = await brands.findById(request.params.id);
      if (!brand || !scopeCoversBrand(callerOf(request).scope, brand)) throw notFound();
      return {
        respCode: respCodes.ok,
        details: {
          _id: brand.id,
          name: brand.name,
          groupId: brand.group_id,
          groupName: brand.group_name,
          created: brand.created_at.toISOString(),
        },
      };
    },
  );
};
