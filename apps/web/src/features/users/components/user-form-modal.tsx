import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import { needsBrandChoice, roleChoices, type UserManager } from '@krowd/domain/user/user.rules';
import type { UserRow } from '@krowd/domain/user/user-response.schema';
import { bankUserFormSchema, brandUserFormSchema, userPhoneMaxLength } from '@krowd/domain/user/user.schema';
import type { ListOption } from '@/components/ui/entity-list-toolbar';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

const fields = messages.user.fields;

export interface UserFormModalProps {
  opened: boolean;
  /** Brand-side users carry a role (Users); bank users do not (Bank Users). */
  kind: 'brand' | 'bank';
  manager: UserManager;
  /** The user being edited; absent when adding. */
  user?: UserRow;
  /** The brands a group admin may put a brand role in. */
  brands: ListOption[];
  /** The brand chosen in the list, preselected for a new user. */
  defaultBrandId: string | undefined;
  onClose: () => void;
}

/** Add New and Edit (spec 2 §2.5, §5): mounted afresh for each opening, so it starts clean. */
export function UserFormModal(props: UserFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.user ? messages.user.editTitle : messages.user.addTitle}
      size="lg"
      centered
    >
      {props.opened ? <UserFormBody {...props} /> : null}
    </Modal>
  );
}

/**
 * The bank form is the brand form without role and brand, so one set of field types serves both;
 * the bank form simply never has those two fields.
 */
const formSchemas = {
  brand: brandUserFormSchema,
  bank: bankUserFormSchema as unknown as typeof brandUserFormSchema,
};

function UserFormBody({ kind, manager, user, brands, defaultBrandId, onClose }: UserFormModalProps) {
  const editing = user !== undefined;
  const form = useZodForm(formSchemas[kind], {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    ...(kind === 'brand'
      ? { role: user?.role ?? undefined, brandId: user?.brandId ?? defaultBrandId ?? undefined }
      : {}),
  });
  const { errors } = form.formState;
  const addUser = useCreateUser();
  const updateUser = useUpdateUser();
  const role = form.watch('role');
  const choices = roleChoices('settings', manager, user?.role);
  const ownRole = editing && user._id === manager.id;

  const { onSubmit, status } = useServerSubmit(form, async ({ email, ...changes }) => {
    // Only a group admin giving a brand role names the brand; elsewhere the server places the user.
    const placed = needsBrandChoice(manager, changes.role) ? changes : { ...changes, brandId: undefined };
    const answer = editing
      ? await updateUser.mutateAsync({ id: user._id, changes: placed })
      : await addUser.mutateAsync({ ...placed, email });
    notify.success(answer.respMessage);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={fields.firstName}
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={fields.lastName}
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={fields.email}
          type="email"
          required={!editing}
          disabled={editing}
          description={editing ? messages.user.emailNotEditable : undefined}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label={fields.contactNumber}
          type="tel"
          required
          maxLength={userPhoneMaxLength}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        {kind === 'brand' ? (
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label={fields.role}
                required
                placeholder={messages.user.selectRole}
                data={choices.map((choice) => ({ value: choice, label: messages.user.roles[choice] }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                disabled={ownRole}
                description={ownRole ? messages.user.cannotChangeOwnRole : undefined}
                error={errors.role?.message}
                allowDeselect={false}
              />
            )}
          />
        ) : null}
        {kind === 'brand' && needsBrandChoice(manager, role) ? (
          <Controller
            control={form.control}
            name="brandId"
            render={({ field }) => (
              <Select
                label={fields.brand}
                required
                placeholder={messages.user.brandRequired}
                data={brands}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={errors.brandId?.message}
                allowDeselect={false}
              />
            )}
          />
        ) : null}
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={editing ? messages.common.update : messages.common.add}
          pending={addUser.isPending || updateUser.isPending}
        />
      </Stack>
    </form>
  );
}
