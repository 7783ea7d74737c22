import { daysBetween, lastDateOfMonth, shiftDate } from '../calendar/calendar.rules.ts';
import { localToday, type IsoDate } from '../campaign/campaign-dates.rules.ts';
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

/** What pacing reads of a campaign: its month, its budget and what it spent. */
export type PacedCampaign = Pick<QualificationCampaign, 'start_date' | 'budgetType' | 'budgetPence'> & {
  budgetSpentPence: number;
};

/**
 * A campaign's pacing on the local day of `now` in the time zone. The campaign runs from its start
 * date to the last day of its month; the days so far count today (partly spent) and stop at the
 * month's end. At `spent / days so far` a day, the budget lasts `budget × days so far / spent` days
 * from the start: it runs out on the day that total is reached (rounded up), unless that is after
 * the month's last day.
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
  if (spentPence >= budgetPence) return { ...answer, projection: 'usedUp', runsOutOn: null };
  const start = campaign.start_date;
  const end = lastDateOfMonth(start);
  if (spentPence <= 0 || today < start || today > end) {
    return { ...answer, projection: 'notBeforeEnd', runsOutOn: null };
  }
  const daysSoFar = daysBetween(start, today) + 1;
  // Integers: pence × days stays far below 2^53.
  const lastingDays = Math.ceil((budgetPence * daysSoFar) / spentPence);
  const runsOutOn = shiftDate(start, lastingDays - 1);
  if (runsOutOn > end) return { ...answer, projection: 'notBeforeEnd', runsOutOn: null };
  return { ...answer, projection: 'runsOut', runsOutOn };
}
