import { Stack, Text } from '@mantine/core';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { BudgetUse } from '@/components/ui/budget-use';

/**
 * A campaign's Budget used on its overview (decision 0120): what it spent of its budget and when
 * that runs out at the pace so far, as the campaign lists show it.
 */
export function CampaignBudgetLine({ campaign }: { campaign: Pick<CampaignListItem, 'name' | 'budgetUse'> }) {
  return (
    <Stack gap={4} maw={360} data-testid="campaign-budget">
      <Text fw={600}>{messages.campaign.budgetUse.column}</Text>
      <BudgetUse name={campaign.name} budgetUse={campaign.budgetUse} />
    </Stack>
  );
}
