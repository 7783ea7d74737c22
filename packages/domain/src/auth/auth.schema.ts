import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import {
  isCommonPassword,
  isPersonalPassword,
  passwordCharacters,
  passwordLength,
  weakPasswordMessage,
} from './password-policy.ts';
import { emailField, entityTypes, maxPasswordInputLength } from './login.schema.ts';

export { passwordLength } from './password-policy.ts';
// The fields the login shares with the other forms live in login.schema.ts (zod/mini).
export {
  deviceInfoSchema,
  emailField,
  entityTypes,
  maxPasswordInputLength,
  type DeviceInfo,
  type EntityType,
} from './login.schema.ts';

const m = messages.validation;

const personName = /^[A-Za-z\- ]+$/;

const personNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .regex(personName, m.nameCharacters)
  .min(3, m.nameMin)
  .max(20, m.nameMax);

/**
 * A new password (password-policy.ts): 8 to 64 code points, anything goes but a common or leaked
 * password or one the strength estimate finds easy to guess, said with the estimate's reason. The
 * spec's composition rule is gone on purpose (ASVS 6.2; docs/decisions.md).
 */
const passwordField = (words: { required: string; min: string; max: string }) =>
  z
    .string({ error: words.required })
    .min(1, words.required)
    .refine((value) => passwordCharacters(value) >= passwordLength.min, words.min)
    .refine((value) => passwordCharacters(value) <= passwordLength.max, { error: words.max, abort: true })
    .refine((value) => !isCommonPassword(value), m.passwordCommon)
    .superRefine((value, context) => {
      // A short or listed password has its own message; an abort would hide the form's other ones.
      if (passwordCharacters(value) < passwordLength.min || isCommonPassword(value)) return;
      const weak = weakPasswordMessage(value);
      if (weak) context.addIssue({ code: 'custom', message: weak });
    });

/** A new password as the sign-up form words its rules. */
const signupPasswordField = passwordField({
  required: m.passwordRequired,
  min: m.passwordMin,
  max: m.passwordMax,
});

/** A new password as the create-password and change-password forms word their rules. */
const newPasswordField = passwordField({
  required: m.newPasswordRequired,
  min: m.newPasswordMin,
  max: m.newPasswordMax,
});

const confirmPasswordField = z.string({ error: m.confirmPasswordRequired }).min(1, m.confirmPasswordRequired);

/**
 * Object-level checks run even while other fields are invalid, so a form shows every problem at
 * once; they still need an object to look at.
 */
export const whenObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

/** The confirm field repeats the password; an empty confirm only says it is required. */
const confirmMatches = (confirm: unknown, password: unknown) =>
  confirm === undefined || confirm === '' || confirm === password;
const mismatch = {
  path: ['confirmPassword'] as PropertyKey[],
  error: m.passwordsMustMatch,
  when: whenObject,
};

export const signupSchema = z
  .strictObject({
    firstName: personNameField,
    lastName: personNameField,
    email: emailField,
    password: signupPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => confirmMatches(v.confirmPassword, v.password), mismatch)
  .refine((v) => typeof v.password !== 'string' || !isPersonalPassword(v.password, v), {
    path: ['password'],
    error: m.passwordPersonal,
    when: whenObject,
  });
export type SignupInput = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The create-password form shared by /setpassword/:token and /changerecoverpassword/:token. */
export const createPasswordFormSchema = z
  .strictObject({ newPassword: newPasswordField, confirmPassword: confirmPasswordField })
  .refine((v) => confirmMatches(v.confirmPassword, v.newPassword), mismatch);
export type CreatePasswordFormInput = z.input<typeof createPasswordFormSchema>;

const linkToken = z
  .string({ error: messages.auth.linkInvalid })
  .trim()
  .min(20, messages.auth.linkInvalid)
  .max(200, messages.auth.linkInvalid);

/** POST auth/changeRecoverPassword: the spec names the link parameter enEmail; it carries our token. */
export const changeRecoverPasswordSchema = z
  .strictObject({
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
    enEmail: linkToken,
    entityType: z.enum([...entityTypes, 'user']).optional(),
  })
  .refine((v) => confirmMatches(v.confirmPassword, v.newPassword), mismatch);

/** POST auth/createPassword for /setpassword/:token links. */
export const createPasswordSchema = z
  .strictObject({
    token: linkToken,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
    entityType: z.enum([...entityTypes, 'user']).optional(),
  })
  .refine((v) => confirmMatches(v.confirmPassword, v.newPassword), mismatch);

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, m.currentPasswordRequired)
      .max(maxPasswordInputLength, m.tooLong),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => confirmMatches(v.confirmPassword, v.newPassword), mismatch)
  .refine((v) => v.currentPassword === '' || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: m.newPasswordSameAsCurrent,
    when: whenObject,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const guestTokenQuerySchema = z.strictObject({ token: linkToken });

/** POST auth/confirmEmail: the token of a sign-up's confirmation link (/verifyemail/:token). */
export const confirmEmailSchema = z.strictObject({ token: linkToken });
