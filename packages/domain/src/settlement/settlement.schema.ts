import { z } from 'zod';
import { pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.settlement;

export const settlementKinds = ['daily', 'monthly'] as const;

/** An empty query value (?kind=) means 'not given'. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * The filters of a settlement-file list (docs/decisions/0107): the kind, and a period, where a
 * month (YYYY-MM) matches its monthly file and every daily file of its days, a date (YYYY-MM-DD)
 * that day's file.
 */
const filters = {
  kind: z.preprocess(emptyAsMissing, z.enum(settlementKinds, m.kindInvalid).optional()),
  period: z.preprocess(
    emptyAsMissing,
    z
      .string(m.periodInvalid)
      .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, m.periodInvalid)
      .optional(),
  ),
};

/** A publisher's key lists its own files: the paging contract and the filters. */
export const publisherSettlementListQuerySchema = pageQuerySchema.extend(filters).strict();
export type PublisherSettlementListQuery = z.infer<typeof publisherSettlementListQuerySchema>;

/** The web app's list: a system admin names the publisher (or sees all); a bank admin sees its own. */
export const settlementListQuerySchema = pageQuerySchema
  .extend({
    ...filters,
    publisherId: z.preprocess(emptyAsMissing, z.uuid(messages.validation.idInvalid).optional()),
  })
  .strict();
export type SettlementListQuery = z.infer<typeof settlementListQuerySchema>;
