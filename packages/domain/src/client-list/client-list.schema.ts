import { z } from 'zod';
import { messages } from '../messages/messages.ts';

const m = messages.clientList;

export const clientListNameLength = { min: 3, max: 100 } as const;
/** The most brands one client list may hold. */
export const clientListBrandsMax = 500;

/**
 * POST clientList/create (spec 1 §7; the spec shows neither payload nor answer, decision 0094): a
 * client admin saves a named list of the brands (their clients) they follow. The list is theirs;
 * the brands stay where they are.
 */
export const clientListCreateSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .min(clientListNameLength.min, m.nameMin)
    .max(clientListNameLength.max, m.nameMax),
  brandIds: z
    .array(z.uuid(m.brandUnknown), { error: m.brandsRequired })
    .min(1, m.brandsRequired)
    .max(clientListBrandsMax, m.brandsTooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type ClientListCreateInput = z.input<typeof clientListCreateSchema>;
export type ClientListCreate = z.output<typeof clientListCreateSchema>;

/** A client list as the API answers it. */
export const clientListDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brands: z.array(z.object({ _id: z.string(), name: z.string() })),
  created: z.iso.datetime(),
});
export type ClientListDetails = z.infer<typeof clientListDetailsSchema>;

/** POST clientList/create. */
export const clientListCreatedSchema = z.object({ details: clientListDetailsSchema });
export type ClientListCreated = z.infer<typeof clientListCreatedSchema>;
