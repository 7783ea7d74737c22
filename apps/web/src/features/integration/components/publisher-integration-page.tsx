import { Anchor, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import {
  clearedTransactionExample,
  eventBodyExample,
  offersFirstPageExample,
  offersNextPageExample,
  refundedTransactionExample,
  settlementDownloadExample,
  settlementListExample,
  testTransactionExample,
  verifySignatureSnippet,
} from '@krowd/domain/publisher/integration-examples';
import { maxHoldoutCardTokens } from '@krowd/domain/publisher/publisher-holdouts.schema';
import { maxWorkingKeys, rotationOverlap } from '@krowd/domain/publisher/publisher-key.rules';
import { authorisationHoldDays } from '@krowd/domain/publisher/transaction-lifecycle.rules';
import {
  dailyColumns,
  monthlyColumns,
  type SettlementColumn,
} from '@krowd/domain/settlement/settlement.rules';
import { CodeBlock } from '@/components/ui/code-block';
import { paths } from '@/config/paths';
import { userMayOpen } from '@/lib/access';
import { useSessionUser } from '@/lib/session';

const m = messages.publisherIntegration;

/** The API's interactive reference (served by the API itself, apps/api/src/plugins/openapi.ts). */
const apiDocsPath = '/api/docs';

const sections = [
  { id: 'keys', title: m.keys.title },
  { id: 'offers-feed', title: m.feed.title },
  { id: 'webhooks', title: m.events.title },
  { id: 'one-at-a-time', title: m.oneAtATime.title },
  { id: 'test-mode', title: m.testMode.title },
  { id: 'claims', title: m.claims.title },
  { id: 'settlement-files', title: m.settlement.title },
] as const;
type SectionId = (typeof sections)[number]['id'];

/** A CSV file's header, column by column with its meaning (the domain's own list, decision 0107). */
function ColumnsTable({ caption, columns }: { caption: string; columns: readonly SettlementColumn[] }) {
  return (
    // No sideways scroll: two columns wrap on a phone (a scrolled region is out of keyboard reach).
    <Table striped withTableBorder captionSide="top" layout="fixed">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="40%">
            {m.settlement.column}
          </Table.Th>
          <Table.Th scope="col">{m.settlement.meaning}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map((column) => (
          <Table.Tr key={column.name}>
            <Table.Td>
              <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {column.name}
              </Text>
            </Table.Td>
            <Table.Td>{column.meaning}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = sections.find((section) => section.id === id)!.title;
  return (
    <Stack component="section" gap="sm" aria-labelledby={`${id}-title`} maw={820} miw={0}>
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Settings → Publisher integration (/user/settings/integration; decision 0101): how a publisher's
 * systems use keys, the offers feed, webhook events with their signatures, transactions one at a
 * time (decision 0109) and test mode, with
 * examples against this deployment. Linked from /api/docs, API keys and Webhooks.
 */
export function PublisherIntegrationPage() {
  const user = useSessionUser();
  const origin = window.location.origin;
  const mayOpen = (page: 'publisherKeys' | 'webhooks') => user !== null && userMayOpen(user, page);
  return (
    <Stack gap="xl" miw={0}>
      <Text maw={720}>{m.intro}</Text>
      <Paper withBorder p="md" maw={820}>
        <Stack gap="sm">
          <div>
            <Anchor href={apiDocsPath}>{m.apiReference}</Anchor>
            <Text size="sm" c="dimmed">
              {m.apiReferenceHint}
            </Text>
          </div>
          <Group gap="lg" wrap="wrap">
            {mayOpen('publisherKeys') ? (
              <Anchor component={Link} to={paths.page('publisherKeys')}>
                {m.keysPageLink}
              </Anchor>
            ) : null}
            {mayOpen('webhooks') ? (
              <Anchor component={Link} to={paths.page('webhooks')}>
                {m.webhooksPageLink}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <nav aria-labelledby="integration-contents">
        <Text id="integration-contents" fw={600} mb={4}>
          {m.contents}
        </Text>
        <List spacing={4}>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}-title`}>{section.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>

      <Section id="keys">
        <Text>{m.keys.header}</Text>
        <Text>{m.keys.modes}</Text>
        <Text>{m.keys.shownOnce}</Text>
        <Text>{m.keys.rotation(rotationOverlap.defaultHours, rotationOverlap.maxHours)}</Text>
        <Text>{m.keys.revocation}</Text>
        <Text>{m.keys.limits(maxWorkingKeys)}</Text>
      </Section>

      <Section id="offers-feed">
        <Text>{m.feed.what}</Text>
        <Text>{m.feed.paging}</Text>
        <Text>{m.feed.updatedSince}</Text>
        <Text>{m.feed.etag}</Text>
        <Text>{m.feed.holdouts(maxHoldoutCardTokens.toLocaleString('en-GB'))}</Text>
        <CodeBlock label={m.codeLabel(m.feed.firstPage)} code={offersFirstPageExample(origin)} />
        <CodeBlock label={m.codeLabel(m.feed.nextPage)} code={offersNextPageExample(origin)} />
      </Section>

      <Section id="webhooks">
        <Text>{m.events.what}</Text>
        <Text fw={600}>{m.events.list}</Text>
        <List spacing={4}>
          {Object.entries(m.events.types).map(([type, meaning]) => (
            <List.Item key={type}>
              <Text span ff="monospace" size="sm">
                {type}
              </Text>
              {`: ${meaning}`}
            </List.Item>
          ))}
        </List>
        <Text>{m.events.body}</Text>
        <CodeBlock label={m.codeLabel(m.events.bodyExample)} code={eventBodyExample} />
        <Text>{m.events.reasons}</Text>
        <Text>{m.events.signature}</Text>
        <Text>{m.events.verify}</Text>
        <Text>{m.events.secret}</Text>
        <CodeBlock label={m.codeLabel(m.events.snippet)} code={verifySignatureSnippet} />
        <Text>{m.events.answer}</Text>
      </Section>

      <Section id="one-at-a-time">
        <Text>{m.oneAtATime.what}</Text>
        <CodeBlock
          label={m.codeLabel(m.oneAtATime.clearedExample)}
          code={clearedTransactionExample(origin)}
        />
        <Text>{m.oneAtATime.authorised(authorisationHoldDays)}</Text>
        <Text>{m.oneAtATime.refunded}</Text>
        <CodeBlock
          label={m.codeLabel(m.oneAtATime.refundedExample)}
          code={refundedTransactionExample(origin)}
        />
        <Text>{m.oneAtATime.status}</Text>
        <Text>{m.oneAtATime.repeats}</Text>
      </Section>

      <Section id="test-mode">
        <Text>{m.testMode.keys}</Text>
        <Text>{m.testMode.transactions}</Text>
        <CodeBlock label={m.codeLabel(m.testMode.example)} code={testTransactionExample(origin)} />
        <Text>{m.testMode.apart}</Text>
      </Section>

      <Section id="claims">
        <Text>{m.claims.what}</Text>
        <Text>{m.claims.matching}</Text>
        <Text>{m.claims.outcomes}</Text>
        <Text>{m.claims.follow}</Text>
      </Section>

      <Section id="settlement-files">
        <Text>{m.settlement.what}</Text>
        <Text>{m.settlement.format}</Text>
        <ColumnsTable caption={m.settlement.dailyHeader} columns={dailyColumns} />
        <ColumnsTable caption={m.settlement.monthlyHeader} columns={monthlyColumns} />
        <Text>{m.settlement.checksum}</Text>
        <Text>{m.settlement.calls}</Text>
        <CodeBlock label={m.codeLabel(m.settlement.listExample)} code={settlementListExample(origin)} />
        <CodeBlock
          label={m.codeLabel(m.settlement.downloadExample)}
          code={settlementDownloadExample(origin)}
        />
      </Section>
    </Stack>
  );
}
