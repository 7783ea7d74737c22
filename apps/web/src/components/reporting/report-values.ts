import { messages } from '@krowd/domain/messages/messages';
import { formatMoney } from '@/lib/format';

const countFormat = new Intl.NumberFormat('en-GB');

/** A count with thousands separators ('1,234'). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A named figure of the campaign overview (spec 3 §3): a number, or 'N/A' when it cannot be worked out. */
export interface NamedValue<Name extends string = string> {
  name: Name;
  value: number | 'N/A';
}

export type StatisticName = keyof typeof messages.report.statisticLabels;

/** Figures in pence, shown as £ (the rest are counts). */
const moneyNames = new Set<string>([
  'revenue',
  'total_cost',
  'totalCashback',
  'totalSuccessFee',
  'cpa',
  'highest_spend',
  'lowest_spend',
  'average_spend',
]);

/** How a statistic or insight shows: £ for money (pence in), separators for counts, 'N/A' as it is. */
export function formatFigure(name: string, value: number | 'N/A'): string {
  if (value === 'N/A') return messages.common.notAvailable;
  return moneyNames.has(name) ? formatMoney(value) : formatCount(value);
}

/** The values of `order` found in the list, in that order. */
export function inOrder<Name extends string>(
  list: readonly NamedValue[] | undefined,
  order: readonly Name[],
): NamedValue<Name>[] {
  const byName = new Map((list ?? []).map((item) => [item.name, item.value]));
  return order.flatMap((name) => (byName.has(name) ? [{ name, value: byName.get(name)! }] : []));
}
