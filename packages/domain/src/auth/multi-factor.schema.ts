import { z } from 'zod';
import type { EntityType } from './auth.schema.ts';
import { maxPasswordInputLength } from './auth.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.multiFactor;

/**
 * Two-step sign-in (RFC 6238): 6-digit codes of a 30-second step from an
 * authenticator app, and single-use recovery codes for a lost phone.
 */
export const totpDigits = 6;
export const totpPeriodSeconds = 30;
/** Recovery codes handed out at a time; each signs in once. */
export const recoveryCodeCount = 10;
/** Characters of a recovery code, shown in groups of 4 (60 bits from a 32-letter alphabet). */
export const recoveryCodeLength = 12;
/** Lower-case letters and digits without 0, 1, l and o, which are misread on paper. */
export const recoveryCodeAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
/** How long the second step may wait after a correct password. */
export const challengeLifetimeMs = 5 * 60_000;

/** Who must use two-step sign-in: the system admin, whose session reaches every tenant. */
export function multiFactorRequiredFor(entityType: EntityType): boolean {
  return entityType === 'systemadmin';
}

/** A recovery code as typed (any case, spaces or dashes) reduced to its characters. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/** A recovery code as shown: groups of 4 joined by dashes. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export const totpCodeField = z
  .string({ error: m.codeRequired })
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, m.codeRequired)
      .regex(/^\d{6}$/, m.codeFormat),
  );

export const recoveryCodeField = z
  .string({ error: m.recoveryCodeRequired })
  .max(40, m.recoveryCodeFormat)
  .transform(normaliseRecoveryCode)
  .pipe(
    z
      .string()
      .min(1, m.recoveryCodeRequired)
      .regex(new RegExp(`^[${recoveryCodeAlphabet}]{${recoveryCodeLength}}$`), m.recoveryCodeFormat),
  );

const challengeField = z
  .string({ error: m.challengeInvalid })
  .min(20, m.challengeInvalid)
  .max(100, m.challengeInvalid);

/**
 * The login's second step: the challenge the password step answered, and either a code from the
 * app or a recovery code (a code when both or neither are sent).
 */
export const loginSecondStepSchema = z
  .strictObject({
    challenge: challengeField,
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
  })
  .superRefine((value, context) => {
    if ((value.code === undefined) === (value.recoveryCode === undefined)) {
      context.addIssue({ code: 'custom', path: ['code'], message: m.codeRequired });
    }
  });
export type LoginSecondStepInput = z.input<typeof loginSecondStepSchema>;

export const confirmCodeSchema = z.strictObject({ code: totpCodeField });
/** The recovery-code form of the login's second step. */
export const recoveryCodeSchema = z.strictObject({ recoveryCode: recoveryCodeField });
export type ConfirmCodeInput = z.input<typeof confirmCodeSchema>;

export const disableMultiFactorSchema = z.strictObject({
  password: z
    .string({ error: messages.validation.passwordRequired })
    .min(1, messages.validation.passwordRequired)
    .max(maxPasswordInputLength, messages.validation.tooLong),
  code: totpCodeField,
});
export type DisableMultiFactorInput = z.input<typeof disableMultiFactorSchema>;
