import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { defaultPageFor, isGuest, type PageKey } from '@krowd/domain/access/access.rules';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { subjectOf, userMayOpen } from '@/lib/access';
import { pendingSignOutTarget, useSession } from '@/lib/session';
import { returnPathOf, type LoginLocationState } from '@/features/auth/components/login-state';

function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label={signInMessages.common.pageLoading} />
    </Center>
  );
}

/**
 * Waits for the session, showing `pending` meanwhile (a loader unless given); shows an actionable
 * message if the server cannot be reached.
 */
function WithSession({
  children,
  pending = <FullPageLoader />,
}: {
  children: (user: SessionUser | null) => ReactNode;
  pending?: ReactNode;
}) {
  const session = useSession();
  if (session.isPending) return <>{pending}</>;
  if (session.isError) {
    return (
      <Center mih="100vh">
        <Stack align="center">
          <Text>{session.error.message}</Text>
          <Button onClick={() => void session.refetch()}>{signInMessages.common.tryAgain}</Button>
        </Stack>
      </Center>
    );
  }
  return <>{children(session.data)}</>;
}

/**
 * The private-route rule: signed-out visitors go to /login, and the path they asked for is kept.
 * `pending` is drawn while the session is checked: nothing that depends on who is signed in.
 */
export function RequireAuth({
  children,
  pending,
}: {
  children: (user: SessionUser) => ReactNode;
  pending?: ReactNode;
}) {
  const location = useLocation();
  return (
    <WithSession pending={pending}>
      {(user) => {
        if (!user) {
          const target = pendingSignOutTarget();
          if (target) return <Navigate to={target.to} replace state={target.state} />;
          const state: LoginLocationState = { from: location.pathname + location.search };
          return <Navigate to={paths.login} replace state={state} />;
        }
        return children(user);
      }}
    </WithSession>
  );
}

/**
 * Signed-out screens: a signed-in user is sent on into the product, to the path they first asked
 * for if there was one (guests may still sign in with a full account).
 */
export function PublicOnly() {
  const location = useLocation();
  const returnTo = returnPathOf((location.state ?? {}) as LoginLocationState);
  return (
    <WithSession>
      {(user) => (user && !isGuest(user) ? <Navigate to={returnTo} replace /> : <Outlet />)}
    </WithSession>
  );
}

/** '/': into the product when signed in, else to /login. */
export function RootRedirect() {
  return <WithSession>{(user) => <Navigate to={user ? paths.user : paths.login} replace />}</WithSession>;
}

/** '/user': the role's default page (spec 3 §2.9). */
export function DefaultPageRedirect({ user }: { user: SessionUser }) {
  return <Navigate to={paths.page(defaultPageFor(subjectOf(user)))} replace />;
}

/**
 * A page of the permission table. Someone it does not list (by audience, or by the role the page
 * asks of their audience) goes to /user/PageNotFound; a guest
 * goes to /login with the original path and the authenticated flag (spec 2 §2.1).
 */
export function PageGuard({
  page,
  user,
  children,
}: {
  page: PageKey;
  user: SessionUser;
  children: ReactNode;
}) {
  const location = useLocation();
  if (userMayOpen(user, page)) return <>{children}</>;
  if (isGuest(user)) {
    const state: LoginLocationState = { from: location.pathname + location.search, authenticated: true };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Navigate to={paths.pageNotFound} replace />;
}
