import { z } from 'zod';

/**
 * What the brand routes answer: the API serialises through these allowlists and the web client's
 * calls are typed from them.
 */

/** GET brands/{id} ({entityType}s/{id} for brand users). */
export const brandDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  created: z.iso.datetime(),
  /** The projection record (spec 1 §3: "details.json gives the projection record"); null when none. */
  json: z.unknown().nullable(),
});
export type BrandDetails = z.infer<typeof brandDetailsSchema>;

export const brandDetailsAnswerSchema = z.object({ details: brandDetailsSchema });
export type BrandDetailsAnswer = z.infer<typeof brandDetailsAnswerSchema>;

/** A brand as a selector offers it: the spec's label and value beside its id and name. */
export const brandOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  value: z.string(),
});
export type BrandOption = z.infer<typeof brandOptionSchema>;

/** GET brands/getBrandList, groupBrand/getBrandGroupWise/{id}: the brands within scope. */
export const brandOptionsSchema = z.object({ brands: z.array(brandOptionSchema) });
export type BrandOptions = z.infer<typeof brandOptionsSchema>;
