import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { apiRequest } from './api-client.ts';
import { sessionEvents } from './session-events.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The signed-in user, asked of the server on start (GET auth/session). null when signed out.
 * The browser keeps no copy in storage: the server's session is the truth.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      const response = await apiRequest<{ details: SessionUser | null }>('auth/session', {
        signal,
        sessionRequired: false,
      });
      return response.details;
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useSessionUser(): SessionUser | null {
  return useSession().data ?? null;
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  return {
    signedIn: (user: SessionUser) => signedIn(queryClient, user),
    signedOut: () => signedOut(queryClient),
  };
}

function signedIn(queryClient: QueryClient, user: SessionUser) {
  sessionEvents.reset();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Forgets the user and everything loaded for them. */
function signedOut(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
  sessionEvents.reset();
}
