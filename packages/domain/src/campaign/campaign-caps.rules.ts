import { messages } from '../messages/messages.ts';
import { formatPence } from '../money/money.rules.ts';

/**
 * Caps on a campaign (docs/decisions/0116): optional limits on what one transaction
 * and one card earn, each null when the campaign has none. The form's fields and their checks; the
 * engine's rules are qualification/caps.rules.ts.
 */

const m = messages.campaign;

/** The intervals of the per-interval caps, in the timezone setting: local day, ISO week, calendar month. */
export const capIntervals = ['day', 'week', 'month'] as const;
export type CapInterval = (typeof capIntervals)[number];

/** The largest count a count cap takes (a card does not buy more often in a month). */
export const maxCapCount = 100_000;

export type CapsIssue = { path: PropertyKey[]; message: string };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function countIssues(value: unknown, path: string): CapsIssue[] {
  if (!isNumber(value)) return [];
  const name = m.caps[path as 'maxTransactionsPerCard'];
  if (!Number.isInteger(value) || value < 1) return [{ path: [path], message: m.caps.countInvalid(name) }];
  if (value > maxCapCount) return [{ path: [path], message: m.amountTooLarge(name) }];
  return [];
}

/**
 * The caps' checks that need more than the field's type: counts whole and at least 1, the
 * interval chosen exactly when a per-interval cap is (pounds are checked with the other money
 * fields, campaign-form.rules.ts).
 */
export function capsIssues(form: Record<string, unknown>): CapsIssue[] {
  const issues = [
    ...countIssues(form.maxTransactionsPerCard, 'maxTransactionsPerCard'),
    ...countIssues(form.maxTransactionsPerCardPerInterval, 'maxTransactionsPerCardPerInterval'),
  ];
  const perInterval =
    isNumber(form.maxTransactionsPerCardPerInterval) || isNumber(form.maxSpendPerCardPerInterval);
  const interval = form.capInterval;
  const chosen = typeof interval === 'string' && interval !== '';
  if (perInterval && !chosen) issues.push({ path: ['capInterval'], message: m.caps.intervalRequired });
  if (!perInterval && chosen) issues.push({ path: ['capInterval'], message: m.caps.intervalNotUsed });
  return issues;
}

/** A campaign's caps as stored (pence), each null when none. */
export interface CampaignCaps {
  maxCashbackPence: number | null;
  maxTransactionsPerCard: number | null;
  maxTransactionsPerInterval: number | null;
  maxSpendPerIntervalPence: number | null;
  capInterval: CapInterval | null;
}

/** A short summary of the caps for the campaign list and overview ('No caps' when none). */
export function capsSummary(caps: CampaignCaps): string {
  const parts: string[] = [];
  const interval = caps.capInterval ? m.caps.intervalNames[caps.capInterval] : '';
  if (caps.maxCashbackPence !== null) parts.push(m.caps.summaryCashback(formatPence(caps.maxCashbackPence)));
  if (caps.maxTransactionsPerCard !== null)
    parts.push(m.caps.summaryTransactions(caps.maxTransactionsPerCard));
  if (caps.maxTransactionsPerInterval !== null) {
    parts.push(m.caps.summaryTransactionsPerInterval(caps.maxTransactionsPerInterval, interval));
  }
  if (caps.maxSpendPerIntervalPence !== null) {
    parts.push(m.caps.summarySpend(formatPence(caps.maxSpendPerIntervalPence), interval));
  }
  return parts.length === 0 ? m.caps.none : parts.join(' · ');
}
