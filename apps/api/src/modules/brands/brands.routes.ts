import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandDetailsAnswerSchema, brandOptionsSchema } from '@krowd/domain/brand/brand-response.schema';
import { groupsWithBrandsSchema, type GroupWithBrands } from '@krowd/domain/group/group-response.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../../http/params.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import { brandsOfScope, groupBrandsInScope } from '../../http/listed-brands.ts';
import type { BrandsRepository } from './brands.repository.ts';

const brandOption = (brand: { id: string; name: string }) => ({
  _id: brand.id,
  name: brand.name,
  label: brand.name,
  value: brand.id,
});

/** Brands and groups: GET brands/{id} ({entityType}s/{id} for brand users), the brand list, the group-brand lists. */
export const brandsRoutes: FastifyPluginAsyncZod<{ brands: BrandsRepository }> = async (app, { brands }) => {
  app.get(
    '/brands/getBrandList',
    {
      config: { access: 'brands.read' },
      schema: {
        operationId: 'listBrandOptions',
        tags: ['brands'],
        summary:
          "The brands in the caller's scope, by name, as label and value (spec 3 §7 brands/getBrandList): every brand for operators, a bank's linked brands",
        response: { 200: successSchema(brandOptionsSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const shown = await brandsOfScope(brands, callerOf(request).scope);
      const rows = await brands.listBrands(shown === 'all' ? undefined : shown);
      return { respCode: respCodes.ok, brands: rows.map(brandOption) };
    },
  );

  app.get(
    '/brands/:id',
    {
      config: { access: 'brands.read' },
      schema: {
        operationId: 'getBrand',
        tags: ['brands'],
        summary: "A brand's details with its projection record, within the caller's tenant",
        params: idParamsSchema,
        response: { 200: successSchema(brandDetailsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const brand = await brandInScope(brands, callerOf(request).scope, request.params.id);
      return {
        respCode: respCodes.ok,
        details: {
          _id: brand.id,
          name: brand.name,
          groupId: brand.group_id,
          groupName: brand.group_name,
          created: brand.created_at.toISOString(),
          json: await brands.projectionRecord(brand.id),
        },
      };
    },
  );

  app.get(
    '/groupBrand/getBrandGroupWise/:id',
    {
      config: { access: 'groupBrands.read' },
      schema: {
        operationId: 'listGroupBrands',
        tags: ['brands'],
        summary: 'The brands of a group that the caller’s tenant covers',
        params: idParamsSchema,
        response: { 200: successSchema(brandOptionsSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const shown = await groupBrandsInScope(brands, callerOf(request).scope, request.params.id);
      return { respCode: respCodes.ok, brands: shown.map(brandOption) };
    },
  );

  app.get(
    '/groupBrand',
    {
      config: { access: 'groupBrands.read' },
      schema: {
        operationId: 'listGroups',
        tags: ['brands'],
        summary:
          'Groups with their brands: every group for operators, one’s own group for group roles, the groups of its linked brands (those only) for a bank',
        querystring: z.strictObject({ from: z.enum(['brand', 'dashboard', 'clientDashboard']).optional() }),
        response: { 200: successSchema(groupsWithBrandsSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const { scope } = callerOf(request);
      let rows: Awaited<ReturnType<BrandsRepository['groupsWithBrands']>> = [];
      if (scope.kind === 'all') rows = await brands.groupsWithBrands();
      else if (scope.kind === 'group') rows = await brands.groupsWithBrands(scope.groupId);
      else if (scope.kind === 'bank') {
        rows = (await brands.groupsWithBrands()).filter(
          (row) =>
            row.brand_id !== null && scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id }),
        );
      }
      const groups = new Map<string, GroupWithBrands>();
      for (const row of rows) {
        const group = groups.get(row.group_id) ?? {
          _id: row.group_id,
          groupId: row.group_id,
          group_name: row.group_name,
          label: row.group_name,
          value: row.group_id,
          group_brand_ids: [],
          brands: [],
        };
        if (row.brand_id && row.brand_name) {
          group.group_brand_ids.push(row.brand_id);
          group.brands.push(brandOption({ id: row.brand_id, name: row.brand_name }));
        }
        groups.set(row.group_id, group);
      }
      return { respCode: respCodes.ok, groups: [...groups.values()] };
    },
  );
};
