import { daysBetween } from '../calendar/calendar.rules.ts';
import type { BranchStatus } from './branch.schema.ts';

/**
 * MID health (docs/decisions/0115): whether each merchant ID of a branch is still seen in the
 * publishers' transactions. A merchant that changes its terminals gets new merchant IDs, and its
 * branch silently stops earning; the brand should hear of it the week it happens, not at the
 * month's invoice.
 *
 * A MID's status, from the transactions seen at it (any publisher, qualified or not):
 * - `tracking`: seen within the silent period (the setting `midSilentDays`, 7 by default);
 * - `silent`: seen before, but not for longer than the silent period: an alert;
 * - `awaitingFirst`: never seen, the branch live for less than `firstTransactionDays` (14);
 * - `neverSeen`: never seen, the branch live for 14 days or more: an alert;
 * - `notLive`: the branch does not earn (not approved, rejected, deleted): nothing to expect.
 * A branch's status is its worst MID's, in the order of `midHealthStatuses` below (worst first).
 *
 * A MID whose transactions cluster at one hour of the day (at least `batchedShare` of at least
 * `batchedMinimum` transactions) is flagged `batchedHour`: the merchant sends its day in one batch,
 * so the times are the batch's, and an hours rule cannot be trusted there.
 */

export const midHealthStatuses = ['neverSeen', 'silent', 'awaitingFirst', 'tracking', 'notLive'] as const;
export type MidHealthStatus = (typeof midHealthStatuses)[number];
export const merchantIdSchemes = ['mastercard', 'amex', 'zettle'] as const;
export type MerchantIdScheme = (typeof merchantIdSchemes)[number];

export const defaultMidSilentDays = 7;
/** Days after a branch goes live before a MID never seen is an alert. */
export const firstTransactionDays = 14;
export const batchedShare = 0.8;
export const batchedMinimum = 50;

/** What the store holds of one MID (local days in the timezone setting, YYYY-MM-DD). */
export interface MidActivity {
  firstSeenDay: string | null;
  lastSeenDay: string | null;
  /** Transactions on the last 7 and 30 local days, today included. */
  last7Days: number;
  last30Days: number;
  /** Transactions by local hour of the day, 0–23, over all time. */
  hours: readonly number[];
}

export interface MidHealthOfMid extends MidActivity {
  mid: string;
  scheme: MerchantIdScheme;
  status: MidHealthStatus;
  /** Whole days since the MID was last seen (0: today), or null when never. */
  daysSinceSeen: number | null;
  batchedHour: number | null;
}

export interface MidHealth {
  status: MidHealthStatus;
  merchantIds: MidHealthOfMid[];
}

/** Statuses in which a branch earns (merchant IDs reviewed and live): the ones MID health watches. */
export const liveBranchStatuses = [
  'Active',
  'Approved',
  'Updated',
] as const satisfies readonly BranchStatus[];
const liveStatuses: ReadonlySet<BranchStatus> = new Set(liveBranchStatuses);

/** The hour holding `batchedShare` of the MID's transactions, when it has enough of them. */
export function batchedHourOf(hours: readonly number[]): number | null {
  const total = hours.reduce((sum, count) => sum + count, 0);
  if (total < batchedMinimum) return null;
  let busiest = 0;
  for (let hour = 1; hour < hours.length; hour += 1) if (hours[hour]! > hours[busiest]!) busiest = hour;
  return hours[busiest]! >= batchedShare * total ? busiest : null;
}

export function midHealthOf(input: {
  branchStatus: BranchStatus;
  /** The local day the branch went live (activated), or null. */
  liveSinceDay: string | null;
  today: string;
  silentDays: number;
  merchantIds: { mid: string; scheme: MerchantIdScheme; activity: MidActivity }[];
}): MidHealth {
  const live = liveStatuses.has(input.branchStatus);
  const merchantIds = input.merchantIds.map(({ mid, scheme, activity }): MidHealthOfMid => {
    const daysSinceSeen = activity.lastSeenDay
      ? Math.max(0, daysBetween(activity.lastSeenDay, input.today))
      : null;
    let status: MidHealthStatus;
    if (!live) status = 'notLive';
    else if (daysSinceSeen !== null) status = daysSinceSeen > input.silentDays ? 'silent' : 'tracking';
    else if (input.liveSinceDay && daysBetween(input.liveSinceDay, input.today) >= firstTransactionDays) {
      status = 'neverSeen';
    } else status = 'awaitingFirst';
    return { mid, scheme, ...activity, status, daysSinceSeen, batchedHour: batchedHourOf(activity.hours) };
  });
  const worst = midHealthStatuses.find((status) => merchantIds.some((entry) => entry.status === status));
  return { status: live ? (worst ?? 'awaitingFirst') : 'notLive', merchantIds };
}

/** Whether the status asks the brand to act. */
export const isMidHealthAlert = (status: MidHealthStatus) => status === 'silent' || status === 'neverSeen';
