import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@krowd/domain/messages/messages';
import { onboardingCompleteSchema } from '@krowd/domain/onboarding/onboarding.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf, useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { loadPasswordChecks } from '@/lib/password-checks';
import { sessionQueryKey } from '@/lib/session';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';

const fields = messages.user.fields;

export interface AccountSettingsStepProps {
  user: SessionUser;
  /** Back to the Branch step. */
  onBack: () => void;
  /** The account is set up: the guest is now a full user with this password. */
  onCompleted: () => void;
  /**
   * The server sent the guest back to the campaign form (the saved month has gone by), saying why.
   */
  onCampaignReopened: (message: string) => void;
}

/**
 * Account Settings (spec 2 §2.11, spec 1 §4): the person's names and contact number, the e-mail
 * they sign in with (read-only) and a first password. Update Details ends the guest session and
 * starts a full one.
 */
export function AccountSettingsStep({
  user,
  onBack,
  onCompleted,
  onCampaignReopened,
}: AccountSettingsStepProps) {
  const complete = useCompleteOnboarding();
  const queryClient = useQueryClient();
  const form = useZodForm(
    onboardingCompleteSchema,
    {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      newPassword: '',
      confirmPassword: '',
    },
    { ready: loadPasswordChecks },
  );
  const { errors } = form.formState;
  const { status, onSubmit } = useServerSubmit(form, async (values) => {
    try {
      await complete.mutateAsync(values);
    } catch (error) {
      // A refusal may have changed the flags (a month gone by reopens the form): the session says.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      const now = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (now && !now.stepOne) onCampaignReopened(serverErrorOf(error));
      throw error;
    }
    onCompleted();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          {messages.onboarding.accountSettingsIntro}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={fields.firstName}
            required
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={fields.lastName}
            required
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextInput
            label={fields.contactNumber}
            required
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextInput label={fields.email} value={user.email} readOnly variant="filled" autoComplete="email" />
          <PasswordInput
            label={messages.auth.passwordLabel}
            required
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label={messages.onboarding.confirmPasswordLabel}
            required
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </SimpleGrid>
        <FormStatus message={status} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={complete.isPending}>
            {messages.common.back}
          </Button>
          <Button type="submit" loading={complete.isPending}>
            {messages.common.updateDetails}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
