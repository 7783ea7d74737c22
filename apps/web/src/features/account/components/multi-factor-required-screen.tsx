import { Anchor, Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import { AuthLayout } from '@/components/ui/auth-layout';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { useSessionActions } from '@/lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { multiFactorStatusKey } from '../api/keys.ts';
import { MultiFactorSetup } from './multi-factor-setup.tsx';

const m = messages.multiFactor;

/**
 * What a system admin without two-step sign-in sees in place of the product: the server lets them
 * reach nothing else until it is set up.
 */
export function MultiFactorRequiredScreen() {
  const queryClient = useQueryClient();
  const { signedOut } = useSessionActions();
  const logout = async () => {
    await apiRequest('auth/logout', { method: 'POST', sessionRequired: false }).catch(() => undefined);
    signedOut({ to: paths.login });
  };
  return (
    <AuthLayout title={m.setupTitle} subtitle={m.setupRequired}>
      <Stack gap="md">
        <MultiFactorSetup
          onDone={() => void queryClient.invalidateQueries({ queryKey: multiFactorStatusKey })}
        />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => void logout()}>
            {messages.auth.logout}
          </Anchor>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
