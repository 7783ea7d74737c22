import { z } from 'zod';
import { sessionUserSchema } from '../user/session-user.schema.ts';

/**
 * What the sign-in and account-access routes answer, two-step sign-in's included (the requests are
 * in login.schema.ts, auth.schema.ts and multi-factor.schema.ts): the API serialises through these
 * allowlists and the web client's calls are typed from them. A message-only answer is the API's
 * envelope alone.
 */

/** A session begun (login, its second step, a guest link); the token also goes in the cookie. */
export const signedInSchema = z.object({ accessToken: z.string(), details: sessionUserSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** The login's answer when a second step is due: no session yet. */
export const secondStepDueSchema = z.object({ mfaRequired: z.literal(true), challenge: z.string() });
export type SecondStepDue = z.infer<typeof secondStepDueSchema>;

/** GET auth/session: the signed-in user, or null when signed out. */
export const sessionAnswerSchema = z.object({ details: sessionUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const multiFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MultiFactorStatus = z.infer<typeof multiFactorStatusSchema>;

/** GET auth/mfa. */
export const multiFactorStatusAnswerSchema = z.object({ details: multiFactorStatusSchema });
export type MultiFactorStatusAnswer = z.infer<typeof multiFactorStatusAnswerSchema>;

/** POST auth/mfa/setup: the secret waiting for a code of the app. */
export const multiFactorSetupAnswerSchema = z.object({
  details: z.object({
    /** Base32, as authenticator apps take it when typed. */
    secret: z.string(),
    /** The otpauth:// URI the QR code carries. */
    uri: z.string(),
  }),
});
export type MultiFactorSetupAnswer = z.infer<typeof multiFactorSetupAnswerSchema>;

/** POST auth/mfa/enable and auth/mfa/recoveryCodes: the recovery codes, shown once. */
export const recoveryCodesAnswerSchema = z.object({
  details: z.object({ recoveryCodes: z.array(z.string()) }),
});
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;
