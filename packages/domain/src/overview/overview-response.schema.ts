import { z } from 'zod';
import { overviewFiguresSchema } from './overview.schema.ts';

/**
 * What the campaign overview routes answer (the requests are in overview.schema.ts): the API
 * serialises through these allowlists and the web client's calls are typed from them.
 */

/** GET campaignoverview/raw: the figures in force, the computed ones and whether they were edited. */
export const overviewRawSchema = z.object({
  campaign: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() }),
  overview: overviewFiguresSchema.extend({ campaign_id: z.string() }),
  computed: overviewFiguresSchema,
  /** When the snapshot was computed; null: no snapshot yet, computed now from the store. */
  computedAt: z.string().nullable(),
  overridden: z.boolean(),
  overriddenAt: z.string().optional(),
  overriddenBy: z.string().optional(),
});
export type OverviewRaw = z.infer<typeof overviewRawSchema>;

/** A campaign of a month range with its overview status. */
export const overviewListRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  brandName: z.string(),
  month: z.string(),
  computedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
});
export type OverviewListRow = z.infer<typeof overviewListRowSchema>;

/** GET campaignoverview/list. */
export const overviewListSchema = z.object({ campaigns: z.array(overviewListRowSchema) });
export type OverviewList = z.infer<typeof overviewListSchema>;

/** POST campaignoverview/upload: what was stored from each file. */
export const overviewDocsStoredSchema = z.object({
  transactions: z.object({
    received: z.number().int(),
    inserted: z.number().int(),
    duplicates: z.number().int(),
    unmatched: z.number().int(),
    rejected: z.number().int(),
  }),
  impressions: z.object({ stored: z.number().int() }),
});
export type OverviewDocsStored = z.infer<typeof overviewDocsStoredSchema>;

/** A refused upload (400) carries every error with its file and line beside the message. */
export const overviewDocsRefusalSchema = z.object({
  errors: z
    .array(
      z.object({
        file: z.enum(['transactions', 'impressions']),
        line: z.number().int(),
        message: z.string(),
      }),
    )
    .optional(),
});
export type OverviewDocsRefusal = z.infer<typeof overviewDocsRefusalSchema>;
