import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import type { CampaignFormState } from './use-campaign-form.ts';

const m = messages.campaign;

/**
 * What the form says in a modal: no branch to run at or branches awaiting the brand (before the
 * form is filled in), and that choosing branches one by one leaves out branches added later.
 */
export function CampaignFormAlerts({ state }: { state: CampaignFormState }) {
  const { branchAlert, dismissBranchAlert, branchesReachable, handleGoToBranches } = state;
  const { allBranchesHint, setAllBranchesHint } = state;
  return (
    <>
      <Modal
        opened={branchAlert !== null}
        onClose={dismissBranchAlert}
        title={messages.common.alert}
        centered
      >
        <Text mb="lg">{branchAlert === 'none' ? m.noBranches : m.branchesPending}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismissBranchAlert}>
            {messages.common.close}
          </Button>
          {branchesReachable ? (
            <Button onClick={handleGoToBranches}>
              {branchAlert === 'none' ? m.addBranch : m.goToBranches}
            </Button>
          ) : null}
        </Group>
      </Modal>
      <Modal
        opened={allBranchesHint}
        onClose={() => setAllBranchesHint(false)}
        title={messages.common.alert}
        centered
      >
        <Text mb="lg">{m.allBranchesAlert}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setAllBranchesHint(false)}>{messages.common.ok}</Button>
        </Group>
      </Modal>
    </>
  );
}
