import { useNavigate, useParams } from 'react-router';
import { createPasswordFormSchema } from '@krowd/domain/auth/auth.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthForm } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { loadPasswordChecks } from '@/lib/password-checks';
import { notify } from '@/lib/notify';
import { useSetPassword } from '../api/set-password.ts';
import { AuthFormEnd } from './auth-form-end.tsx';

export interface SetPasswordPageProps {
  /** 'recover' for /changerecoverpassword/:token, 'create' for /setpassword/:token. */
  kind: 'recover' | 'create';
}

/** The create-password screen: new password and its confirmation; on success, back to /. */
export function SetPasswordPage({ kind }: SetPasswordPageProps) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const setPassword = useSetPassword(kind);
  const form = useZodForm(
    createPasswordFormSchema,
    { newPassword: '', confirmPassword: '' },
    { ready: loadPasswordChecks },
  );

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const response = await setPassword.mutateAsync({ ...values, token });
    if (response.respMessage) notify.success(response.respMessage);
    void navigate(paths.root);
  });

  return (
    <AuthLayout
      title={kind === 'recover' ? messages.auth.resetPasswordTitle : messages.auth.createPasswordTitle}
      subtitle={messages.validation.passwordRule}
    >
      <AuthForm onSubmit={handleSubmit}>
        <NewPasswordFields form={form} name="newPassword" label={messages.auth.newPasswordLabel} />
        <AuthFormEnd
          submitLabel={messages.auth.savePassword}
          pending={setPassword.isPending}
          status={status}
        />
      </AuthForm>
    </AuthLayout>
  );
}
