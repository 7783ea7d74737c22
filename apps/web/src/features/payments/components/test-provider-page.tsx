import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import type { TestProviderFlow } from '@krowd/domain/payment/payment-response.schema';
import { testBankDetailsSchema } from '@krowd/domain/payment/payment.schema';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { useConfirmTestProviderFlow } from '../api/confirm-test-provider-flow.ts';
import { useTestProviderFlow } from '../api/get-test-provider-flow.ts';

const m = messages.payment;

/**
 * The built-in test provider's hosted page (/payments/test-provider/:flowId, brief §4): a stand-in
 * for the provider's checkout. Public (the flow id is the secret); no bank is involved and no money
 * moves, which the page says first. The payer's details go to the provider, never to the product.
 */
export function TestProviderPage() {
  const { flowId = '' } = useParams();
  const flow = useTestProviderFlow(flowId);

  return (
    <Box component="main" mih="100vh" bg="gray.1" py={{ base: 'md', sm: 48 }} px="md">
      <Paper maw={480} mx="auto" withBorder shadow="md" radius="md" style={{ overflow: 'hidden' }}>
        <Group
          gap="xs"
          justify="center"
          bg="yellow.5"
          c="dark.9"
          py="sm"
          px="md"
          role="status"
          data-testid="test-mode-banner"
        >
          <IconFlask size={20} />
          <Text fw={700}>{m.testPageBanner}</Text>
        </Group>
        <Box p="xl">
          {flow.isPending ? (
            <Center py="xl">
              <Loader aria-label={messages.common.loading} />
            </Center>
          ) : flow.isError ? (
            <FlowUnavailable message={flow.error.message} />
          ) : flow.data.status === 'open' ? (
            <BankDetailsForm flowId={flowId} flow={flow.data} />
          ) : (
            <FlowUnavailable
              message={flow.data.status === 'expired' ? m.setupExpired : m.detailsAlreadySubmitted}
            />
          )}
        </Box>
        <Divider />
        <Text size="xs" c="dimmed" ta="center" py="sm">
          {m.testPageFooter}
        </Text>
      </Paper>
    </Box>
  );
}

function FlowUnavailable({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h4">
        {m.testPageTitle}
      </Title>
      <Alert color="red" icon={<IconAlertTriangle />} title={m.flowUnavailable} role="alert">
        {message === m.flowUnavailable ? m.startAgain : message}
      </Alert>
      <Anchor component={Link} to={paths.page('payments')}>
        {m.backToPayments}
      </Anchor>
    </Stack>
  );
}

function BankDetailsForm({ flowId, flow }: { flowId: string; flow: TestProviderFlow }) {
  const confirm = useConfirmTestProviderFlow(flowId);
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm(testBankDetailsSchema, { accountHolderName: '', sortCode: '', accountNumber: '' });
  const { errors } = form.formState;
  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (details) => {
    const response = await confirm.mutateAsync(details);
    setLeaving(true);
    window.location.assign(response.redirectUrl);
  });

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBuildingBank size={32} stroke={1.5} aria-hidden />
        <div>
          <Text size="sm" c="dimmed">
            {m.paidTo}
          </Text>
          <Text fz="h2" fw={700} lh={1.3} data-testid="test-provider-brand">
            {flow.brandName}
          </Text>
          <Text size="sm">{flow.description}</Text>
        </div>
      </Group>
      <div>
        <Title order={1} size="h4">
          {m.testPageTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {m.testPageIntro}
        </Text>
      </div>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={m.accountHolderName}
            autoComplete="name"
            error={errors.accountHolderName?.message}
            {...form.register('accountHolderName')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={m.sortCode}
              placeholder="12-34-56"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              error={errors.sortCode?.message}
              {...form.register('sortCode')}
            />
            <TextInput
              label={m.accountNumber}
              placeholder="12345678"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              error={errors.accountNumber?.message}
              {...form.register('accountNumber')}
            />
          </Group>
          <Button type="submit" size="md" fullWidth loading={confirm.isPending || leaving}>
            {m.setUpDirectDebit}
          </Button>
          <FormStatus message={status} />
        </Stack>
      </form>
    </Stack>
  );
}
