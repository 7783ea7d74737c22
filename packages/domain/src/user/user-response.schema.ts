import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { sessionUserSchema } from './session-user.schema.ts';
import { userStatuses } from './user.schema.ts';

/**
 * What the user routes answer (the requests are in user.schema.ts and profile.schema.ts): the API
 * serialises through these allowlists and the web client's calls are typed from them.
 */

/** A user as the Users list shows it (spec 2 §2.5): an allowlist, never a hash or a token. */
export const userRowSchema = sessionUserSchema
  .pick({
    _id: true,
    email: true,
    firstName: true,
    lastName: true,
    displayName: true,
    phone: true,
    role: true,
    entityType: true,
    brandId: true,
    brandName: true,
    /** The user's group: their own (group roles) or their brand's. */
    groupId: true,
    groupName: true,
    bankId: true,
  })
  .extend({ status: z.enum(userStatuses), created: z.iso.datetime() });
export type UserRow = z.infer<typeof userRowSchema>;

/** GET users: one page of the Users list. */
export const userListPageSchema = listPageSchema(userRowSchema);

/** POST users, PUT users/{id}: the user as saved. */
export const userSavedSchema = z.object({ details: userRowSchema });
export type UserSaved = z.infer<typeof userSavedSchema>;

/** A user as My Profile reads it: the session user with the address, status and creation time. */
export const userDetailsSchema = sessionUserSchema.extend({
  address: z.string().nullable(),
  status: z.enum(userStatuses),
  created: z.iso.datetime(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** GET users/{id}. */
export const userDetailsAnswerSchema = z.object({ details: userDetailsSchema });
export type UserDetailsAnswer = z.infer<typeof userDetailsAnswerSchema>;

/** PUT users/{id}/profile: the updated user only when asked for (response=true). */
export const profileUpdatedSchema = z.object({ details: userDetailsSchema.optional() });

/** POST users/{id}/deactivate. */
export const accountDeactivatedSchema = z.object({
  details: z.object({ _id: z.string(), status: z.literal('deactivate') }),
});
export type AccountDeactivated = z.infer<typeof accountDeactivatedSchema>;
