import { Stack, TextInput } from '@mantine/core';
import { bankCreateSchema, type BankCreateInput } from '@krowd/domain/bank/bank.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreateBank } from '../api/create-bank.ts';
import { FirstAdminFields, type FirstAdminFieldsProps } from './first-admin-fields.tsx';

export interface BankFormModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Add Bank: the bank's name and its first Bank Admin. Mounted afresh for each opening. */
export function BankFormModal({ opened, onClose }: BankFormModalProps) {
  return (
    <FreshModal opened={opened} onClose={onClose} title="Add Bank">
      <BankFormBody onClose={onClose} />
    </FreshModal>
  );
}

const emptyBank: BankCreateInput = {
  name: '',
  admin: { firstName: '', lastName: '', email: '', phone: '' },
};

function BankFormBody({ onClose }: { onClose: () => void }) {
  const form = useZodForm(bankCreateSchema, emptyBank);
  const { errors } = form.formState;
  const createBank = useCreateBank();
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await createBank.mutateAsync(values);
    notify.success(answer.respMessage);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label="Bank Name" required error={errors.name?.message} {...form.register('name')} />
        <FirstAdminFields
          title="Bank Admin"
          register={form.register as unknown as FirstAdminFieldsProps['register']}
          errors={errors.admin}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel="Add"
          pending={createBank.isPending}
        />
      </Stack>
    </form>
  );
}
