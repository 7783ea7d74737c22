import { Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

/**
 * A campaign's caps in a line (decision 0116: what one transaction and one card can earn), on its
 * overview: the server's summary (`capsSummary`), 'No caps' when it has none.
 */
export function CampaignCapsLine({ caps }: { caps: string }) {
  return (
    <Text data-testid="campaign-caps">
      <Text span fw={600}>
        {messages.campaign.caps.title}:
      </Text>{' '}
      {caps}
    </Text>
  );
}
