import { Alert, Loader, Paper, Text, Timeline, Title } from '@mantine/core';
import { actorName } from '@krowd/domain/audit/audit-list.rules';
import { messages } from '@krowd/domain/messages/messages';
import { AuditChanges } from '@/components/ui/audit-changes';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useCampaignVersions } from '../api/get-campaign-versions.ts';

const m = messages.audit;

/**
 * The campaign page's Version history (docs/decisions/0113): each recorded change, newest first,
 * who made it and when (in the timezone setting, with the zone), each field as before → after.
 */
export function CampaignVersionHistory({ campaignId }: { campaignId: string }) {
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const versions = useCampaignVersions(campaignId);
  const newestFirst = [...(versions.data ?? [])].reverse();

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="campaign-version-history">
      <Title order={2} size="h4" id="campaign-version-history" mb="md">
        {m.versionHistory}
      </Title>
      {versions.isPending ? <Loader size="sm" aria-label={m.versionHistory} /> : null}
      {versions.isError ? <Alert color="red">{m.versionsLoadFailed}</Alert> : null}
      {versions.data && newestFirst.length === 0 ? <Text size="sm">{m.noVersions}</Text> : null}
      {newestFirst.length > 0 ? (
        <Timeline bulletSize={12} lineWidth={2}>
          {newestFirst.map((version) => (
            <Timeline.Item
              key={version.id}
              title={`${m.actions[version.action]} · ${actorName(version.actor)}`}
            >
              <Text size="xs" c="dimmed" mb={4}>
                {formatDateTime(version.occurredAt, timezone)}
              </Text>
              <AuditChanges changes={version.changes} />
            </Timeline.Item>
          ))}
        </Timeline>
      ) : null}
    </Paper>
  );
}
