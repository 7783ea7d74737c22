import { useState } from 'react';
import { isGuest } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { OnboardingPosition } from '@krowd/domain/onboarding/onboarding.rules';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { CampaignFormPage } from '@/features/campaigns/components/campaign-form-page';
import { LeaveGuard } from '@/features/campaigns/components/leave-guard';
import { useSaveOnboardingCampaign } from '@/features/onboarding/api/save-onboarding-campaign';
import { OnboardingTrain } from '@/features/onboarding/components/onboarding-train';
import { DirectDebitPanel } from '@/features/payments/components/direct-debit-panel';
import { useSessionUser } from '@/lib/session';

/** The campaign form a guest saved (stepOneData), to show again when they come back to it. */
function savedCampaignOf(user: SessionUser): CampaignFormInput | null {
  const saved = user.stepOneData;
  return saved && typeof saved === 'object' ? (saved as CampaignFormInput) : null;
}

/**
 * /user/campaigns/create. A guest onboards here (spec 1 §4): the campaign form until it is saved,
 * then the train (Payment Details, Branch, Account Settings), which resumes where the flags say.
 * Back from the train shows the form again. Everyone else creates a campaign with the form.
 */
export function CampaignCreatePage() {
  const user = useSessionUser()!;
  // Decided once: the train stays on screen after its last step makes the guest a full user.
  const [onboarding] = useState(() => isGuest(user));
  if (!onboarding) return <CampaignFormPage mode="create" />;
  return <GuestOnboarding user={user} />;
}

function GuestOnboarding({ user }: { user: SessionUser }) {
  const [view, setView] = useState<'form' | 'train'>(() => (user.stepOne ? 'train' : 'form'));
  const [trainStart, setTrainStart] = useState<OnboardingPosition | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const saveCampaign = useSaveOnboardingCampaign();

  if (view === 'form') {
    return (
      <CampaignFormPage
        mode="create"
        guest={{
          savedValues: savedCampaignOf(user),
          notice,
          onSave: async (values) => {
            await saveCampaign.mutateAsync(values);
            setTrainStart('payment');
            setView('train');
          },
        }}
      />
    );
  }
  const stillGuest = isGuest(user);
  return (
    <>
      <LeaveGuard active={() => stillGuest} message={messages.campaign.leaveGuardGuest} />
      <OnboardingTrain
        user={user}
        startAt={trainStart}
        onBackToCampaign={(message) => {
          setNotice(message);
          setView('form');
        }}
        paymentStep={({ onBack, onSkip, onNext }) => (
          <DirectDebitPanel
            returnTo="onboarding"
            onStepDone={onNext}
            stepActions={{ onBack, onNext, onSkip: () => void onSkip() }}
          />
        )}
      />
    </>
  );
}
