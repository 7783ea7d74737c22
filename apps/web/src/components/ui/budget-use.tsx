import { Progress, Stack, Text } from '@mantine/core';
import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';

const m = messages.campaign.budgetUse;

export interface BudgetUseProps {
  name: string;
  budgetUse: CampaignListItem['budgetUse'];
}

/** The projection in words (docs/decisions/0120); the server decides it, the list only says it. */
function projectionText(budgetUse: CampaignListItem['budgetUse']): string | null {
  switch (budgetUse.projection) {
    case 'runsOut':
      return budgetUse.runsOutOn ? m.runsOut(displayDate(budgetUse.runsOutOn)) : null;
    case 'notBeforeEnd':
      return m.notBeforeEnd;
    case 'usedUp':
      return m.usedUp;
    case 'noBudget':
      return null;
  }
}

/**
 * A campaign's Budget used, on the campaign lists and its overview: a bar named for the campaign (its value read as a
 * percentage), what was spent of the budget in words beside it, and when it runs out.
 */
export function BudgetUse({ name, budgetUse }: BudgetUseProps) {
  const spent = formatPence(budgetUse.spentPence);
  if (budgetUse.budgetPence === null) return <Text size="sm">{m.noBudget(spent)}</Text>;
  const percent = budgetUse.percentUsed ?? 0;
  const text = m.ofBudget(spent, formatPence(budgetUse.budgetPence), percent);
  return (
    <Stack gap={4} miw={150}>
      <Progress
        size="sm"
        value={Math.min(percent, 100)}
        color={percent >= 100 ? 'red.8' : percent >= 80 ? 'orange.8' : 'teal.8'}
        aria-label={m.progressLabel(name)}
      />
      <Text size="sm">{text}</Text>
      <Text size="xs">{projectionText(budgetUse)}</Text>
    </Stack>
  );
}
