import { z } from 'zod';
import { entityTypes } from '../auth/auth.schema.ts';
import { brandRoles } from '../access/access.rules.ts';

/** The session user of spec 1 §3, as the API answers it and the web keeps it (never a secret in it). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  role: z.enum(brandRoles).nullable(),
  entityType: z.enum(entityTypes),
  entity: z.object({ name: z.string() }),
  brandId: z.string().nullable(),
  brandObjId: z.string().nullable(),
  brandName: z.string().nullable(),
  brandIds: z.array(z.object({ brandId: z.string(), brandName: z.string() })),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  bankId: z.string().nullable(),
  bankName: z.string().nullable(),
  /** A bank user who manages the bank's details and its users (My Bank, Bank Users). */
  isBankAdmin: z.boolean().optional(),
  isClientAdmin: z.boolean(),
  /** The internal demo user: fixed demo projection figures and a fixed 10% discount (spec 1 §6). */
  isInternalDemo: z.boolean(),
  /**
   * Where this session started (spec 1 §1): 'cardNetwork' after a card-network guest link, which
   * fixes the discount at 10%, names the campaign by the month in full, keeps the month window to
   * next month up to 6 months ahead and shows 'coming soon' in place of projections.
   */
  source: z.enum(['cardNetwork']).nullable(),
  isFirstLogin: z.boolean(),
  isTAndCAccepted: z.boolean(),
  guestUser: z.boolean(),
  guestUserFlag: z.boolean(),
  stepOne: z.boolean(),
  stepTwo: z.boolean(),
  stepThree: z.boolean(),
  proceesCompleted: z.boolean(),
  step: z.string().nullable(),
  stepOneData: z.unknown().nullable(),
  __v: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
