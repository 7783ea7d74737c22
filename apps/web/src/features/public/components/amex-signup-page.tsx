import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { signupLookupSchema, type SignupLookupInput } from '@krowd/domain/public/card-network.schema';
import { AuthForm } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLookUpSignup } from '../api/look-up-signup.ts';
import { ContactForm } from './contact-form.tsx';
import { contactRedirectDelayMs } from './amex-dining-page.tsx';
import { useMarketingRedirect } from './use-marketing-redirect.ts';
import { EmailField, PhoneField, WebsiteField } from './contact-fields.tsx';

const m = messages.cardNetwork;

/**
 * /amexsignup: Merchant ID, Email, Phone, Website; Continue looks the Merchant ID up. Found: a
 * sign-in link goes to the account's e-mail and the guest user page says so, showing nothing of
 * the address (brief §4). Not found: the contact dialog opens with what was typed (spec 3 §4, §8).
 */
export function AmexSignupPage() {
  const navigate = useNavigate();
  const lookup = useLookUpSignup();
  const redirect = useMarketingRedirect(contactRedirectDelayMs);
  const [notFound, setNotFound] = useState<SignupLookupInput | null>(null);
  const form = useZodForm(signupLookupSchema, { amexMerchantID: '', email: '', phone: '', website: '' });
  const { errors } = form.formState;

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    try {
      await lookup.mutateAsync(values);
      void navigate(paths.guestLinkSent);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      setNotFound(form.getValues());
    }
  });

  return (
    <AuthLayout title={m.signupTitle} subtitle={m.signupIntro}>
      {redirect.redirecting ? (
        <Alert color="teal" role="status" title={m.detailsSubmitted}>
          {m.redirecting}
        </Alert>
      ) : (
        <AuthForm onSubmit={handleSubmit}>
          <TextInput
            label={m.fields.merchantId}
            withAsterisk
            error={errors.amexMerchantID?.message}
            {...form.register('amexMerchantID')}
          />
          <EmailField error={errors.email?.message} {...form.register('email')} />
          <PhoneField error={errors.phone?.message} {...form.register('phone')} />
          <WebsiteField error={errors.website?.message} {...form.register('website')} />
          <Button type="submit" fullWidth disabled={lookup.isPending} loading={lookup.isPending}>
            {messages.common.continue}
          </Button>
          <FormStatus message={status} />
        </AuthForm>
      )}
      <Modal opened={notFound !== null} onClose={() => setNotFound(null)} title={m.contactTitle} centered>
        {notFound ? (
          <Stack gap="md">
            <Text size="sm" role="alert">
              {m.lookupFailed}
            </Text>
            <ContactForm
              from="amexsignup"
              initialValues={{
                email: notFound.email,
                phone: notFound.phone ?? '',
                website: notFound.website ?? '',
                amexMerchantID: notFound.amexMerchantID,
              }}
              onSubmitted={(answer) => {
                setNotFound(null);
                redirect.start(answer.redirectTo);
              }}
            />
          </Stack>
        ) : null}
      </Modal>
    </AuthLayout>
  );
}
