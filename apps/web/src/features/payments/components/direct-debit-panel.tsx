import { Alert, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { DirectDebitSettings, Mandate } from '@krowd/domain/payment/payment-response.schema';
import { liveMandateStatuses, type MandateReturnTarget } from '@krowd/domain/payment/payment.schema';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCancelMandate } from '../api/cancel-mandate.ts';
import { useDirectDebitSettings } from '../api/get-direct-debit-settings.ts';
import { useMandate } from '../api/get-mandate.ts';
import { useStartMandate } from '../api/start-mandate.ts';
import { useMandateReturn } from '../hooks/use-mandate-return.ts';
import { MandateStatusBadge } from './mandate-status-badge.tsx';
import { TestModeBadge } from './test-mode-badge.tsx';

const m = messages.payment;

/** The onboarding train's step buttons (spec 2 §2.10). The Payments page shows none. */
export interface DirectDebitStepActions {
  onBack: () => void;
  /** Next is enabled once the brand has a live mandate, or Skip was confirmed. */
  onNext: () => void;
  /** Called when the 'Skip Direct-Debit' dialog is confirmed. Skip is hidden when auto-debit is 'Mandatory'. */
  onSkip: () => void;
}

export interface DirectDebitPanelProps {
  /** The brand whose mandate is shown; undefined for the caller's own brand. */
  brandId?: string;
  /** Where the provider sends the payer back: the Payments page or the onboarding train. */
  returnTo: MandateReturnTarget;
  /** Told when the payer is back from the provider and the mandate was completed here (the step is done). */
  onStepDone?: (mandate: Mandate) => void;
  /** Back, Next and Skip for the onboarding train; without them the panel shows no step buttons. */
  stepActions?: DirectDebitStepActions;
}

/**
 * A mandate the brand can count on: the payer authorised it (it has the provider's reference, the
 * spec's payerAuthorisationId) and the bank has not refused or cancelled it.
 */
function isLiveMandate(mandate: Mandate | null | undefined): mandate is Mandate {
  return (
    Boolean(mandate?.reference) && (liveMandateStatuses as readonly string[]).includes(mandate?.status ?? '')
  );
}

/**
 * Direct debit for one brand (spec 2 §2.10): 'Setup Payment with GoCardless' until a mandate is
 * authorised, then 'Your payment details have been validated successfully' with its status and
 * bank account, 'Cancel mandate' and 'Replace bank account'. Setting up goes to the provider's
 * hosted page; the payer comes back with `?redirect_flow_id=`, which completes the mandate here.
 */
export function DirectDebitPanel({ brandId, returnTo, onStepDone, stepActions }: DirectDebitPanelProps) {
  const settings = useDirectDebitSettings();
  const mandate = useMandate(brandId);
  const { isCompleting } = useMandateReturn(onStepDone);
  const [skipped, setSkipped] = useState(false);

  let body;
  if (isCompleting || settings.isPending || mandate.isPending) {
    body = (
      <Group gap="sm" py="md">
        <Loader size="sm" aria-label={messages.common.loading} />
        <Text c="dimmed">{isCompleting ? m.completing : messages.common.loading}</Text>
      </Group>
    );
  } else if (settings.isError || mandate.isError) {
    body = (
      <Alert color="red" title={m.loadFailed} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{(settings.error ?? mandate.error)?.message}</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => void Promise.all([settings.refetch(), mandate.refetch()])}
          >
            {m.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (isLiveMandate(mandate.data)) {
    body = <LiveMandate mandate={mandate.data} brandId={brandId} returnTo={returnTo} />;
  } else {
    body = <NoLiveMandate lastMandate={mandate.data} brandId={brandId} returnTo={returnTo} />;
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="direct-debit-panel">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3">
            {m.panelTitle}
          </Title>
          {settings.data?.testMode ? <TestModeBadge /> : null}
        </Group>
        {body}
        {stepActions ? (
          <StepButtons
            actions={stepActions}
            autoDebit={settings.data?.autoDebit}
            canMoveOn={isLiveMandate(mandate.data) || skipped}
            onSkipConfirmed={() => {
              setSkipped(true);
              stepActions.onSkip();
            }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Starts a setup and sends the browser to the provider's page; the button stays busy until it leaves. */
function useSetupRedirect(brandId: string | undefined, returnTo: MandateReturnTarget) {
  const start = useStartMandate();
  const [leaving, setLeaving] = useState(false);
  const handleSetup = () => {
    start.mutate(
      { brandId, returnTo },
      {
        onSuccess: (response) => {
          setLeaving(true);
          window.location.assign(response.redirectUrl);
        },
        onError: (error) => notify.error(serverErrorOf(error)),
      },
    );
  };
  return { handleSetup, busy: start.isPending || leaving };
}

function NoLiveMandate({
  lastMandate,
  brandId,
  returnTo,
}: {
  lastMandate: Mandate | null | undefined;
  brandId: string | undefined;
  returnTo: MandateReturnTarget;
}) {
  const { handleSetup, busy } = useSetupRedirect(brandId, returnTo);
  return (
    <Stack gap="md" align="flex-start">
      <Text>{m.intro}</Text>
      {lastMandate ? (
        <Group gap="xs" align="center">
          <MandateStatusBadge status={lastMandate.status} />
          <Text size="sm" c="dimmed">
            {m.statusHelp[lastMandate.status]}
          </Text>
        </Group>
      ) : null}
      <Button size="md" onClick={handleSetup} loading={busy}>
        {m.setupButton}
      </Button>
    </Stack>
  );
}

function LiveMandate({
  mandate,
  brandId,
  returnTo,
}: {
  mandate: Mandate;
  brandId: string | undefined;
  returnTo: MandateReturnTarget;
}) {
  const { handleSetup, busy } = useSetupRedirect(brandId, returnTo);
  const cancel = useCancelMandate(brandId);
  const [confirmOpened, confirm] = useDisclosure(false);

  const handleCancel = () => {
    cancel.mutate(undefined, {
      onSuccess: (response) => {
        confirm.close();
        notify.success(response.respMessage);
      },
      onError: (error) => notify.error(serverErrorOf(error)),
    });
  };

  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck />} data-testid="mandate-validated">
        <Text fw={600}>{m.validated}</Text>
      </Alert>
      <Group gap="xs" align="center">
        <Text fw={500}>{m.statusLabel}</Text>
        <MandateStatusBadge status={mandate.status} />
        <Text size="sm" c="dimmed">
          {m.statusHelp[mandate.status]}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Detail label={m.accountHolder} value={mandate.accountHolderName} />
        <Detail
          label={m.accountEnding}
          value={mandate.accountNumberEnding ? `••••••${mandate.accountNumberEnding}` : null}
        />
        <Detail label={m.bank} value={mandate.bankName} />
        <Detail label={m.reference} value={mandate.reference} />
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" onClick={handleSetup} loading={busy}>
          {m.replaceBankAccount}
        </Button>
        <Button variant="outline" color="red" onClick={confirm.open}>
          {m.cancelMandate}
        </Button>
      </Group>
      <Modal opened={confirmOpened} onClose={confirm.close} title={m.cancelMandate} centered>
        <Text mb="lg">{m.cancelMandateQuestion}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close} data-autofocus>
            {m.keepMandate}
          </Button>
          <Button color="red" onClick={handleCancel} loading={cancel.isPending}>
            {m.cancelMandate}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value ?? '—'}</Text>
    </div>
  );
}

function StepButtons({
  actions,
  autoDebit,
  canMoveOn,
  onSkipConfirmed,
}: {
  actions: DirectDebitStepActions;
  /** Unknown while the settings load: Skip waits for them. */
  autoDebit: DirectDebitSettings['autoDebit'] | undefined;
  canMoveOn: boolean;
  onSkipConfirmed: () => void;
}) {
  const [skipOpened, skipDialog] = useDisclosure(false);
  const handleSkip = () => {
    skipDialog.close();
    onSkipConfirmed();
  };
  return (
    <Group justify="space-between" pt="sm">
      <Button variant="default" onClick={actions.onBack}>
        {m.back}
      </Button>
      <Group gap="sm">
        {autoDebit === undefined || autoDebit === 'Mandatory' ? null : (
          <Button variant="subtle" onClick={skipDialog.open}>
            {m.skipButton}
          </Button>
        )}
        <Button onClick={actions.onNext} disabled={!canMoveOn}>
          {m.next}
        </Button>
      </Group>
      <Modal opened={skipOpened} onClose={skipDialog.close} title={m.skipTitle} centered>
        <Stack gap="sm" mb="lg">
          <Text>{m.skipQuestion}</Text>
          {autoDebit === 'false' ? null : <Text fw={500}>{m.skipCharge}</Text>}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={skipDialog.close}>
            {m.cancelButton}
          </Button>
          <Button onClick={handleSkip}>{m.skipButton}</Button>
        </Group>
      </Modal>
    </Group>
  );
}
