import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { BranchRow, MidHealthAnswer } from '@krowd/domain/branch/branch-response.schema';
import { isMidHealthAlert, type MidHealthStatus } from '@krowd/domain/branch/mid-health.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatCalendarDate } from '@/lib/format';

const m = messages.branch.midHealth;

const colours: Record<MidHealthStatus, string> = {
  tracking: 'teal',
  silent: 'red',
  neverSeen: 'red',
  awaitingFirst: 'blue',
  notLive: 'gray',
};

type MidEntry = MidHealthAnswer['merchantIds'][number];

/** A status's words: how long a silent MID has been silent. */
function statusText(status: MidHealthStatus, entry?: Pick<MidEntry, 'daysSinceSeen'>) {
  if (status === 'silent' && entry?.daysSinceSeen != null) return m.silentFor(entry.daysSinceSeen);
  return m.statuses[status];
}

/** The branch's worst MID, whose status the branch shows. */
const worstOf = (health: MidHealthAnswer) =>
  health.merchantIds.find((entry) => entry.status === health.status);

/** The Tracking column: the branch's MID health, its last transaction under it (docs/decisions/0115). */
export function MidHealthCell({ health }: { health: MidHealthAnswer }) {
  if (health.merchantIds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {m.noMerchantIds}
      </Text>
    );
  const worst = worstOf(health);
  const lastSeen = health.merchantIds
    .map((entry) => entry.lastSeenDay)
    .filter((day): day is string => day !== null)
    .sort()
    .at(-1);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={colours[health.status]} variant="light" tt="none" miw="max-content">
        {statusText(health.status, worst)}
      </Badge>
      {lastSeen ? (
        <Text size="xs" c="dimmed">
          {m.lastSeen(formatCalendarDate(lastSeen))}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Above the list: how many branches of the page stopped receiving transactions. */
export function MidHealthAlert({ rows }: { rows: readonly BranchRow[] }) {
  const alerts = rows.filter((row) => isMidHealthAlert(row.midHealth.status)).length;
  if (alerts === 0) return null;
  return (
    <Alert color="red" variant="light" role="status" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {m.alert(alerts)}
    </Alert>
  );
}

/** The Branch View's section: each merchant ID's transactions seen, and what to do about a silent one. */
export function MidHealthSection({ health }: { health: MidHealthAnswer }) {
  if (health.merchantIds.length === 0) return null;
  const day = (value: string | null) => (value ? formatCalendarDate(value) : '—');
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="h3" m={0}>
        {m.section}
      </Text>
      {health.merchantIds.map((entry) => (
        <Paper
          key={entry.mid}
          withBorder
          p="sm"
          component="section"
          aria-label={m.merchantIdRegion(m.schemes[entry.scheme], entry.mid)}
        >
          <Group justify="space-between" gap="xs" mb="xs">
            <Text size="sm">
              <Text size="xs" c="dimmed" span>
                {m.schemes[entry.scheme]}{' '}
              </Text>
              {entry.mid}
            </Text>
            <Badge color={colours[entry.status]} variant="light" tt="none" miw="max-content">
              {statusText(entry.status, entry)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
            {(
              [
                [m.headers.firstSeen, day(entry.firstSeenDay)],
                [m.headers.lastSeen, day(entry.lastSeenDay)],
                [m.headers.last7Days, String(entry.last7Days)],
                [m.headers.last30Days, String(entry.last30Days)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      {health.merchantIds.map((entry) =>
        entry.status === 'silent' && entry.daysSinceSeen !== null ? (
          <Text key={`silent-${entry.mid}`} size="sm" c="red.8">
            {entry.mid}: {m.silentHint(entry.daysSinceSeen)}
          </Text>
        ) : entry.status === 'neverSeen' ? (
          <Text key={`never-${entry.mid}`} size="sm" c="red.8">
            {entry.mid}: {m.neverSeenHint}
          </Text>
        ) : null,
      )}
      {health.merchantIds.map((entry) =>
        entry.batchedHour !== null ? (
          <Text key={`batched-${entry.mid}`} size="sm">
            {entry.mid}: {m.batched(entry.batchedHour)}
          </Text>
        ) : null,
      )}
    </Stack>
  );
}
