import { z } from 'zod';
import { listPageSchema, pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.audit;

/**
 * The audit log (docs/decisions/0113): what was changed. Each names a record of the product; the
 * event's entity id is that record's id (the settings' is the setting's key).
 */
export const auditEntityTypes = [
  'campaign',
  'branch',
  'user',
  'bank',
  'brand_bank',
  'payment_mandate',
  'setting',
  'publisher_key',
  'publisher',
  'webhook_endpoint',
  'claim',
  'password',
  'multi_factor',
  'group',
  'client_list',
  'campaign_overview',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** What happened to it. Approvals and rejections are their own actions, so they can be filtered. */
export const auditActions = [
  'created',
  'updated',
  'deleted',
  'approved',
  'rejected',
  'paused',
  'stopped',
  'rotated',
  'revoked',
] as const;
export type AuditAction = (typeof auditActions)[number];

const day = z.iso.date(m.dateInvalid);

/** The log's filters, the same for the list and the CSV export. */
const filterShape = {
  entityType: z.enum(auditEntityTypes, m.entityTypeInvalid).optional(),
  entityId: z.string().trim().min(1).max(100, m.entityIdInvalid).optional(),
  /** The acting user, by id or by e-mail (as it was when they acted; case ignored). */
  actorId: z.uuid(messages.validation.idInvalid).optional(),
  actorEmail: z.string().trim().toLowerCase().pipe(z.email(m.actorEmailInvalid)).optional(),
  brandId: z.uuid(messages.validation.idInvalid).optional(),
  /** Days in the timezone setting, both included. */
  from: day.optional(),
  to: day.optional(),
};

const inOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

export const auditListQuerySchema = pageQuerySchema
  .extend(filterShape)
  .strict()
  .refine(inOrder, { message: m.rangeInvalid, path: ['to'] });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** The CSV export takes the same filters, without paging: every matching event, oldest first. */
export const auditExportQuerySchema = z
  .strictObject(filterShape)
  .refine(inOrder, { message: m.rangeInvalid, path: ['to'] });
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

export const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** One event as the log shows it: an allowlist (the hashes stay in the database and the check). */
export const auditEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
  /**
   * Who made the change: a user (id and e-mail as they were), the payment provider whose signed
   * webhook made it (its name, no user), or neither (the product itself, a publisher's key).
   */
  actor: z.object({ id: z.uuid().nullable(), email: z.string().nullable(), provider: z.string().nullable() }),
  brandId: z.uuid().nullable(),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string(),
  action: z.enum(auditActions),
  changes: z.record(z.string(), fieldChangeSchema),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = listPageSchema(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A campaign's versions: its events, oldest first, for the campaign page's history. */
export const campaignVersionsSchema = z.object({ versions: z.array(auditEventSchema) });
export type CampaignVersions = z.infer<typeof campaignVersionsSchema>;
