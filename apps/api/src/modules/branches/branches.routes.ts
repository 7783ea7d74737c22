import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { brandInScope } from '../brands/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { BranchesRepository } from './branches.repository.ts';

const merchantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kmid: z.string().nullable(),
  status: z.enum(['Pending', 'Approved', 'Active', 'Rejected', 'Deleted', 'Updated']),
  merchantId: z.string().nullable(),
  amexMerchantID: z.string().nullable(),
  zettleMerchantID: z.string().nullable(),
  postcode: z.string().nullable(),
  address: z.string().nullable(),
  /** Whether a campaign may run at this branch (approved or active). */
  selectable: z.boolean(),
});

/** Branches as the campaign form needs them (the full branch screens are the admin console's). */
export const branchesRoutes: FastifyPluginAsyncZod<{
  branches: BranchesRepository;
  brands: BrandsRepository;
}> = async (app, { branches, brands }) => {
  app.get(
    '/merchants/getMerchantByBrandId',
    {
      config: { access: 'branches.read' },
      schema: {
        tags: ['branches'],
        summary: "A brand's branches (not deleted), with whether a campaign may use each",
        querystring: z.strictObject({ brandId: z.uuid('Invalid id'), role: z.string().max(50).optional() }),
        response: { 200: successSchema({ merchants: z.array(merchantSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const brand = await brandInScope(brands, callerOf(request).scope, request.query.brandId);
      const rows = await branches.branchesOfBrand(brand.id);
      return {
        respCode: respCodes.ok,
        merchants: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          kmid: row.kmid,
          status: row.status,
          merchantId: row.mastercard_merchant_id,
          amexMerchantID: row.amex_merchant_id,
          zettleMerchantID: row.zettle_merchant_id,
          postcode: row.postcode,
          address: row.address,
          selectable: row.status === 'Active' || row.status === 'Approved',
        })),
      };
    },
  );
};
