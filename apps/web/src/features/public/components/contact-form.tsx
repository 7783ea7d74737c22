import { Button, Stack } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import { contactLeadSchema, type ContactLeadInput } from '@krowd/domain/public/card-network.schema';
import type { Redirecting } from '@krowd/domain/public/public-response.schema';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { useSubmitContactLead } from '../api/submit-contact-lead.ts';
import { EmailField, NameField, PhoneField, RestaurantNameField, WebsiteField } from './contact-fields.tsx';

export interface ContactFormProps {
  from: ContactLeadInput['from'];
  /** What the visitor already typed elsewhere (the /amexsignup look-up). */
  initialValues?: Partial<Pick<ContactLeadInput, 'email' | 'phone' | 'website' | 'amexMerchantID'>>;
  onSubmitted: (answer: Redirecting) => void;
}

/**
 * The contact form (spec 3 §5): Name, Email, Phone, Restaurant Name, Website, Submit. On
 * /amexdining, and in the dialog /amexsignup opens when a look-up finds no account.
 */
export function ContactForm({ from, initialValues, onSubmitted }: ContactFormProps) {
  const contact = useSubmitContactLead();
  const form = useZodForm(contactLeadSchema, {
    name: '',
    email: initialValues?.email ?? '',
    phone: initialValues?.phone ?? '',
    company: '',
    website: initialValues?.website ?? '',
    from,
    amexMerchantID: initialValues?.amexMerchantID ?? '',
  });
  const { errors } = form.formState;
  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    onSubmitted(await contact.mutateAsync({ ...values, from }));
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <NameField error={errors.name?.message} {...form.register('name')} />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PhoneField error={errors.phone?.message} {...form.register('phone')} />
        <RestaurantNameField error={errors.company?.message} {...form.register('company')} />
        <WebsiteField error={errors.website?.message} {...form.register('website')} />
        <Button type="submit" fullWidth disabled={contact.isPending} loading={contact.isPending}>
          {messages.common.submit}
        </Button>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}
