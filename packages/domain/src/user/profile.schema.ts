import { z } from 'zod';
import type { BrandRole } from '../access/access.rules.ts';
import type { EntityType } from '../auth/auth.schema.ts';
import { messages } from '../messages/messages.ts';
import { withoutSpaces } from '../validation/text-fields.schema.ts';

const m = messages.profile;
const v = messages.validation;

export const profileNameLength = { min: 3, max: 100 } as const;
/** Letters, with single spaces or hyphens between them ('Mary Ann', 'Smith-Jones'). */
const alphabetsOnly = /^[A-Za-z]+(?:[ -][A-Za-z]+)*$/;
/** Letters and digits, with spaces and & ' . , ( ) - after the first character. */
const brandNameCharacters = /^[A-Za-z0-9][A-Za-z0-9 &'.,()-]*$/;
/** Digits with an optional leading +, once spaces are taken out. */
const phoneDigits = /^\+?\d+$/;
export const profilePhoneDigits = { min: 7, max: 15 } as const;

const personName = z
  .string({ error: v.nameRequired })
  .trim()
  .min(1, v.nameRequired)
  .regex(alphabetsOnly, m.nameAlphabets)
  .min(profileNameLength.min, v.nameMin)
  .max(profileNameLength.max, m.nameMax);

const brandName = z
  .string({ error: m.brandRequired })
  .trim()
  .min(1, m.brandRequired)
  .regex(brandNameCharacters, m.brandCharacters)
  .min(profileNameLength.min, m.brandMin)
  .max(profileNameLength.max, m.brandMax);

/** The profile's contact number (spec 2 §5): required, numeric, not negative. */
export const profilePhoneField = z.preprocess(
  withoutSpaces,
  z
    .string({ error: m.phoneRequired })
    .min(1, m.phoneRequired)
    .refine((phone) => !phone.startsWith('-'), m.phoneMinus)
    .regex(phoneDigits, m.phoneAlphabets)
    .refine((phone) => {
      const digits = phone.replace('+', '').length;
      return digits >= profilePhoneDigits.min && digits <= profilePhoneDigits.max;
    }, m.phoneLength),
);

/**
 * My Profile (spec 2 §2.8, §5, §7 PUT users/{id}?type=profile). The spec's client also sends
 * email, _id and brandId: they identify the account and are checked against it, never changed.
 * brandName is there for users of a brand (required once shown); only a brand admin may change it.
 */
export const profileUpdateSchema = z.strictObject({
  firstName: personName,
  lastName: personName,
  phone: profilePhoneField,
  address: z
    .string()
    .trim()
    .max(500, v.tooLong)
    .transform((value) => value || null)
    .nullish(),
  brandName: brandName.optional(),
  email: z.string().trim().max(254, v.tooLong).optional(),
  _id: z.string().max(100).optional(),
  brandId: z.string().max(100).nullish(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** PUT users/{id}'s query: the spec's type=profile, and response=true to answer the updated user. */
export const profileUpdateQuerySchema = z.strictObject({
  type: z.literal('profile').optional(),
  response: z.enum(['true', 'false']).optional(),
});

export interface ProfileSubject {
  entityType: EntityType;
  role: BrandRole | null;
  brandId: string | null;
  isClientAdmin: boolean;
}

/** Whose profile shows the brand name: a user of one brand. */
export function profileHasBrand(subject: ProfileSubject): boolean {
  return subject.entityType === 'brand' && subject.brandId !== null && !subject.isClientAdmin;
}

/** Who may rename their brand from My Profile: the brand's own admins (company or brand admin). */
export function canRenameBrand(subject: ProfileSubject): boolean {
  return profileHasBrand(subject) && (subject.role === 'companyAdmin' || subject.role === 'brandAdmin');
}
