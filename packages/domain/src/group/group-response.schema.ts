import { z } from 'zod';
import { brandOptionSchema } from '../brand/brand-response.schema.ts';

/**
 * What the group routes answer (the requests are in group.schema.ts): the API serialises through
 * these allowlists and the web client's calls are typed from them.
 */

/** A group as the API answers it once created. */
export const groupDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brands: z.array(z.object({ _id: z.string(), name: z.string() })),
  created: z.iso.datetime(),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

/** POST groups. */
export const groupCreatedSchema = z.object({ details: groupDetailsSchema });
export type GroupCreated = z.infer<typeof groupCreatedSchema>;

/** A group with its brands, as the group and brand selectors offer it. */
export const groupWithBrandsSchema = z.object({
  _id: z.string(),
  groupId: z.string(),
  group_name: z.string(),
  label: z.string(),
  value: z.string(),
  group_brand_ids: z.array(z.string()),
  brands: z.array(brandOptionSchema),
});
export type GroupWithBrands = z.infer<typeof groupWithBrandsSchema>;

/** GET groupBrand: the groups within the caller's scope, with their brands. */
export const groupsWithBrandsSchema = z.object({ groups: z.array(groupWithBrandsSchema) });
export type GroupsWithBrands = z.infer<typeof groupsWithBrandsSchema>;
