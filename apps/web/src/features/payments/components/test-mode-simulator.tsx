import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { invoiceMonthLabel } from '@krowd/domain/invoice/invoice.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SimulateProviderEventInput } from '@krowd/domain/payment/payment.schema';
import type { ListScopeParams } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useInvoicesBeingCollected } from '../api/get-invoices-being-collected.ts';
import { useMandate } from '../api/get-mandate.ts';
import { useSimulateProviderEvent } from '../api/simulate-provider-event.ts';

const m = messages.payment;
const invoiceColumns = messages.invoice.columns;

export interface TestModeSimulatorProps {
  /** The brand chosen on the page; undefined for the caller's own brand. */
  brandId?: string;
  /** The invoice list's scope for the caller (group roles name the brand and their role). */
  invoiceScope: ListScopeParams;
}

/**
 * Test mode only (brief §4): make the built-in provider send the events a bank would, for the
 * brand's mandate and for the invoices it is collecting, then see the screen follow.
 */
export function TestModeSimulator({ brandId, invoiceScope }: TestModeSimulatorProps) {
  const mandate = useMandate(brandId);
  const invoices = useInvoicesBeingCollected(invoiceScope);
  const simulate = useSimulateProviderEvent();
  const hasMandate = Boolean(mandate.data?.reference);

  const handleSimulate = (input: SimulateProviderEventInput) => {
    simulate.mutate(input, {
      onSuccess: (response) => notify.success(response.respMessage ?? m.simulated),
      onError: (error) => notify.error(serverErrorOf(error)),
    });
  };
  const busyWith = (input: SimulateProviderEventInput) =>
    simulate.isPending &&
    simulate.variables.scenario === input.scenario &&
    simulate.variables.invoiceId === input.invoiceId;

  const mandateScenarios: { input: SimulateProviderEventInput; label: string }[] = [
    { input: { scenario: 'mandate_activated', brandId }, label: m.simulateMandateActivated },
    { input: { scenario: 'mandate_failed', brandId }, label: m.simulateMandateFailed },
    { input: { scenario: 'mandate_cancelled', brandId }, label: m.simulateMandateCancelled },
  ];
  const rows = invoices.data?.data ?? [];

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      style={{ borderColor: 'var(--mantine-color-yellow-6)', borderStyle: 'dashed' }}
      data-testid="test-mode-simulator"
    >
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon color="yellow.5" autoContrast radius="xl" size="lg">
            <IconFlask size={18} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {m.testMode}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.simulatorIntro}
        </Text>
        <Group gap="sm">
          {mandateScenarios.map(({ input, label }) => (
            <Button
              key={input.scenario}
              variant="default"
              disabled={!hasMandate || (simulate.isPending && !busyWith(input))}
              loading={busyWith(input)}
              onClick={() => handleSimulate(input)}
            >
              {label}
            </Button>
          ))}
        </Group>
        {mandate.isSuccess && !hasMandate ? (
          <Text size="sm" c="dimmed">
            {m.simulatorNeedsMandate}
          </Text>
        ) : null}

        <Title order={2} size="h4">
          {m.simulatedPayments}
        </Title>
        {invoices.isPending ? (
          <Loader size="sm" aria-label={messages.common.loading} />
        ) : invoices.isError && !invoices.data ? (
          <Alert color="red" role="alert">
            {invoices.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.noPendingInvoices}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{invoiceColumns.number}</Table.Th>
                  <Table.Th>{invoiceColumns.month}</Table.Th>
                  <Table.Th>{invoiceColumns.amount}</Table.Th>
                  <Table.Th>{messages.common.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => {
                  const confirmed: SimulateProviderEventInput = {
                    scenario: 'payment_confirmed',
                    invoiceId: invoice._id,
                  };
                  const failed: SimulateProviderEventInput = {
                    scenario: 'payment_failed',
                    invoiceId: invoice._id,
                  };
                  return (
                    <Table.Tr key={invoice._id}>
                      <Table.Td>{invoice.InvoiceNumber}</Table.Td>
                      <Table.Td>{invoiceMonthLabel(invoice.month, invoice.year)}</Table.Td>
                      <Table.Td>{formatMoney(invoice.invoiceAmountPence)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {[
                            { input: confirmed, label: m.simulatePaymentConfirmed },
                            { input: failed, label: m.simulatePaymentFailed },
                          ].map(({ input, label }) => (
                            <Button
                              key={input.scenario}
                              size="xs"
                              variant="default"
                              disabled={simulate.isPending && !busyWith(input)}
                              loading={busyWith(input)}
                              aria-label={`${label} ${invoice.InvoiceNumber}`}
                              onClick={() => handleSimulate(input)}
                            >
                              {label}
                            </Button>
                          ))}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
