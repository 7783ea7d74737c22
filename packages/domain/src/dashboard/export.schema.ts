import { z } from 'zod';
import { messages } from '../messages/messages';
import { dashboardConditionsSchema, withConditionsBody } from './dashboard.schema';

/**
 * The dashboard's export (spec 3 §2.4, §7 `POST /export`, served at /api/dashboard/export): the
 * dashboard's filters, and the caller's e-mail. The transactions are written to a CSV by a
 * background job and a download link is mailed to the caller's own address (docs/decisions.md).
 */

/** The dashboard's conditions, plus the brand's name the spec's export sends beside its id. */
export const dashboardExportConditionsSchema = dashboardConditionsSchema.extend({
  /** Sent by the spec's export for the mail's wording only: the brand is chosen by brand_id. */
  brand_name: z.string().trim().max(200).optional(),
});

export const dashboardExportRequestSchema = withConditionsBody(
  {
    conditions: dashboardExportConditionsSchema,
    /**
     * The spec sends the user's e-mail. The file only ever goes to the caller's own address: an
     * address given must be that one (any case), else the export is refused.
     */
    email: z
      .string()
      .trim()
      .max(254, messages.validation.emailInvalid)
      .pipe(z.email(messages.validation.emailInvalid))
      .transform((email) => email.toLowerCase())
      .optional(),
    /**
     * Also the not-qualified transactions, with `reason` and `reason_code` columns (docs/decisions/
     * 0130): for those who may see the reasons (`dashboard.reasons`), else 403. Absent or false: the
     * file as before, qualified purchases and refunds only.
     */
    include_not_qualified: z.boolean().optional(),
  },
  () => dashboardExportConditionsSchema.parse({}),
);
export type DashboardExportRequest = z.output<typeof dashboardExportRequestSchema>;

/** The answer the spec's export reads (responseCode, responseMessage), inside our envelope. */
export const dashboardExportAnswerSchema = z.object({
  respCode: z.number().int(),
  respMessage: z.string(),
  responseCode: z.number().int(),
  responseMessage: z.string(),
  /** The export's id, for its state (GET /api/dashboard/exports/{id}); ours, beside the spec's fields. */
  exportId: z.uuid().optional(),
});

/**
 * Where an export is (docs/decisions.md 'Progress of uploads and exports'): preparing while the
 * job writes the file, ready once written, mailed once the link has gone to the caller.
 */
export const dashboardExportStateSchema = z.object({
  state: z.enum(['preparing', 'ready', 'mailed']),
  /** The file's rows, once written. */
  rowCount: z.number().int().nullable(),
});
export type DashboardExportState = z.infer<typeof dashboardExportStateSchema>;
export type DashboardExportAnswer = z.infer<typeof dashboardExportAnswerSchema>;

/** How long a mailed download link works, in days. */
export const exportLinkDays = 7;

/** Exports one user may have waiting for the job at once. */
export const maxPendingExports = 3;
