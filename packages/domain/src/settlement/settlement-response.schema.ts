import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { settlementKinds } from './settlement.schema.ts';

/**
 * A settlement file as its lists answer it (docs/decisions/0107): an allowlist, without the
 * content, which only the download serves. Money in integer pence; `generatedAt` an instant (UTC).
 */
export const settlementFileSchema = z.object({
  id: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  kind: z.enum(settlementKinds),
  /** YYYY-MM-DD for a daily file, YYYY-MM for a monthly one (in the timezone setting). */
  period: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  cashbackPence: z.number().int(),
  successFeePence: z.number().int(),
  /** SHA-256 (hex) of the file's bytes, as the download's X-Checksum-SHA256 header gives it. */
  sha256: z.string(),
  generatedAt: z.string(),
});
export type SettlementFile = z.infer<typeof settlementFileSchema>;

export const settlementFilePageSchema = listPageSchema(settlementFileSchema);
export type SettlementFilePage = z.infer<typeof settlementFilePageSchema>;
