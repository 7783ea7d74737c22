import { daysBetween, lastDateOfMonth, shiftDate } from '../calendar/calendar.rules.ts';
import { localToday, type IsoDate, type PauseRange } from '../campaign/campaign-dates.rules.ts';
import type { QualificationCampaign } from './qualification.types.ts';

/**
 * Budget pacing (docs/decisions/0120): what a campaign has spent of its budget (cashback plus
 * success fee of its qualified transactions and refunds, net, the figure the engine refuses a
 * purchase by: `budgetSpentPence`), and when the budget runs out at the pace so far.
 */

/** The thresholds the brand is mailed at, in per cent of the budget, each once a campaign. */
export const budgetAlertThresholds = [80, 100] as const;
export type BudgetAlertThreshold = (typeof budgetAlertThresholds)[number];

/**
 * When the budget runs out at the current pace: on a date of the campaign's month (`runsOut`),
 * not before the month ends (`notBeforeEnd`, also when nothing is spent yet or the month is over),
 * already (`usedUp`), or never, the campaign having no budget (`noBudget`).
 */
export type BudgetProjection = 'runsOut' | 'notBeforeEnd' | 'usedUp' | 'noBudget';
export const budgetProjections = [
  'runsOut',
  'notBeforeEnd',
  'usedUp',
  'noBudget',
] as const satisfies readonly BudgetProjection[];

export interface BudgetPacing {
  spentPence: number;
  /** Null when the campaign has no budget (budget type `na`). */
  budgetPence: number | null;
  /** Whole per cent of the budget spent, rounded down (79.99% is 79), null with no budget. */
  percentUsed: number | null;
  projection: BudgetProjection;
  /** The local date 'YYYY-MM-DD' the budget runs out on, when `runsOut`. */
  runsOutOn: IsoDate | null;
}

/** Whole per cent of `budgetPence` that `spentPence` is, rounded down; 100 or more when spent. */
export function percentOfBudget(spentPence: number, budgetPence: number): number {
  if (budgetPence <= 0) return 100;
  return Math.floor((Math.max(spentPence, 0) * 100) / budgetPence);
}

/**
 * The thresholds a campaign's spending crossed going from `beforePence` to `afterPence`: each one
 * below it before and reached after. A refund that brings it back under crosses nothing.
 */
export function budgetThresholdsCrossed(
  campaign: Pick<QualificationCampaign, 'budgetType' | 'budgetPence'>,
  beforePence: number,
  afterPence: number,
): BudgetAlertThreshold[] {
  if (campaign.budgetType !== 'budget' || campaign.budgetPence == null) return [];
  const budget = campaign.budgetPence;
  return budgetAlertThresholds.filter(
    (threshold) => beforePence * 100 < threshold * budget && afterPence * 100 >= threshold * budget,
  );
}

/**
 * What pacing reads of a campaign: its month, its budget, what it spent, and its paused ranges
 * (inclusive local dates, as the campaign lists show them: a series' month carries its primary's).
 */
export type PacedCampaign = Pick<QualificationCampaign, 'start_date' | 'budgetType' | 'budgetPence'> & {
  budgetSpentPence: number;
  pauses: readonly PauseRange[];
};

/**
 * A campaign's pacing on the local day of `now` in the time zone. The campaign runs from its start
 * date to the last day of its month; the pace is what it spent a day it was live (not paused), the
 * live days so far counting today (partly spent) unless today is paused. At that pace the budget
 * lasts `budget × live days so far / spent` live days from the start (rounded up): it runs out on
 * the day that many live days are reached, paused days skipped, past and planned alike, unless
 * that is after the month's last day. With no pause this is `start + lasting − 1`.
 */
export function budgetPacing(campaign: PacedCampaign, now: Date, timeZone: string): BudgetPacing {
  return budgetPacingOn(campaign, localToday(now, timeZone));
}

/** `budgetPacing` on the local date `today` 'YYYY-MM-DD'. */
export function budgetPacingOn(campaign: PacedCampaign, today: IsoDate): BudgetPacing {
  const spentPence = campaign.budgetSpentPence;
  if (campaign.budgetType !== 'budget' || campaign.budgetPence == null) {
    return { spentPence, budgetPence: null, percentUsed: null, projection: 'noBudget', runsOutOn: null };
  }
  const budgetPence = campaign.budgetPence;
  const percentUsed = percentOfBudget(spentPence, budgetPence);
  const answer = { spentPence, budgetPence, percentUsed };
  const notBeforeEnd = { ...answer, projection: 'notBeforeEnd' as const, runsOutOn: null };
  if (spentPence >= budgetPence) return { ...answer, projection: 'usedUp', runsOutOn: null };
  const start = campaign.start_date;
  const end = lastDateOfMonth(start);
  if (spentPence <= 0 || today < start || today > end) return notBeforeEnd;
  const paused = (date: IsoDate) => campaign.pauses.some((range) => range.from <= date && date <= range.to);
  const days = daysBetween(start, end) + 1;
  const liveSoFar = countLive(start, daysBetween(start, today) + 1, paused);
  // Paused every day so far: no live day to take a pace from.
  if (liveSoFar === 0) return notBeforeEnd;
  // Integers: pence × days stays far below 2^53.
  const lastingDays = Math.ceil((budgetPence * liveSoFar) / spentPence);
  let live = 0;
  for (let day = 0; day < days; day += 1) {
    const date = shiftDate(start, day);
    if (paused(date)) continue;
    live += 1;
    if (live === lastingDays) return { ...answer, projection: 'runsOut', runsOutOn: date };
  }
  return notBeforeEnd;
}

/** How many of the `count` days from `start` are not paused. */
function countLive(start: IsoDate, count: number, paused: (date: IsoDate) => boolean): number {
  let live = 0;
  for (let day = 0; day < count; day += 1) if (!paused(shiftDate(start, day))) live += 1;
  return live;
}
