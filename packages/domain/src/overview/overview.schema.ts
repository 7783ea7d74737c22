import { z } from 'zod';
import { isoWeekLabel, lastDateOfMonth } from '../calendar/calendar.rules';
import { isIsoDate, isIsoMonth, type IsoDate, type IsoMonth } from '../campaign/campaign-dates.rules';
import { messages } from '../messages/messages';

/**
 * The campaign overview (spec 2 §2.12–2.13, §3, §4, §5): the figures of one campaign that the
 * Campaign Overview Editor shows and saves, the manager's month range, and the rules both sides
 * share. Money is integer pence (the editor shows pounds and stores pence).
 */

const m = messages.overview;

/** The four conversion-statistics tabs (spec 2 §2.13, §9). */
export const statTypes = ['age', 'branches', 'nationality', 'gender'] as const;
export type StatType = (typeof statTypes)[number];

/** The most months one create trigger covers. */
export const maxTriggerMonths = 24;
/** A month has at most 31 performance rows; a little room for the editor's work in progress. */
const maxPerformanceRows = 62;
const maxStatsRows = 400;
/** Money up to £100,000,000 in pence, reach and conversions up to a billion. */
const maxPence = 10_000_000_000;
const maxCount = 1_000_000_000;

/** An input that may be blank (the form's empty field), read as a number or refused. */
const blankable = z.union([z.number(), z.string(), z.null(), z.undefined()]);

function numberField(required: string, invalid: string, valid: (value: number) => boolean) {
  return blankable.transform((value, context) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || !valid(value)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return value;
  });
}

const isPence = (value: number) => Number.isInteger(value) && value >= 0 && value <= maxPence;
const isCount = (value: number) => Number.isInteger(value) && value >= 0 && value <= maxCount;

/** Whole pence, at least 0. */
export const penceField = (required: string, invalid: string = m.moneyInvalid) =>
  numberField(required, invalid, isPence);

/** The summary form (spec 2 §5 'Campaign overview summary'): four required amounts. */
export const overviewSummarySchema = z
  .object({
    totalCost: penceField(m.totalCostRequired),
    highestSpend: penceField(m.highestSpendRequired),
    lowestSpend: penceField(m.lowestSpendRequired),
    averageSpend: penceField(m.averageSpendRequired),
  })
  .superRefine((co, context) => {
    if (co.lowestSpend > co.highestSpend) {
      context.addIssue({ code: 'custom', path: ['lowestSpend'], message: m.lowestAboveHighest });
    }
  });

/** A campaign's first and last day, when a date must fall within them. */
type Within = { startDate: IsoDate; endDate: IsoDate } | undefined;

const dateField = (campaign: Within) =>
  z.union([z.string(), z.null(), z.undefined()]).transform((value, context) => {
    const text = value?.trim() ?? '';
    if (!text) {
      context.addIssue({ code: 'custom', message: m.dateRequired });
      return z.NEVER;
    }
    if (!isIsoDate(text)) {
      context.addIssue({ code: 'custom', message: messages.dashboard.dateInvalid });
      return z.NEVER;
    }
    if (campaign && (text < campaign.startDate || text > campaign.endDate)) {
      context.addIssue({
        code: 'custom',
        message: m.dateOutsideCampaign(campaign.startDate, campaign.endDate),
      });
      return z.NEVER;
    }
    return text;
  });

/** One performance row (spec 2 §5): a day of the campaign, reach and conversions whole, revenue in pence. */
const performanceRowOf = (campaign: Within) =>
  z.object({
    date: dateField(campaign),
    reach: numberField(m.reachRequired, m.reachInvalid, isCount),
    conversions: numberField(m.conversionsRequired, m.conversionsInvalid, isCount),
    revenue: penceField(m.revenueRequired, m.revenueInvalid),
  });
export const performanceRowSchema = performanceRowOf(undefined);
export type PerformanceRow = z.output<typeof performanceRowSchema>;

/** One conversion statistic (spec 2 §5 'Stats row'): a tab, a label and a number. */
export const statRowSchema = z.object({
  type: z.enum(statTypes),
  label: z.string(m.labelRequired).trim().min(1, m.labelRequired).max(100, m.labelRequired),
  value: numberField(m.valueRequired, m.valueInvalid, (value) => Math.abs(value) <= maxCount),
});
export type StatRow = z.output<typeof statRowSchema>;

/** The stat tabs that have no entry (each must have one before saving, spec 2 §4). */
export function emptyStatTypes(stats: readonly { type: StatType }[]): StatType[] {
  return statTypes.filter((type) => !stats.some((stat) => stat.type === type));
}

/**
 * The figures the editor saves (spec 2 §3 'Campaign overview': co, performance[], stats[],
 * campaign_id). co may carry the computed reach, conversions, revenue and cpa as the spec's
 * shape has them: they are ignored, because the server derives them from the performance rows.
 */
const contentSchemaOf = (campaign: Within) =>
  z
    .object({
      co: overviewSummarySchema,
      performance: z.array(performanceRowOf(campaign)).max(maxPerformanceRows),
      stats: z.array(statRowSchema).max(maxStatsRows),
      campaign_id: z.uuid().optional(),
    })
    .superRefine((content, context) => {
      if (content.performance.length === 0) {
        context.addIssue({ code: 'custom', path: ['performance'], message: m.performanceEmpty });
      }
      for (const type of emptyStatTypes(content.stats)) {
        context.addIssue({ code: 'custom', path: ['stats'], message: m.statsEmpty(type) });
      }
      const seen = new Set<string>();
      content.performance.forEach((row, index) => {
        if (seen.has(row.date)) {
          context.addIssue({ code: 'custom', path: ['performance', index, 'date'], message: m.dateRepeated });
        }
        seen.add(row.date);
      });
    });
export const overviewContentSchema = contentSchemaOf(undefined);
export type OverviewContent = z.output<typeof overviewContentSchema>;
export type OverviewContentInput = z.input<typeof overviewContentSchema>;

/** The campaign reference of spec 2 §3: its month's first and last day. */
export interface CampaignReference {
  id: string;
  name: string;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** The content schema with each performance date held within the campaign (spec 2 §5). */
export function overviewSchemaFor(campaign: Pick<CampaignReference, 'startDate' | 'endDate'>) {
  return contentSchemaOf({ startDate: campaign.startDate, endDate: campaign.endDate });
}

/** The performance table's totals row. */
export function performanceTotals(rows: readonly { reach: number; conversions: number; revenue: number }[]) {
  return rows.reduce(
    (totals, row) => ({
      reach: totals.reach + row.reach,
      conversions: totals.conversions + row.conversions,
      revenue: totals.revenue + row.revenue,
    }),
    { reach: 0, conversions: 0, revenue: 0 },
  );
}

/** Cost per acquisition (spec 2 §2.13): total cost ÷ total conversions in pence, rounded, or 'N/A'. */
export function overviewCpa(totalCostPence: number, conversions: number): number | 'N/A' {
  return conversions > 0 ? Math.round(totalCostPence / conversions) : 'N/A';
}

/** The full co of an overview: the four amounts with the reach, conversions, revenue and CPA they imply. */
export function completeSummary(content: Pick<OverviewContent, 'co' | 'performance'>) {
  const totals = performanceTotals(content.performance);
  return { ...content.co, ...totals, cpa: overviewCpa(content.co.totalCost, totals.conversions) };
}

/** An overview as the API answers it: the four amounts plus the derived figures. */
export const overviewFiguresSchema = z.object({
  co: z.object({
    totalCost: z.number(),
    highestSpend: z.number(),
    lowestSpend: z.number(),
    averageSpend: z.number(),
    reach: z.number(),
    conversions: z.number(),
    revenue: z.number(),
    cpa: z.union([z.number(), z.literal('N/A')]),
  }),
  performance: z.array(
    z.object({ date: z.string(), reach: z.number(), conversions: z.number(), revenue: z.number() }),
  ),
  stats: z.array(z.object({ type: z.enum(statTypes), label: z.string(), value: z.number() })),
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

const monthField = (required: string) =>
  z.string(required).trim().min(1, { message: required, abort: true }).refine(isIsoMonth, m.monthInvalid);

const monthIndex = (month: IsoMonth) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The manager's create trigger (spec 2 §2.12): a start and end month, yyyy-MM. */
export const overviewTriggerSchema = z
  .strictObject({
    start_date: monthField(m.startMonthRequired),
    end_date: monthField(m.endMonthRequired),
  })
  .superRefine((range, context) => {
    if (!isIsoMonth(range.start_date) || !isIsoMonth(range.end_date)) return;
    const months = monthIndex(range.end_date) - monthIndex(range.start_date) + 1;
    if (months < 1) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: m.endMonthBeforeStart });
    } else if (months > maxTriggerMonths) {
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: m.monthRangeTooLong(maxTriggerMonths),
      });
    }
  });
export type OverviewTrigger = z.infer<typeof overviewTriggerSchema>;

/** The impressions file (brief §6): one row a publisher, campaign and day. */
export const impressionColumns = ['date', 'publisher', 'campaign_id', 'reach'] as const;

/** One impressions row as sent (CSV cells are text). */
export const impressionRowSchema = z.object({
  date: z.string(m.impressionsDateInvalid).trim().refine(isIsoDate, m.impressionsDateInvalid),
  publisher: z
    .string(m.impressionsPublisherInvalid)
    .trim()
    .min(1, m.impressionsPublisherInvalid)
    .max(50, m.impressionsPublisherInvalid),
  campaign_id: z.string(m.impressionsCampaignInvalid).trim().pipe(z.uuid(m.impressionsCampaignInvalid)),
  reach: z
    .string(m.impressionsReachInvalid)
    .trim()
    .regex(/^\d{1,10}$/, m.impressionsReachInvalid)
    .transform(Number)
    .refine((value) => value <= maxCount, m.impressionsReachInvalid),
});
export type ImpressionRow = z.output<typeof impressionRowSchema>;

/** The first and last day of a campaign's month, from its start date (campaigns run a month). */
export function campaignDates(startDate: IsoDate): { startDate: IsoDate; endDate: IsoDate } {
  return { startDate: `${startDate.slice(0, 7)}-01`, endDate: lastDateOfMonth(startDate) };
}

/** A figure of the performance rows summed by ISO week, oldest first (spec 2 §9: charts by year-week). */
export function weeklyPerformance(
  rows: readonly { date: IsoDate; reach: number; conversions: number; revenue: number }[],
  field: 'reach' | 'conversions' | 'revenue',
): { label: string; value: number }[] {
  const weeks = new Map<string, number>();
  for (const row of rows) {
    const week = isoWeekLabel(row.date);
    weeks.set(week, (weeks.get(week) ?? 0) + row[field]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, value]) => ({ label, value }));
}
