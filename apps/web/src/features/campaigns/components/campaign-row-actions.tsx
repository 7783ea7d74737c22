import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconCheck,
  IconFlask,
  IconPencil,
  IconPlayerPause,
  IconPlayerStop,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import type { Audience } from '@krowd/domain/access/access.rules';
import { campaignActions, type CampaignAction } from '@krowd/domain/campaign/campaign-actions.rules';
import type { CampaignPhase } from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DeleteCampaignAction } from './delete-campaign-action.tsx';

interface ActionButton {
  icon: Icon;
  tooltip: string;
  /** The button's accessible name, with the campaign's name. */
  label: (name: string) => string;
  color?: string;
}

const m = messages.campaign;

const buttons: Record<Exclude<CampaignAction, 'delete'>, ActionButton> = {
  open: { icon: IconChartBar, tooltip: m.openDashboard, label: m.openNamed },
  pause: { icon: IconPlayerPause, tooltip: m.pauseSeries, label: m.pauseNamed },
  stop: { icon: IconPlayerStop, tooltip: m.stopSeries, label: m.stopSeriesNamed, color: 'red' },
  edit: { icon: IconPencil, tooltip: messages.common.edit, label: messages.common.editNamed },
  editOverview: { icon: IconPencil, tooltip: m.editOverview, label: messages.common.editNamed },
  confirmTemplates: {
    icon: IconCheck,
    tooltip: m.confirmTemplates,
    label: m.confirmTemplatesOf,
    color: 'teal',
  },
  rejectTemplates: {
    icon: IconX,
    tooltip: m.rejectTemplates,
    label: m.rejectTemplatesOf,
    color: 'red',
  },
  simulate: {
    icon: IconFlask,
    tooltip: messages.simulation.title,
    label: (name) => `${messages.simulation.title}: ${name}`,
  },
};

export interface CampaignRowActionsProps {
  campaign: CampaignListItem;
  phase: CampaignPhase;
  audience: Audience;
  onAction: (action: CampaignAction, campaign: CampaignListItem) => void;
}

/** A list row's action buttons, those `campaignActions` allows; 'N/A' when there is none. */
export function CampaignRowActions({ campaign, phase, audience, onAction }: CampaignRowActionsProps) {
  const actions = campaignActions(campaign, phase, audience);
  if (actions.length === 0) return messages.common.notAvailable;
  return (
    <Group gap={2} wrap="nowrap">
      {actions.map((action) => {
        if (action === 'delete') {
          return (
            <DeleteCampaignAction
              key={action}
              campaign={campaign}
              onDelete={() => onAction(action, campaign)}
            />
          );
        }
        const button = buttons[action];
        return (
          <Tooltip key={action} label={button.tooltip}>
            <ActionIcon
              variant="subtle"
              color={button.color}
              aria-label={button.label(campaign.name)}
              onClick={() => onAction(action, campaign)}
            >
              <button.icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
