import { Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { can } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { canRenameBrand, profileHasBrand, profileUpdateSchema } from '@krowd/domain/user/profile.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { UserDetails } from '@krowd/domain/user/user-response.schema';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf, useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionActions, useSessionUser } from '@/lib/session';
import { useDeactivateAccount } from '../api/deactivate-account.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUserDetails } from '../api/get-user-details.ts';
import { ProfilePhoto } from './profile-photo.tsx';
import { EditActions } from './edit-actions.tsx';
import { useEditMode } from './use-edit-mode.ts';
import { SecuritySection } from './security-section.tsx';

const m = messages.profile;
const fields = messages.user.fields;

/**
 * My Profile (spec 2 §2.8): read-only until Edit; Update Details saves and makes it read-only
 * again. Deactivating (after 'Are you sure you want to deactivate Account ?') signs the user out.
 */
export function ProfilePage() {
  const user = useSessionUser();
  const details = useUserDetails(user?._id ?? '');
  if (!user) return null;
  if (details.isPending) return <Loader aria-label={messages.common.loading} />;
  if (details.isError) return <FormStatus message={details.error.message} />;
  return (
    <Stack gap="lg">
      <ProfileScreen user={user} details={details.data} />
      <SecuritySection />
    </Stack>
  );
}

const formValuesOf = (details: UserDetails, withBrand: boolean) => ({
  firstName: details.firstName,
  lastName: details.lastName,
  phone: details.phone ?? '',
  address: details.address ?? '',
  ...(withBrand ? { brandName: details.brandName ?? '' } : {}),
});

function ProfileScreen({ user, details }: { user: SessionUser; details: UserDetails }) {
  const subject = {
    entityType: user.entityType,
    role: user.role,
    brandId: user.brandId,
    isClientAdmin: user.isClientAdmin,
  };
  const withBrand = profileHasBrand(subject);
  const brandEditable = canRenameBrand(subject);
  const mayDeactivate = can(audienceOfUser(user), 'account.deactivate');
  const [confirming, setConfirming] = useState(false);
  const updateProfile = useUpdateProfile(user._id);
  const deactivate = useDeactivateAccount(user._id);
  const { signedOut } = useSessionActions();
  const form = useZodForm(profileUpdateSchema, formValuesOf(details, withBrand));
  const edit = useEditMode(form);

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await updateProfile.mutateAsync({
      ...values,
      email: details.email,
      _id: details._id,
      brandId: details.brandId,
    });
    edit.handleSaved(formValuesOf(response.details, withBrand));
    notify.success(response.respMessage);
  });

  const handleDeactivate = async () => {
    try {
      const response = await deactivate.mutateAsync();
      setConfirming(false);
      notify.success(response.respMessage);
      signedOut({ to: paths.login });
    } catch (error) {
      setConfirming(false);
      notify.error(serverErrorOf(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <ProfilePhoto userId={details._id} displayName={details.displayName} photo={details.photo} />
          <Group grow align="flex-start">
            <TextInput label={fields.firstName} required {...edit.fieldProps('firstName')} />
            <TextInput label={fields.lastName} required {...edit.fieldProps('lastName')} />
          </Group>
          <TextInput label={fields.email} value={details.email} disabled description={m.emailReadOnly} />
          <TextInput label={fields.contactNumber} required type="tel" {...edit.fieldProps('phone')} />
          {withBrand ? (
            <TextInput
              label={fields.brand}
              required
              {...edit.fieldProps('brandName')}
              readOnly={edit.readOnly || !brandEditable}
              variant={edit.readOnly || !brandEditable ? 'filled' : 'default'}
              description={brandEditable ? undefined : m.brandNotEditable}
            />
          ) : null}
          <Textarea label={fields.address} autosize minRows={2} {...edit.fieldProps('address')} />
          <Group justify="space-between">
            {mayDeactivate ? (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {m.deactivateTitle}
              </Button>
            ) : (
              <span />
            )}
            <EditActions
              editing={edit.editing}
              saving={updateProfile.isPending}
              onEdit={edit.handleEdit}
              onCancel={edit.handleCancel}
            />
          </Group>
          <FormStatus message={status} />
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={m.deactivateTitle} centered>
        <Stack>
          <Text>{m.deactivateConfirm}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={deactivate.isPending}
              data-autofocus
            >
              {messages.common.no}
            </Button>
            <Button color="red" onClick={handleDeactivate} loading={deactivate.isPending}>
              {messages.common.yes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
