import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { groupCreateSchema, type GroupCreateInput } from '@krowd/domain/group/group.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useBrandOptions } from '../api/get-brand-options.ts';
import { useCreateGroup } from '../api/groups.ts';
import { FirstAdminFields, type FirstAdminFieldsProps } from './first-admin-fields.tsx';

export interface GroupFormModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Add Group: its name, the brands that move into it and its first Group Admin. */
export function GroupFormModal({ opened, onClose }: GroupFormModalProps) {
  return (
    <FreshModal opened={opened} onClose={onClose} title="Add Group">
      <GroupFormBody onClose={onClose} />
    </FreshModal>
  );
}

const emptyGroup: GroupCreateInput = {
  name: '',
  brandIds: [],
  admin: { firstName: '', lastName: '', email: '', phone: '' },
};

function GroupFormBody({ onClose }: { onClose: () => void }) {
  const form = useZodForm(groupCreateSchema, emptyGroup);
  const { errors } = form.formState;
  const options = useBrandOptions();
  const createGroup = useCreateGroup();
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await createGroup.mutateAsync(values);
    notify.success(answer.respMessage);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label="Group Name" required error={errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="brandIds"
          render={({ field }) => (
            <MultiSelect
              label="Brands"
              required
              placeholder="Choose brands"
              description={messages.group.brandsHint}
              data={options.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              nothingFoundMessage="No brand matches"
              error={errors.brandIds?.message}
            />
          )}
        />
        <FirstAdminFields
          title="Group Admin"
          register={form.register as unknown as FirstAdminFieldsProps['register']}
          errors={errors.admin}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel="Add"
          pending={createGroup.isPending}
        />
      </Stack>
    </form>
  );
}
