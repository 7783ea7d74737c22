import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';

/**
 * What the mail routes answer: the API serialises through these allowlists and the web client's
 * calls are typed from them.
 */

/** A mail of the outbox a system admin reads (Settings → Outbox). */
export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  created: z.iso.datetime(),
  sent: z.iso.datetime().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET mail/outbox: one page of the outbox. */
export const outboxPageSchema = listPageSchema(outboxMailSchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;
