import { z } from 'zod';
import { emailField } from '../auth/auth.schema';
import { messages } from '../messages/messages';
import { hasControlCharacter, insightsIdSchema } from './insights.schema';

/**
 * The insights login and the Sign Up dialog (spec 3 §3, §7; docs/social-analytics.md): a visitor
 * gives an e-mail and a brand and gets an insights pass for that brand's figures. Like
 * insights.schema.ts, this contract only grows.
 */

/** POST /api/insights/savebrandDetails: the insights login (spec 3 §7: e-mail, brandId; device info taken by the server). */
export const insightsLoginSchema = z.strictObject({
  email: emailField,
  brandId: z
    .string({ error: messages.insights.brandIdRequired })
    .min(1, messages.insights.brandIdRequired)
    .pipe(insightsIdSchema),
  /**
   * Device info the browser may send (docs/social-analytics.md). Accepted for compatibility and not
   * trusted: the server records what the request itself shows (brief §4 'Device info').
   */
  ipAddress: z.string().max(64).optional(),
  browserName: z.string().max(100).optional(),
  osName: z.string().max(100).optional(),
  osVersion: z.string().max(100).optional(),
  deviceType: z.string().max(100).optional(),
});
export type InsightsLogin = z.infer<typeof insightsLoginSchema>;

/** A one-line text without control characters. */
const plainText = (max: number, required?: string) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, required)
    .max(max, messages.validation.tooLong)
    .refine((text) => !hasControlCharacter(text), messages.insights.rowControl);

/** POST /api/insights/updatebrandDetails/:id: the Sign Up dialog (spec 3 §3 'Signup interest', §5). */
export const insightsSignupSchema = z.strictObject({
  contactName: plainText(100, messages.insights.contactNameRequired),
  organizationName: plainText(150, messages.insights.organizationNameRequired),
  phoneNumber: plainText(30).optional(),
  email: z
    .string({ error: messages.insights.signupEmailRequired })
    .trim()
    .min(1, messages.insights.signupEmailRequired)
    .max(254, messages.insights.signupEmailInvalid)
    .pipe(z.email(messages.insights.signupEmailInvalid))
    .transform((email) => email.toLowerCase()),
  isInstrested: z.boolean().default(false),
  isSocialAnalytics: z.boolean().default(false),
  isReferrals: z.boolean().default(false),
});
export type InsightsSignup = z.infer<typeof insightsSignupSchema>;
export const insightsSignupParamsSchema = z.strictObject({ id: insightsIdSchema });
