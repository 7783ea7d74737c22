import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';

/**
 * A campaign list row's Delete action. A campaign on which cardholders earned cashback is billed
 * and stays on the dashboard, so the server refuses to delete it: the action is shown
 * disabled, its tooltip saying why and what to do instead.
 */
export function DeleteCampaignAction({
  campaign,
  onDelete,
}: {
  campaign: Pick<CampaignListItem, 'name' | 'hasQualifiedTransactions'>;
  onDelete: () => void;
}) {
  const blocked = campaign.hasQualifiedTransactions;
  return (
    <Tooltip
      label={blocked ? messages.campaign.cannotDeleteBilled : messages.common.delete}
      multiline={blocked}
      w={blocked ? 320 : undefined}
    >
      {/* data-disabled rather than disabled: a disabled button gets no hover, so no tooltip. */}
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={messages.common.deleteNamed(campaign.name)}
        aria-disabled={blocked || undefined}
        data-disabled={blocked || undefined}
        onClick={blocked ? undefined : onDelete}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
