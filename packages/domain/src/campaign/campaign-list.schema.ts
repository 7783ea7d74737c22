import { z } from 'zod';
import { sortDirections } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';
import { campaignPhases, isIsoMonth } from './campaign-dates.rules.ts';

const m = messages.campaign;

/** Columns a campaign list sorts by; 'created' is the default. */
export const campaignSortFields = [
  'created',
  'name',
  'status',
  'discountPercent',
  'successFee',
  'start_date',
  'customerType',
  'suggestions',
  'recurring',
] as const;
export type CampaignSortField = (typeof campaignSortFields)[number];

/**
 * Campaign search applies only with more than 3 characters (spec 1 §5, spec 3 §9), one more than
 * the entity lists of spec 2 (`minSearchLength`).
 */
export const campaignSearchMinLength = 4;

const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** The filter's search: a string or {value}; trimmed, and dropped when 3 characters or fewer. */
const globalSearchField = z
  .union([z.string(), z.object({ value: z.string() })])
  .optional()
  .transform((search) => (typeof search === 'object' ? search.value : search)?.trim())
  .pipe(z.string().max(100, messages.validation.tooLong).optional())
  .transform((search) =>
    search !== undefined && search.length >= campaignSearchMinLength ? search : undefined,
  );

/** The `filter` JSON of GET campaigns (spec 3 §7). */
export const campaignListFilterSchema = z.object(
  {
    limit: z.coerce.number().int().min(1).max(100).default(10),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** Extra conditions: regexOr matches part of the text, ignoring case; eq matches exactly. */
    criteria: z
      .array(
        z.object({
          key: z.enum(['name', 'status', 'customerType', 'discountType']),
          value: z.string().max(100),
          type: z.enum(['regexOr', 'eq']),
        }),
      )
      .max(10)
      .optional(),
    direction: z.enum(sortDirections).default('desc'),
    sortfield: z.enum(campaignSortFields).default('created'),
    globalSearch: globalSearchField,
  },
  { error: messages.common.invalidRequest },
);
export type CampaignListFilter = z.output<typeof campaignListFilterSchema>;

/** The filter travels as JSON text in the query; missing or empty means every default. */
function readJson(value: unknown): unknown {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const monthParam = z.preprocess(emptyAsMissing, z.string().refine(isIsoMonth, m.monthInvalid).optional());

const flagParam = z.preprocess(emptyAsMissing, z.enum(['true', 'false']).optional());

/**
 * How many campaigns the dashboard's campaign selector lists at most (ours: the spec's call has
 * no paging). Newest month first; the name filter narrows it.
 */
export const campaignSelectorLimit = 500;

/**
 * GET campaigns?filter=…&campaignType=past|current|future[&brandId][&startMonth][&endMonth]: a
 * page of a list (spec 3 §2). Or campaignType=All&from=dashboard|clientDashboard[&brandId]
 * [&groupId][&filter with a name criterion]: the dashboard's campaign selector (spec 3 §7), whose
 * isClientAdmin, isGroupAdmin and brandName are read but not trusted (the session decides scope).
 */
export const campaignListQuerySchema = z
  .object({
    filter: z.preprocess(readJson, campaignListFilterSchema),
    campaignType: z.enum([...campaignPhases, 'All']),
    brandId: z.preprocess(emptyAsMissing, z.uuid().optional()),
    /** Date-range filter, 'YYYY-MM', both ends inclusive. */
    startMonth: monthParam,
    endMonth: monthParam,
    from: z.enum(['dashboard', 'clientDashboard']).optional(),
    groupId: z.preprocess(emptyAsMissing, z.uuid().optional()),
    brandName: z.string().max(200).optional(),
    isClientAdmin: flagParam,
    isGroupAdmin: flagParam,
  })
  .refine(
    (query) =>
      query.startMonth === undefined || query.endMonth === undefined || query.startMonth <= query.endMonth,
    { path: ['endMonth'], error: m.searchMonthOrder },
  )
  .refine((query) => (query.campaignType === 'All') === (query.from !== undefined), {
    path: ['from'],
    error: messages.validation.invalidValue,
  });
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;
