import { z } from 'zod';

/**
 * What the distributor routes answer: the publishers (the spec's distributors) and a brand's deals
 * with them. The API serialises through these allowlists and the web client's calls are typed
 * from them.
 */

export const publisherSchema = z.object({ _id: z.string(), name: z.string(), displayName: z.string() });
export type Publisher = z.infer<typeof publisherSchema>;

/** A deal row of the campaign form's read-only table (spec 1 §3 distributorDealSetWithBrand). */
export const distributorDealSchema = z.object({
  _id: z.string(),
  distributors_name: z.string(),
  percentage: z.string(),
  successFee: z.string(),
  startDate: z.string(),
});
export type DistributorDeal = z.infer<typeof distributorDealSchema>;

/** GET distributors: the publishers, and with brandId that brand's deals (otherwise none). */
export const distributorsSchema = z.object({
  distributors: z.array(publisherSchema),
  distributorDealSetWithBrand: z.array(distributorDealSchema),
});
export type Distributors = z.infer<typeof distributorsSchema>;

/** POST dashboard/getPublisherInfo: the publishers a brand has deals with. */
export const brandPublishersSchema = z.object({ publishers: z.array(distributorDealSchema) });
