import { Button, Checkbox, Group, List, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { insightsSignupSchema } from '@krowd/domain/insights/insights-visitors.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useSignUpInsightsVisitor } from '../api/sign-up-insights-visitor.ts';
import type { InsightsPass } from '../insights-pass.ts';

const m = messages.insightsWeb;

export interface SignUpDialogProps {
  opened: boolean;
  onClose: () => void;
  pass: InsightsPass;
}

/**
 * The Sign Up dialog (spec 3 §2.7, §3 'Signup interest', §5): contact details, the e-mail the visitor
 * logged in with (read-only), three interests and the perks. The spec's embedded video is not made
 * yet: the dialog says plainly what it would show (decision 0072).
 */
export function SignUpDialog({ opened, onClose, pass }: SignUpDialogProps) {
  const signup = useSignUpInsightsVisitor({ id: pass._id, pass: pass.insightsPass });
  const form = useZodForm(insightsSignupSchema, {
    contactName: '',
    organizationName: '',
    phoneNumber: '',
    email: pass.email,
    isInstrested: false,
    isSocialAnalytics: false,
    isReferrals: false,
  });
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    await signup.mutateAsync({ ...values, phoneNumber: values.phoneNumber || undefined });
    notify.success(messages.insights.signupSaved);
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title={m.signUpTitle} centered size="lg">
      <Stack gap="md">
        <List size="sm" spacing={4}>
          {m.signUpPerks.map((perk) => (
            <List.Item key={perk}>{perk}</List.Item>
          ))}
        </List>
        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="sign-up-video-title">
          <Text id="sign-up-video-title" size="sm" fw={600}>
            {m.videoTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {m.videoStandIn}
          </Text>
        </Paper>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={m.contactName}
              required
              autoComplete="name"
              error={errors.contactName?.message}
              {...form.register('contactName')}
            />
            <TextInput
              label={m.organizationName}
              required
              autoComplete="organization"
              error={errors.organizationName?.message}
              {...form.register('organizationName')}
            />
            <TextInput
              label={m.phoneNumber}
              type="tel"
              autoComplete="tel"
              error={errors.phoneNumber?.message}
              {...form.register('phoneNumber')}
            />
            <TextInput
              label={m.email}
              readOnly
              variant="filled"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Checkbox label={m.isInstrested} {...form.register('isInstrested')} />
            <Checkbox label={m.isSocialAnalytics} {...form.register('isSocialAnalytics')} />
            <Checkbox label={m.isReferrals} {...form.register('isReferrals')} />
            <FormStatus message={status} />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                {m.cancel}
              </Button>
              <Button type="submit" loading={signup.isPending}>
                {m.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
