import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { listScopeParams } from '@/components/ui/use-entity-list-state';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { useDirectDebitSettings } from '../api/get-direct-debit-settings.ts';
import { DirectDebitPanel } from './direct-debit-panel.tsx';
import { TestModeSimulator } from './test-mode-simulator.tsx';

/**
 * Payments (/user/campaigns/payments, spec 2 §2.10): the brand's Direct Debit mandate; a group
 * admin picks one of the group's brands. In test mode, the provider's simulator follows.
 */
export function PaymentsPage() {
  const user = useSessionUser();
  return user ? <Payments user={user} /> : null;
}

function Payments({ user }: { user: SessionUser }) {
  const groupRole = audienceOfUser(user) === 'groupAdmin';
  const brandOptions = brandOptionsOf(user);
  const [chosenBrand, setChosenBrand] = useState(groupRole ? (brandOptions[0]?.value ?? '') : '');
  const brandId = chosenBrand || undefined;
  const settings = useDirectDebitSettings();

  return (
    <Stack gap="lg">
      {groupRole ? (
        <Select
          label={messages.payment.brandLabel}
          data={brandOptions}
          value={chosenBrand || null}
          onChange={(value) => value && setChosenBrand(value)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      <DirectDebitPanel
        key={chosenBrand}
        brandId={brandId}
        returnTo="payments"
        // Back from the provider, a group admin sees the brand whose mandate was just set up.
        onStepDone={groupRole ? (mandate) => setChosenBrand(mandate.brandId) : undefined}
      />
      {settings.data?.testMode ? (
        <TestModeSimulator
          key={`simulator-${chosenBrand}`}
          brandId={brandId}
          invoiceScope={listScopeParams(groupRole, user, chosenBrand)}
        />
      ) : null}
    </Stack>
  );
}
