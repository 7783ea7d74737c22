import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
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
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.headers.mid}</Table.Th>
              <Table.Th scope="col">{m.headers.status}</Table.Th>
              <Table.Th scope="col">{m.headers.firstSeen}</Table.Th>
              <Table.Th scope="col">{m.headers.lastSeen}</Table.Th>
              <Table.Th scope="col">{m.headers.last7Days}</Table.Th>
              <Table.Th scope="col">{m.headers.last30Days}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {health.merchantIds.map((entry) => (
              <Table.Tr key={entry.mid}>
                <Table.Th scope="row" fw={400}>
                  <Text size="xs" c="dimmed" span>
                    {m.schemes[entry.scheme]}{' '}
                  </Text>
                  {entry.mid}
                </Table.Th>
                <Table.Td>
                  <Badge color={colours[entry.status]} variant="light" tt="none" miw="max-content">
                    {statusText(entry.status, entry)}
                  </Badge>
                </Table.Td>
                <Table.Td>{day(entry.firstSeenDay)}</Table.Td>
                <Table.Td>{day(entry.lastSeenDay)}</Table.Td>
                <Table.Td>{entry.last7Days}</Table.Td>
                <Table.Td>{entry.last30Days}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
