import { Anchor, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { paths } from '@/config/paths';

export interface BackToLoginProps {
  /** Words before the link, e.g. 'Already have an account?'. */
  lead?: ReactNode;
}

/** The centred 'Back to login' link under the signed-out screens. */
export function BackToLogin({ lead }: BackToLoginProps) {
  return (
    <Text size="sm" ta="center">
      {lead}
      <Anchor component={Link} to={paths.login}>
        {messages.auth.backToLogin}
      </Anchor>
    </Text>
  );
}

export interface AuthFormEndProps extends BackToLoginProps {
  submitLabel: string;
  pending: boolean;
  /** The server's message for a failed submit. */
  status: string | null;
}

/** The end of a signed-out form: its full-width submit, the server's message, the way back. */
export function AuthFormEnd({ submitLabel, pending, status, lead }: AuthFormEndProps) {
  return (
    <>
      <Button type="submit" fullWidth disabled={pending} loading={pending}>
        {submitLabel}
      </Button>
      <FormStatus message={status} />
      <BackToLogin lead={lead} />
    </>
  );
}
