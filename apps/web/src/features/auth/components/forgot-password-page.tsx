import { useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthForm, EmailInput } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthFormEnd } from './auth-form-end.tsx';

/** /forgot: e-mail only; the same notification whether or not the account exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await forgot.mutateAsync(values);
    notify.success(response.respMessage ?? messages.auth.forgotPasswordSent);
    void navigate(paths.root);
  });

  return (
    <AuthLayout title={messages.auth.forgotPasswordTitle} subtitle={messages.auth.forgotPasswordSubtitle}>
      <AuthForm onSubmit={handleSubmit}>
        <EmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
        <AuthFormEnd submitLabel={messages.auth.sendLink} pending={forgot.isPending} status={status} />
      </AuthForm>
    </AuthLayout>
  );
}
