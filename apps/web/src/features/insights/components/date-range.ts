import { currentMonth, monthWindowOf, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';

/**
 * The insights date range (spec 3 §4, §9): the last 3, 6, 12 or 24 months, counted as 90, 180,
 * 360 or 720 days back from now, or one calendar month in the timezone setting.
 */
export type InsightsRange = { kind: 'last'; months: LastMonths } | { kind: 'month'; month: string };

export const lastMonthsOptions = [3, 6, 12, 24] as const;
export type LastMonths = (typeof lastMonthsOptions)[number];

export const defaultRange: InsightsRange = { kind: 'last', months: 12 };

/** 3 → 90, 6 → 180, 12 → 360, 24 → 720 days. */
export function daysOf(months: LastMonths): number {
  return months * 30;
}

/** The calls' window: `datePayload` is this as JSON, `fromdate`/`todate` its two ends. */
export interface DateWindow {
  $gt: string;
  $lt: string;
}

const dayMs = 86_400_000;

/** The instants the range covers: from its start (exclusive) to its end (exclusive). */
export function dateWindowOf(range: InsightsRange, now: Date, timeZone: string): DateWindow {
  if (range.kind === 'last') {
    return {
      $gt: new Date(now.getTime() - daysOf(range.months) * dayMs).toISOString(),
      $lt: now.toISOString(),
    };
  }
  const { openingTime, closingTime } = monthWindowOf(range.month, timeZone);
  return {
    $gt: new Date(Date.parse(openingTime) - 1).toISOString(),
    $lt: new Date(Date.parse(closingTime) + 1).toISOString(),
  };
}

/** The single months offered: this month and the 23 before it, newest first ('YYYY-MM'). */
export function selectableMonths(now: Date, timeZone: string): string[] {
  const thisMonth = currentMonth(now, timeZone);
  return Array.from({ length: 24 }, (_, index) => shiftMonth(thisMonth, -index));
}

/** 'YYYY-MM' as 'March 2026'. */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year!, monthNumber! - 1, 1),
  );
}

/** How the range reads in a sentence: 'the last 12 months', 'March 2026'. */
export function rangePhrase(range: InsightsRange): string {
  return range.kind === 'last'
    ? messages.insightsWeb.lastMonthsPhrase(range.months)
    : monthLabel(range.month);
}

/** The select's value for a range: 'last-12' or 'month-2026-03'. */
export function rangeValue(range: InsightsRange): string {
  return range.kind === 'last' ? `last-${range.months}` : `month-${range.month}`;
}

export function rangeOfValue(value: string): InsightsRange | null {
  const last = /^last-(\d+)$/.exec(value);
  if (last) {
    const months = Number(last[1]);
    return (lastMonthsOptions as readonly number[]).includes(months)
      ? { kind: 'last', months: months as LastMonths }
      : null;
  }
  const month = /^month-(\d{4}-\d{2})$/.exec(value);
  return month ? { kind: 'month', month: month[1]! } : null;
}
