import * as z from 'zod/mini';
import { signInMessages } from '../messages/sign-in-messages.ts';

/**
 * The login's payload and the fields every form shares with it, written with zod/mini so /login
 * loads zod's core without its chainable API. They are zod schemas all the same:
 * the server validates with them and the other schemas embed them as they are.
 */

const m = signInMessages.validation;

/** Longest input we will hash; anything longer is refused before argon2 sees it. */
export const maxPasswordInputLength = 128;

export const emailField = z.pipe(
  z.pipe(
    z
      .string({ error: m.emailRequired })
      .check(z.trim(), z.minLength(1, m.emailRequired), z.maxLength(254, m.emailInvalid)),
    z.email(m.emailInvalid),
  ),
  z.transform((email: string) => email.toLowerCase()),
);

export const entityTypes = ['brand', 'bank', 'cardprovider', 'systemadmin'] as const;
export type EntityType = (typeof entityTypes)[number];

const deviceField = z.optional(z.string().check(z.maxLength(100)));

export const deviceInfoSchema = z.strictObject({
  ipAddress: deviceField,
  browserName: deviceField,
  osName: deviceField,
  osVersion: deviceField,
  deviceType: deviceField,
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const loginSchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: m.passwordRequired })
    .check(z.minLength(1, m.passwordRequired), z.maxLength(maxPasswordInputLength, m.tooLong)),
  /** Accepted for compatibility with the spec's clients; the server knows the user's entity. */
  entityType: z.optional(z.enum([...entityTypes, 'user'])),
  /** Accepted and ignored: the server reads IP and user agent from the request itself. */
  deviceInfo: z.optional(deviceInfoSchema),
});
export type LoginInput = z.input<typeof loginSchema>;
