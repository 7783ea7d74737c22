import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import { publisherCreateSchema, publisherUpdateSchema } from '@krowd/domain/publisher/publisher.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { ServerSearchSelect, type SearchOption } from '@/components/ui/server-search-select';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useBankSearch } from '../api/search-banks.ts';
import { useCreatePublisher } from '../api/create-publisher.ts';
import { useUpdatePublisher } from '../api/update-publisher.ts';

const m = messages.publisher;

export interface PublisherFormModalProps {
  opened: boolean;
  /** The publisher to edit; none adds one. */
  publisher: PublisherRow | null;
  onClose: () => void;
}

/**
 * Add Publisher (code, name, bank) and Edit Publisher (the name and the bank; the code stays, files
 * name it). The bank is searched on the server: any bank of any number can be chosen, or none.
 */
export function PublisherFormModal({ opened, publisher, onClose }: PublisherFormModalProps) {
  return (
    <FreshModal opened={opened} onClose={onClose} title={publisher ? m.edit : m.add}>
      {publisher ? <EditForm publisher={publisher} onClose={onClose} /> : <AddForm onClose={onClose} />}
    </FreshModal>
  );
}

function AddForm({ onClose }: { onClose: () => void }) {
  const create = useCreatePublisher();
  const form = useZodForm(publisherCreateSchema, { code: '', displayName: '', bankId: null });
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    notify.success((await create.mutateAsync(values)).respMessage);
    onClose();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label={m.fields.code}
          description={m.codeHint}
          required
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextInput
          label={m.fields.displayName}
          required
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <BankField
          value={form.watch('bankId') ?? null}
          onChange={(bankId) => form.setValue('bankId', bankId, { shouldDirty: true })}
          initial={null}
          error={errors.bankId?.message}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={messages.common.add}
          pending={create.isPending}
        />
      </Stack>
    </form>
  );
}

function EditForm({ publisher, onClose }: { publisher: PublisherRow; onClose: () => void }) {
  const update = useUpdatePublisher();
  const form = useZodForm(publisherUpdateSchema, {
    displayName: publisher.displayName,
    bankId: publisher.bankId,
  });
  const { onSubmit, status } = useServerSubmit(form, async (change) => {
    notify.success((await update.mutateAsync({ id: publisher._id, change })).respMessage);
    onClose();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={m.fields.code} value={publisher.code} readOnly />
        <TextInput
          label={m.fields.displayName}
          required
          error={form.formState.errors.displayName?.message}
          {...form.register('displayName')}
        />
        <BankField
          value={form.watch('bankId') ?? null}
          onChange={(bankId) => form.setValue('bankId', bankId, { shouldDirty: true })}
          initial={
            publisher.bankId && publisher.bankName
              ? { value: publisher.bankId, label: publisher.bankName }
              : null
          }
          error={form.formState.errors.bankId?.message}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={messages.common.save}
          pending={update.isPending}
        />
      </Stack>
    </form>
  );
}

/** The bank whose admins administer the publisher (decision 0088), or none. */
function BankField({
  value,
  onChange,
  initial,
  error,
}: {
  value: string | null;
  onChange: (bankId: string | null) => void;
  initial: SearchOption | null;
  error: string | undefined;
}) {
  // The chosen bank's name, which the form's value (its id) does not carry.
  const [chosen, setChosen] = useState<SearchOption | null>(initial);
  return (
    <ServerSearchSelect
      label={m.fields.bank}
      description={m.bankHint}
      placeholder={m.bankPlaceholder}
      value={value && chosen?.value === value ? chosen : null}
      onChange={(option) => {
        setChosen(option);
        onChange(option?.value ?? null);
      }}
      useOptions={useBankSearch}
      nothingFound={m.noBankMatches}
      clearable
      error={error}
    />
  );
}
