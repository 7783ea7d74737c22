import { Alert } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ContactForm } from './contact-form.tsx';
import { useMarketingRedirect } from './use-marketing-redirect.ts';

const m = messages.cardNetwork;
/** Spec 3 §2.8, §9: the contact page goes to the marketing site 1 second after a successful submit. */
export const contactRedirectDelayMs = 1000;

/** /amexdining: the card-network dining programme's contact page. */
export function AmexDiningPage() {
  const redirect = useMarketingRedirect(contactRedirectDelayMs);

  return (
    <AuthLayout title={m.contactTitle} subtitle={m.contactIntro}>
      {redirect.redirecting ? (
        <Alert color="teal" role="status" title={m.detailsSubmitted}>
          {m.redirecting}
        </Alert>
      ) : (
        <ContactForm from="amexdining" onSubmitted={(answer) => redirect.start(answer.redirectTo)} />
      )}
    </AuthLayout>
  );
}
