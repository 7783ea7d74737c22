import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { bankUserFormSchema } from '../user/user.schema.ts';

const m = messages.group;

export const groupNameLength = { min: 3, max: 100 } as const;
/** The most brands one new group may take in. */
export const groupBrandsMax = 100;

/**
 * POST groups (the system admin): a new group, the brands that move into it (leaving
 * any group they were in), and its first user, a Group Admin mailed a link to set a password.
 */
export const groupCreateSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .min(groupNameLength.min, m.nameMin)
    .max(groupNameLength.max, m.nameMax),
  brandIds: z
    .array(z.uuid(m.brandUnknown), { error: m.brandsRequired })
    .min(1, m.brandsRequired)
    .max(groupBrandsMax, m.brandsTooMany)
    .transform((ids) => [...new Set(ids)]),
  admin: bankUserFormSchema,
});
export type GroupCreateInput = z.input<typeof groupCreateSchema>;
export type GroupCreate = z.output<typeof groupCreateSchema>;
