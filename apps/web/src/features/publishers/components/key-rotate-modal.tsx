import { Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import { rotationOverlap } from '@krowd/domain/publisher/publisher-key.rules';
import type { PublisherKey } from '@krowd/domain/publisher/publisher-response.schema';
import { publisherKeyRotateSchema } from '@krowd/domain/publisher/publisher.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { NumberField } from '@/components/ui/number-field';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useRotatePublisherKey } from '../api/rotate-publisher-key.ts';

const k = messages.publisherKey;

export interface KeyRotateModalProps {
  publisherId: string;
  /** The key to rotate; none closes the dialog. */
  apiKey: PublisherKey | null;
  onClose: () => void;
  /** The new key's secret, to be shown once. */
  onRotated: (secret: string) => void;
}

/** Rotate: a new key in this one's place; the old one keeps working for the hours chosen. */
export function KeyRotateModal({ apiKey, onClose, ...props }: KeyRotateModalProps) {
  return (
    <FreshModal opened={apiKey !== null} onClose={onClose} title={k.rotateTitle(apiKey?.name ?? '')}>
      {apiKey ? <KeyRotateForm apiKey={apiKey} onClose={onClose} {...props} /> : null}
    </FreshModal>
  );
}

function KeyRotateForm({
  publisherId,
  apiKey,
  onClose,
  onRotated,
}: Omit<KeyRotateModalProps, 'apiKey'> & { apiKey: PublisherKey }) {
  const rotate = useRotatePublisherKey(publisherId);
  const form = useZodForm(publisherKeyRotateSchema, { overlapHours: rotationOverlap.defaultHours });
  const { onSubmit, status } = useServerSubmit(form, async (change) => {
    const answer = await rotate.mutateAsync({ key: apiKey, change });
    notify.success(answer.respMessage);
    onRotated(answer.secret);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" ff="monospace">
          {apiKey.prefix}
        </Text>
        <NumberField
          control={form.control}
          name="overlapHours"
          label={k.overlapHours}
          required
          min={0}
          max={rotationOverlap.maxHours}
          allowDecimal={false}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={k.rotateSubmit}
          pending={rotate.isPending}
        />
      </Stack>
    </form>
  );
}
