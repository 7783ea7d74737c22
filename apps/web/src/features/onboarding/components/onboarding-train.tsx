import { Button, Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import type { OnboardingPosition } from '@krowd/domain/onboarding/onboarding.rules';
import { onboardingStepLabels, onboardingSteps } from '@krowd/domain/onboarding/onboarding.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { pathAfter } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSaveOnboardingProgress } from '../api/save-onboarding-progress.ts';
import { AccountSettingsStep } from './account-settings-step.tsx';
import { BranchWizardStep } from './branch-wizard-step.tsx';
import { stepperIndexOf, trainStartOf } from './train-position.ts';

const m = messages.onboarding;

/** What the Payment Details step may do with the train. */
export interface PaymentStepControls {
  /** Back to the campaign form. */
  onBack: () => void;
  /** Skip Direct-Debit confirmed: the step is recorded as passed and the train moves to Branch. */
  onSkip: () => Promise<void>;
  /** A mandate is set up (the server has recorded the step): the train moves to Branch. */
  onNext: () => void;
}

export interface OnboardingTrainProps {
  user: SessionUser;
  /** The step to open at; without it, the one the user's flags resume at. */
  startAt?: OnboardingPosition;
  /**
   * Back from Payment Details: the campaign form again, prefilled with what was saved. With a
   * message when the server reopened the form (the saved month has gone by).
   */
  onBackToCampaign: (message?: string) => void;
  /** The Payment Details step, composed by the app (the payments screens' direct-debit panel). */
  paymentStep: (controls: PaymentStepControls) => ReactNode;
}

/**
 * The guest onboarding train (spec 1 §2 'Onboarding train', §4): Create Campaign, Payment Details,
 * Branch, Account Settings. It resumes from the user's flags; steps passed show as done; Back and
 * Next record the Branch step as the spec says (Back clears it, Next sets it).
 */
export function OnboardingTrain({ user, startAt, onBackToCampaign, paymentStep }: OnboardingTrainProps) {
  const [position, setPosition] = useState<OnboardingPosition>(() => trainStartOf(user, startAt));
  const progress = useSaveOnboardingProgress();
  const brandId = user.brandId ?? '';

  const handleSkip = async () => {
    try {
      await progress.mutateAsync({ step: 'payment', stepTwo: true });
      setPosition('branch');
    } catch {
      notify.error(m.updateFailed);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xl">
        <Stepper active={stepperIndexOf(position)} size="sm" allowNextStepsSelect={false}>
          {onboardingSteps.map((step) => (
            <Stepper.Step key={step} label={onboardingStepLabels[step]} allowStepSelect={false} />
          ))}
        </Stepper>
        {position === 'payment' ? (
          <section aria-label={onboardingStepLabels.payment}>
            {paymentStep({
              onBack: () => onBackToCampaign(),
              onSkip: handleSkip,
              onNext: () => setPosition('branch'),
            })}
          </section>
        ) : null}
        {position === 'branch' ? (
          <section aria-label={onboardingStepLabels.branch}>
            <BranchWizardStep
              brandId={brandId}
              onBack={async () => {
                await progress.mutateAsync({ step: 'branch', stepThree: false });
                setPosition('payment');
              }}
              onNext={async () => {
                await progress.mutateAsync({ step: 'branch', stepThree: true });
                setPosition('password');
              }}
            />
          </section>
        ) : null}
        {position === 'password' ? (
          <section aria-label={onboardingStepLabels.password}>
            <AccountSettingsStep
              user={user}
              onBack={() => setPosition('branch')}
              onCompleted={() => setPosition('completed')}
              onCampaignReopened={onBackToCampaign}
            />
          </section>
        ) : null}
        {position === 'completed' ? <Congratulations /> : null}
      </Stack>
    </Paper>
  );
}

/** The end of the train (spec 2 §2.11): the account is set up; the dashboard is next. */
function Congratulations() {
  // The session is the full account's by now (the finishing call answers it).
  const user = useSessionUser();
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="onboarding-completed">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {m.congratulations}
      </Title>
      <Text c="dimmed">{m.workDone}</Text>
      <Button
        component={Link}
        to={user ? pathAfter('onboardingCompleted', user) : paths.root}
        mt="sm"
        data-autofocus
      >
        {m.goToDashboard}
      </Button>
    </Stack>
  );
}
