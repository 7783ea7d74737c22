import { Group, Loader, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { BankDetails } from '@krowd/domain/bank/bank-response.schema';
import { bankUpdateSchema } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useBank, useUpdateBank } from '../api/my-bank.ts';
import { EditActions } from './edit-actions.tsx';

/** My Bank (/user/settings/bank): the bank's details; its admin edits them, other bank users read. */
export function MyBankPage() {
  const user = useSessionUser();
  const bank = useBank(user?.bankId ?? '');
  if (!user?.bankId) return null;
  if (bank.isPending) return <Loader aria-label={messages.common.loading} />;
  if (bank.isError) return <FormStatus message={bank.error.message} />;
  return <MyBankForm bank={bank.data} />;
}

const formValuesOf = (bank: BankDetails) => ({
  name: bank.name,
  contactEmail: bank.contactEmail ?? '',
  contactPhone: bank.contactPhone ?? '',
  address: bank.address ?? '',
  website: bank.website ?? '',
});

function MyBankForm({ bank }: { bank: BankDetails }) {
  const [editing, setEditing] = useState(false);
  const updateBank = useUpdateBank(bank._id);
  const form = useZodForm(bankUpdateSchema, formValuesOf(bank));
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await updateBank.mutateAsync(values);
    form.reset(formValuesOf(response.details));
    setEditing(false);
    notify.success(response.respMessage);
  });

  const handleCancel = () => {
    form.reset();
    setEditing(false);
  };

  const readOnly = !editing;
  // A read-only form looks it: filled fields until Edit.
  const fieldVariant = readOnly ? 'filled' : 'default';
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Bank Name"
            required
            readOnly={readOnly}
            variant={fieldVariant}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Contact Email"
              type="email"
              readOnly={readOnly}
              variant={fieldVariant}
              error={errors.contactEmail?.message}
              {...form.register('contactEmail')}
            />
            <TextInput
              label="Contact Number"
              type="tel"
              readOnly={readOnly}
              variant={fieldVariant}
              error={errors.contactPhone?.message}
              {...form.register('contactPhone')}
            />
          </Group>
          <TextInput
            label="Website"
            readOnly={readOnly}
            variant={fieldVariant}
            error={errors.website?.message}
            {...form.register('website')}
          />
          <Textarea
            label="Address"
            autosize
            minRows={2}
            readOnly={readOnly}
            variant={fieldVariant}
            error={errors.address?.message}
            {...form.register('address')}
          />
          {bank.editable ? (
            <Group justify="flex-end">
              <EditActions
                editing={editing}
                saving={updateBank.isPending}
                onEdit={() => setEditing(true)}
                onCancel={handleCancel}
              />
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {messages.bank.adminOnly}
            </Text>
          )}
          <FormStatus message={status} />
        </Stack>
      </form>
    </Paper>
  );
}
