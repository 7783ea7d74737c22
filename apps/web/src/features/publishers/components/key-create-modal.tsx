import { Group, Radio, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import { publisherKeyModes } from '@krowd/domain/publisher/publisher-key.rules';
import { publisherKeyCreateSchema } from '@krowd/domain/publisher/publisher.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreatePublisherKey } from '../api/create-publisher-key.ts';

const k = messages.publisherKey;

export interface KeyCreateModalProps {
  publisherId: string;
  opened: boolean;
  onClose: () => void;
  /** The new key's secret, to be shown once. */
  onCreated: (secret: string) => void;
}

/** Create key: its name and whether it is live or test. */
export function KeyCreateModal({ opened, onClose, ...props }: KeyCreateModalProps) {
  return (
    <FreshModal opened={opened} onClose={onClose} title={k.add}>
      <KeyCreateForm onClose={onClose} {...props} />
    </FreshModal>
  );
}

function KeyCreateForm({ publisherId, onClose, onCreated }: Omit<KeyCreateModalProps, 'opened'>) {
  const create = useCreatePublisherKey(publisherId);
  const form = useZodForm(publisherKeyCreateSchema, { name: '', mode: 'test' });
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await create.mutateAsync(values);
    notify.success(answer.respMessage);
    onCreated(answer.secret);
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={k.fields.name} required error={errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <Radio.Group
              label={k.fields.mode}
              value={field.value as string}
              onChange={field.onChange}
              error={errors.mode?.message}
            >
              <Group mt={6}>
                {publisherKeyModes.map((mode) => (
                  <Radio key={mode} value={mode} label={k.modes[mode]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <FormModalActions status={status} onCancel={onClose} submitLabel={k.add} pending={create.isPending} />
      </Stack>
    </form>
  );
}
