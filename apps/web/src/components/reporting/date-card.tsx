import type { DateCard as DateCardValue } from '@krowd/domain/dashboard/report.rules';
import { countLabel, monthYearLabel } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { FigureCard } from './figure-card.tsx';

const m = messages.report;

/** The card's label and value for each case of the date rule (spec 3 §2.5). */
export function dateCardText(card: DateCardValue): { label: string; value: string } {
  switch (card.kind) {
    case 'daysLeft':
      return { label: m.daysLeft, value: countLabel(card.days, m.day) };
    case 'daysToStart':
      return { label: m.daysToStart, value: countLabel(card.days, m.day) };
    case 'month':
      return { label: m.campaignMonth, value: monthYearLabel(card.month, card.year) };
    case 'campaigns':
      return { label: m.campaignCount, value: String(card.count) };
  }
}

/**
 * The date card: days left while a single campaign runs, days to its start while in the future,
 * its month and year once past; the campaign count for several (dateCardOf in the domain).
 */
export function DateCard({ card }: { card: DateCardValue }) {
  const { label, value } = dateCardText(card);
  return <FigureCard label={label} value={value} />;
}
