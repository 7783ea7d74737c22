import { z } from 'zod';
import { pageQuerySchema, sortDirections } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';
import {
  campaignPhases,
  currentMonth,
  isIsoMonth,
  periodOf,
  shiftMonth,
  type CampaignPhase,
} from './campaign-dates.rules.ts';

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
    limit: pageQuerySchema.shape.limit,
    page: pageQuerySchema.shape.page,
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

/**
 * The month filter each list has (spec 3 §2.1–2.3, §5): Future none; Current a shown date range of
 * months, start not after end; Past a hidden one whose pickers offer only months after the current
 * month. Hidden, it is not drawn; the API still holds a request to its rule.
 */
export const campaignMonthFilters = {
  future: 'none',
  current: 'shown',
  past: 'hidden',
} as const satisfies Record<CampaignPhase, 'none' | 'shown' | 'hidden'>;

/** The first month the Past list's filter offers: the month after the current one (spec 3 §2.2). */
export function pastFilterFirstMonth(now: Date, timeZone: string): string {
  return shiftMonth(currentMonth(now, timeZone), 1);
}

/** What is wrong with a list's month filter by its list's rule, naming the field; null when nothing. */
export function campaignMonthFilterIssue(
  phase: CampaignPhase,
  months: { startMonth?: string; endMonth?: string },
  now: Date,
  timeZone: string,
): { field: 'startMonth' | 'endMonth'; message: string } | null {
  const given = (['startMonth', 'endMonth'] as const).filter((field) => months[field] !== undefined);
  const [first] = given;
  if (first === undefined) return null;
  if (campaignMonthFilters[phase] === 'none') return { field: first, message: m.monthFilterNotOffered };
  if (phase === 'past') {
    const earliest = pastFilterFirstMonth(now, timeZone);
    const early = given.find((field) => months[field]! < earliest);
    if (early) return { field: early, message: m.monthFilterFrom(periodOf(earliest)) };
  }
  return null;
}
