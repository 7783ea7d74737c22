import { z } from 'zod';
import { shiftDate } from '../calendar/calendar.rules';
import { isIsoDate, localToday, type IsoDate } from '../campaign/campaign-dates.rules';
import { messages } from '../messages/messages';

/**
 * The performance dashboard's call (spec 3 §7 `POST /client`, served at /api/dashboard/client) and
 * its answer, the campaign-overview shape of spec 3 §3. Money is integer pence.
 */

/** Days in the default range: the last 30 days ending today (spec 3 §4, §9). */
export const defaultRangeDays = 30;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A day of the range: 'yyyy-MM-dd', or the spec's ISO date-time with an offset, which stands for
 * its date in the timezone setting (see `dashboardDateRange`).
 */
const rangeDaySchema = z
  .string()
  .max(40, messages.dashboard.dateInvalid)
  .refine(
    (value) => isIsoDate(value) || isoDateTime.safeParse(value).success,
    messages.dashboard.dateInvalid,
  );

/** Customer type filter values (spec 3 §9): NEW USER is new; REPEAT USER is existing or lapsed. */
export const dashboardCustomerTypes = ['NEW USER', 'REPEAT USER'] as const;

export const offerTypes = ['dp', 'dv', 'ss'] as const;

/** The parts of the answer a caller may ask for with `fields` (all of them when absent). */
export const dashboardParts = ['statistics', 'insights', 'performance', 'demographic'] as const;
export type DashboardPart = (typeof dashboardParts)[number];

/** An empty id or 'All' in a filter means no filter (the spec's 'All' options). */
const optionalId = z
  .union([z.uuid(), z.literal(''), z.literal('All'), z.literal('all')])
  .optional()
  .transform((value) => (value && value.toLowerCase() !== 'all' ? value : undefined));

export const dashboardConditionsSchema = z.strictObject({
  brand_id: optionalId,
  group_id: optionalId,
  /** The branch (spec: kmid). */
  kmid: optionalId,
  campaign_id: optionalId,
  /** The publisher's code (ATR, Fidel, LUX, Amex). */
  data_source: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((value) => (value && value.toLowerCase() !== 'all' ? value : undefined)),
  customer_type_wrt_account: z
    .union([z.enum(dashboardCustomerTypes), z.literal(''), z.literal('All')])
    .optional()
    .transform((value) => (value === '' || value === 'All' ? undefined : value)),
  selectedOfferType: z
    .union([z.enum(offerTypes), z.literal(''), z.literal('All')])
    .optional()
    .transform((value) => (value === '' || value === 'All' ? undefined : value)),
  /** [start, end], days or date-times; absent or incomplete means the default range (spec 3 §4). */
  txn_date_time: z.array(rangeDaySchema).max(2).optional(),
  /**
   * With xero_invoice_number: the answer covers that invoice's brand and month (its month replaces
   * the date range; the other filters still apply). Unknown or outside the scope: 404.
   */
  is_invoice_data: z.boolean().optional(),
  xero_invoice_number: z
    .union([
      z
        .string()
        .trim()
        .regex(/^INV-\d{6,}$/, messages.invoice.numberInvalid),
      z.literal(''),
    ])
    .optional()
    .transform((value) => value || undefined),
});

/**
 * A request body as we send it (`{ conditions, … }`) or as the spec does, wrapped in
 * `conditions_body` (spec 3 §7), with other fields (the export's e-mail) inside it or beside it; a
 * field given in both places is refused. Answers the unwrapped body.
 */
export function withConditionsBody<Shape extends z.ZodRawShape & { conditions: z.ZodType }>(
  shape: Shape,
  noConditions: () => z.output<Shape['conditions']>,
) {
  type Body = z.output<z.ZodObject<Shape>>;
  const optionalBody = z.strictObject(shape).partial();
  const parts = (value: object) => {
    const { conditions_body: wrapped, ...bare } = value as Record<string, unknown>;
    return { wrapped: wrapped as Record<string, unknown> | undefined, bare };
  };
  return optionalBody
    .extend({ conditions_body: optionalBody.optional() })
    .superRefine((value, context) => {
      const { wrapped, bare } = parts(value);
      for (const [field, given] of Object.entries(wrapped ?? {})) {
        if (given !== undefined && bare[field] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['conditions_body', field],
            message: messages.dashboard.conditionsTwice,
          });
        }
      }
    })
    .transform((value): Body => {
      const { wrapped, bare } = parts(value);
      const found = { ...bare, ...wrapped };
      return { ...found, conditions: found.conditions ?? noConditions() } as unknown as Body;
    });
}

export const dashboardRequestSchema = withConditionsBody(
  {
    conditions: dashboardConditionsSchema,
    fields: z.array(z.enum(dashboardParts)).max(dashboardParts.length).optional(),
  },
  () => dashboardConditionsSchema.parse({}),
);
export type DashboardRequest = z.output<typeof dashboardRequestSchema>;

/** What the dashboard filters on in the reporting store, resolved to ids; an absent field filters nothing. */
export interface ReportingFilter {
  startDate: string;
  endDate: string;
  /** 'all' for every brand; an empty list matches nothing. */
  brandIds: string[] | 'all';
  branchId?: string;
  /** null: the publisher named matches none. */
  publisherId?: string | null;
  campaignId?: string;
  customerTypes?: readonly ('new' | 'existing' | 'lapsed')[];
  offerType?: 'dp' | 'dv' | 'ss';
  /**
   * A chosen invoice: exactly the transactions it billed (invoice_transactions), whatever their day,
   * in place of the dates (decision 0072).
   */
  invoiceId?: string;
}

export interface DateRange {
  start_date: IsoDate;
  end_date: IsoDate;
}

/**
 * The dashboard's date range (spec 3 §4, §5), in the timezone setting: both dates or the default
 * last 30 days ending today; a start after today or an end before the start is refused; an end
 * after today becomes today. Answers the range or the message of what is wrong.
 */
export function dashboardDateRange(
  dates: readonly string[] | undefined,
  now: Date,
  timeZone: string,
): DateRange | { error: string } {
  const today = localToday(now, timeZone);
  if (!dates || dates.length < 2) {
    return { start_date: shiftDate(today, 1 - defaultRangeDays), end_date: today };
  }
  const [start, end] = dates.map((day) => (isIsoDate(day) ? day : localToday(new Date(day), timeZone))) as [
    IsoDate,
    IsoDate,
  ];
  if (start > today) return { error: messages.dashboard.startInFuture };
  if (end < start) return { error: messages.dashboard.endBeforeStart };
  return { start_date: start, end_date: end > today ? today : end };
}

/** The overview's statistics, in the order their cards show. */
export const statisticNames = [
  'reach',
  'paying_cards',
  'conversions',
  'revenue',
  'total_cost',
  'totalCashback',
  'totalSuccessFee',
  'cpa',
] as const;
/** Where the reach statistic comes from, or why it is not available (`reachSource`). */
export const reachSources = ['impressions', 'notByBranch', 'notByCustomerType', 'noImpressions'] as const;
export type ReachSource = (typeof reachSources)[number];

/** Its insights, in the order their cards show. */
export const insightNames = ['highest_spend', 'lowest_spend', 'average_spend', 'repeat_customers'] as const;

const namedValue = <Name extends z.ZodType>(name: Name) =>
  z.object({ name, value: z.union([z.number(), z.literal('N/A')]) });
const labelled = z.object({ label: z.string(), value: z.number() });

/** One invoice of the dashboard's invoice selector (spec 3 §3 invoiceList). */
export const dashboardInvoiceSchema = z.object({
  xero_invoiceNumber: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  brandId: z.string(),
});
export type DashboardInvoice = z.infer<typeof dashboardInvoiceSchema>;

export const dashboardAnswerSchema = z.object({
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Campaigns with results in the range. */
  count: z.number(),
  statistics: z.array(namedValue(z.enum(statisticNames))).optional(),
  insights: z.array(namedValue(z.enum(insightNames))).optional(),
  performance: z
    .object({ reach: z.array(labelled), conversions: z.array(labelled), revenue: z.array(labelled) })
    .optional(),
  demographic: z
    .object({
      age: z.array(labelled),
      gender: z.array(labelled),
      nationality: z.array(labelled),
      branches: z.array(labelled),
      revenuePerPublisher: z.array(labelled),
    })
    .optional(),
  /**
   * Reach has one meaning: cardholders shown the offer, the publishers' impressions
   * for the filter. Impressions are per campaign, publisher and day, never per branch or customer
   * type: with either chosen, or with no impressions for the filter, reach is 'N/A' and this says
   * why. The distinct cards that bought are `paying_cards`, a statistic of their own.
   */
  reachSource: z.enum(reachSources).optional(),
  /**
   * With the statistics: the cashback and success fee of `totalCashback` and `totalSuccessFee`
   * split into pending (purchases still inside their return period) and final (docs/decisions/
   * 0117); pending + final is each total exactly. `finalThrough`: purchases on or before this local
   * date are final. A chosen invoice's figures are all final (an invoice bills final rewards only).
   */
  rewards: z
    .object({
      returnPeriodDays: z.number().int(),
      finalThrough: z.string(),
      pendingCashbackPence: z.number(),
      finalCashbackPence: z.number(),
      pendingSuccessFeePence: z.number(),
      finalSuccessFeePence: z.number(),
    })
    .optional(),
  /** A single-campaign answer showing figures edited in the overview editor: when and by whom. */
  overridden: z.object({ at: z.string(), by: z.string() }).optional(),
  /** With `overridden`: the computed statistics and insights the edit replaced. */
  computed: z
    .object({
      statistics: z.array(namedValue(z.enum(statisticNames))).optional(),
      insights: z.array(namedValue(z.enum(insightNames))).optional(),
    })
    .optional(),
  is_two_customer: z.boolean(),
  offerTypeList: z.array(z.enum(offerTypes)),
  /** The invoices of the filter's brands within scope, newest month first (none for banks). */
  invoiceList: z.array(dashboardInvoiceSchema).optional(),
  currentFilter: z.object({
    start_date: z.string(),
    end_date: z.string(),
    brandId: z.string().nullable(),
    groupId: z.string().nullable(),
    campaign_id: z.string().nullable(),
    data_source: z.string().nullable(),
    kmid: z.string().nullable(),
    tranCustomerType: z.enum(dashboardCustomerTypes).nullable(),
    selectedOfferType: z.enum(offerTypes).nullable(),
    is_invoice_data: z.boolean().optional(),
    selectedInvoiceNumber: z.string().nullable().optional(),
  }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
