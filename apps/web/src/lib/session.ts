import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@krowd/domain/auth/auth-response.schema';
import { signedInHintCookieName } from '@krowd/domain/auth/signed-in-hint';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { apiRequest } from './api-client.ts';
import { retryDelay, retrySession } from './query-retry.ts';
import { sessionEvents } from './session-events.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The signed-in user, asked of the server on start (GET auth/session). null when signed out.
 * The browser keeps no copy in storage: the server's session is the truth.
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    const response = await apiRequest<SessionAnswer>('auth/session', {
      signal,
      sessionRequired: false,
    });
    return response.details;
  },
  staleTime: Infinity,
  retry: retrySession,
  retryDelay,
});

/**
 * Whether a session was started in this browser and not ended (the server's signed-in hint). Only
 * then is the signed-in area's frame drawn, and its chunks asked for, before the session answers.
 */
export function mayBeSignedIn(cookies = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${signedInHintCookieName}=`));
}

export function useSession() {
  return useQuery(sessionQuery);
}

export function useSessionUser(): SessionUser | null {
  return useSession().data ?? null;
}

/** Where to go once the user is forgotten, and what to tell that page. */
export interface SignOutTarget {
  to: string;
  state?: unknown;
}

let signOutTarget: SignOutTarget | null = null;

/**
 * The page a deliberate sign-out asked for. The sign-in guard follows it instead of remembering
 * the page the user was on (that is for visitors who were never signed in).
 */
export function pendingSignOutTarget(): SignOutTarget | null {
  return signOutTarget;
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  return {
    signedIn: (user: SessionUser) => signedIn(queryClient, user),
    signedOut: (target: SignOutTarget) => signedOut(queryClient, target),
  };
}

function signedIn(queryClient: QueryClient, user: SessionUser) {
  signOutTarget = null;
  sessionEvents.reset();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Forgets the user and everything loaded for them; the sign-in guard then goes to `target`. */
function signedOut(queryClient: QueryClient, target: SignOutTarget) {
  signOutTarget = target;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
  sessionEvents.reset();
}
