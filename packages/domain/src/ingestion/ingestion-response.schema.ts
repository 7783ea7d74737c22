import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { ingestResultShape } from './transaction-file.schema.ts';

/**
 * What the ingestion routes answer (the requests are in ingestion.schema.ts and
 * transaction-file.schema.ts): the API serialises through these allowlists and the web client's
 * calls are typed from them.
 */

/** A row of the ingestion logs: one uploaded file, GMV in whole pence. */
export const ingestionLogRowSchema = z.object({
  _id: z.string(),
  /** The publisher's display name (Fidel shows as NextJump, LUX as Mastercard). */
  data_source: z.string(),
  uploadedDate: z.iso.datetime(),
  gmvPence: z.number().int(),
  txnCount: z.number().int(),
});
export type IngestionLogRow = z.infer<typeof ingestionLogRowSchema>;

/** GET ingestionLogs: one page of the ingestion logs. */
export const ingestionLogPageSchema = listPageSchema(ingestionLogRowSchema);

/** POST ingestionLogs/getUploadedDate: the latest upload's dates and each publisher's last transaction. */
export const uploadedDateSchema = z.object({
  ingestionLogDate: z
    .object({
      uploadedDate: z.iso.datetime(),
      next_ingestion_date: z.iso.datetime().nullable(),
      last_trans_date: z.iso.datetime().nullable(),
    })
    .nullable(),
  ingestionLogList: z.array(
    z.object({ data_source: z.string(), last_trans_date: z.iso.datetime().nullable() }),
  ),
});
export type UploadedDate = z.infer<typeof uploadedDateSchema>;

/** POST transactions/ingest, ingestionLogs/upload: what was stored, and each refused row. */
export const ingestResultSchema = z.object(ingestResultShape);
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** A refused file's answer (400) carries what counts it has beside the error message. */
export const ingestRefusalSchema = ingestResultSchema.partial();
export type IngestRefusal = z.infer<typeof ingestRefusalSchema>;
