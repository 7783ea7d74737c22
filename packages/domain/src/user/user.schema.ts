import { z } from 'zod';
import { brandRoles } from '../access/access.rules.ts';
import { emailField } from '../auth/auth.schema.ts';
import { entityListQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.user;

export const userNameLength = { min: 3, max: 100 } as const;
/** The phone input takes at most 12 characters (spec 2 §5, as for branches). */
export const userPhoneMaxLength = 12;

/** Letters, underscore, hyphen, white space, @ and dot: the spec's [A-Za-z_-s@.] (spec 2 §5). */
const userNamePattern = /^[A-Za-z_\-\s@.]+$/;

const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .regex(userNamePattern, m.nameCharacters)
  .min(userNameLength.min, m.nameMin)
  .max(userNameLength.max, m.nameMax);

/** Digits only; spaces are not part of a number, so '07700 900000' is read as '07700900000'. */
const phoneField = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value),
  z
    .string({ error: m.phoneRequired })
    .min(1, m.phoneRequired)
    .regex(/^\d+$/, m.phoneDigits)
    .min(7, m.phoneLength)
    .max(userPhoneMaxLength, m.phoneLength),
);

const roleField = z.enum(brandRoles, { error: m.roleRequired });
const brandIdField = z.uuid(messages.validation.idInvalid);

/**
 * POST users (spec 2 §5 user form): names, e-mail, phone; a brand-side user also a role, and,
 * when a group admin adds a brand role, the brand of its group it belongs to. Which role and brand
 * a caller may give is the server's rule (user.rules.ts); bank users carry neither.
 */
export const userCreateSchema = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  phone: phoneField,
  role: roleField.optional(),
  brandId: brandIdField.optional(),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/**
 * PUT users/{id}: the same fields but e-mail, each optional. The spec's client removes e-mail and
 * password before an update; sending either is refused (400 naming it), never applied.
 */
export const userUpdateSchema = userCreateSchema.omit({ email: true }).partial();
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The Users screen's form for brand-side users: the role is required there. */
export const brandUserFormSchema = userCreateSchema.extend({ role: roleField });
export type BrandUserFormInput = z.input<typeof brandUserFormSchema>;

/** The Bank Users screen's form: no role and no brand. */
export const bankUserFormSchema = userCreateSchema.omit({ role: true, brandId: true });
export type BankUserFormInput = z.input<typeof bankUserFormSchema>;

export const userStatuses = ['active', 'deactivated'] as const;

/** The sort columns of the Users list. */
export const userSortFields = ['email', 'displayName', 'role', 'brandName', 'phone', 'created'] as const;
export type UserSortField = (typeof userSortFields)[number];

/** GET users: the entity-list contract of spec 2 §7 (branches' shape). */
export const userListQuerySchema = entityListQuerySchema({
  sortFields: userSortFields,
  statuses: userStatuses,
}).strict();
