import { Group, Loader, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { BankDetails } from '@krowd/domain/bank/bank-response.schema';
import { bankUpdateSchema } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useBank } from '../api/get-bank.ts';
import { useUpdateBank } from '../api/update-bank.ts';
import { EditActions } from './edit-actions.tsx';
import { useEditMode } from './use-edit-mode.ts';

const fields = messages.bank.fields;

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
  const updateBank = useUpdateBank(bank._id);
  const form = useZodForm(bankUpdateSchema, formValuesOf(bank));
  const edit = useEditMode(form);

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await updateBank.mutateAsync(values);
    edit.handleSaved(formValuesOf(response.details));
    notify.success(response.respMessage);
  });

  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={fields.name} required {...edit.fieldProps('name')} />
          <Group grow align="flex-start">
            <TextInput label={fields.contactEmail} type="email" {...edit.fieldProps('contactEmail')} />
            <TextInput label={fields.contactNumber} type="tel" {...edit.fieldProps('contactPhone')} />
          </Group>
          <TextInput label={fields.website} {...edit.fieldProps('website')} />
          <Textarea label={fields.address} autosize minRows={2} {...edit.fieldProps('address')} />
          {bank.editable ? (
            <Group justify="flex-end">
              <EditActions
                editing={edit.editing}
                saving={updateBank.isPending}
                onEdit={edit.handleEdit}
                onCancel={edit.handleCancel}
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
