import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import {
  brandOnboardingFormSchema,
  type BrandOnboardingFormInput,
} from '@krowd/domain/public/card-network.schema';
import { AuthForm } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf, useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useOnboardBrand } from '../api/onboard-brand.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { EmailField, NameField, PhoneField, RestaurantNameField, WebsiteField } from './contact-fields.tsx';

const m = messages.cardNetwork;

/**
 * /amexdiningsignup: Name, Restaurant Name, Legal Name, Email, Phone, Website. Continue checks the
 * e-mail (a failure is told and the form stays usable), the terms open, and Accept registers the
 * restaurant; the form then gives way to 'Registration Successful' with OK (spec 3 §2.8, §8).
 */
export function AmexDiningSignupPage() {
  const verify = useVerifyEmail();
  const onboard = useOnboardBrand();
  const [termsFor, setTermsFor] = useState<BrandOnboardingFormInput | null>(null);
  const [registered, setRegistered] = useState<{ email: string; redirectTo: string } | null>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const form = useZodForm(brandOnboardingFormSchema, {
    name: '',
    brandName: '',
    legalName: '',
    email: '',
    phone: '',
    website: '',
  });
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    try {
      await verify.mutateAsync(values.email);
    } catch (error) {
      notify.error(serverErrorOf(error));
      throw error;
    }
    setTermsError(null);
    setTermsFor(form.getValues());
  });

  const handleAccept = async () => {
    if (!termsFor) return;
    setTermsError(null);
    try {
      const answer = await onboard.mutateAsync(termsFor);
      setRegistered({ email: termsFor.email, redirectTo: answer.redirectTo });
      setTermsFor(null);
    } catch (error) {
      setTermsError(serverErrorOf(error));
    }
  };

  return (
    <AuthLayout title={m.diningSignupTitle} subtitle={registered ? undefined : m.diningSignupIntro}>
      {registered ? (
        <Stack gap="md" data-testid="registration-successful">
          <Alert color="teal" title={m.registrationSuccessTitle} role="status">
            {m.registrationSuccessBody(registered.email)}
          </Alert>
          <Button fullWidth onClick={() => window.location.assign(registered.redirectTo)}>
            {messages.common.ok}
          </Button>
        </Stack>
      ) : (
        <AuthForm onSubmit={handleSubmit}>
          <NameField error={errors.name?.message} {...form.register('name')} />
          <RestaurantNameField error={errors.brandName?.message} {...form.register('brandName')} />
          <TextInput
            label={m.fields.legalName}
            withAsterisk
            error={errors.legalName?.message}
            {...form.register('legalName')}
          />
          <EmailField error={errors.email?.message} {...form.register('email')} />
          <PhoneField error={errors.phone?.message} {...form.register('phone')} />
          <WebsiteField error={errors.website?.message} {...form.register('website')} />
          <Button type="submit" fullWidth disabled={verify.isPending} loading={verify.isPending}>
            {messages.common.continue}
          </Button>
          <FormStatus message={status} />
        </AuthForm>
      )}
      <Modal
        opened={termsFor !== null}
        onClose={() => setTermsFor(null)}
        title={m.termsTitle}
        centered
        closeOnClickOutside={!onboard.isPending}
        closeOnEscape={!onboard.isPending}
      >
        <Stack gap="sm">
          {m.termsParagraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
          <FormStatus message={termsError} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setTermsFor(null)} disabled={onboard.isPending}>
              {messages.common.cancel}
            </Button>
            <Button onClick={handleAccept} loading={onboard.isPending} data-autofocus>
              {m.accept}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AuthLayout>
  );
}
