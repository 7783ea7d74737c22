import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { publisherKeyModes } from './publisher-key.rules.ts';

/**
 * What the publisher account and key routes answer (requests in publisher.schema.ts): allowlists
 * the API serialises through, so a key's hash can never leave it.
 */

/** A publisher as the system admin's list and form show it. */
export const publisherRowSchema = z.object({
  _id: z.string(),
  code: z.string(),
  displayName: z.string(),
  /** The bank whose bank admins administer the publisher's keys. */
  bankId: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Brands in its offers feed. */
  brandsCount: z.number().int(),
  /** Keys that still work (live and test). */
  workingKeysCount: z.number().int(),
  created: z.iso.datetime(),
});
export type PublisherRow = z.infer<typeof publisherRowSchema>;

export const publisherListPageSchema = listPageSchema(publisherRowSchema);

export const publisherSavedSchema = z.object({ publisher: publisherRowSchema });

/** A brand in a publisher's feed. */
export const publisherBrandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  linked: z.iso.datetime(),
});
export type PublisherBrand = z.infer<typeof publisherBrandSchema>;

export const publisherBrandsAnswerSchema = z.object({ brands: z.array(publisherBrandSchema) });

/** A key as its list shows it: never its secret or hash. */
export const publisherKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  mode: z.enum(publisherKeyModes),
  /** The first characters of the secret, e.g. pk_live_ab12. */
  prefix: z.string(),
  status: z.enum(['active', 'expiring', 'expired', 'revoked']),
  created: z.iso.datetime(),
  createdBy: z.string().nullable(),
  lastUsed: z.iso.datetime().nullable(),
  /** When a rotated key stops working. */
  expires: z.iso.datetime().nullable(),
  revoked: z.iso.datetime().nullable(),
});
export type PublisherKey = z.infer<typeof publisherKeySchema>;

export const publisherKeysAnswerSchema = z.object({
  publisher: z.object({ _id: z.string(), code: z.string(), displayName: z.string() }),
  keys: z.array(publisherKeySchema),
});
export type PublisherKeysAnswer = z.infer<typeof publisherKeysAnswerSchema>;

/** A new key (made or rotated): the secret, shown this once. */
export const publisherKeyMadeSchema = z.object({
  key: publisherKeySchema,
  secret: z.string(),
  /** For a rotation: the old key, now working until its `expires`. */
  replaced: publisherKeySchema.optional(),
});
export type PublisherKeyMade = z.infer<typeof publisherKeyMadeSchema>;

export const publisherKeyRevokedSchema = z.object({ key: publisherKeySchema });
