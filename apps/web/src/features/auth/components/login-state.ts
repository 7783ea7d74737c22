import { paths } from '@/config/paths';

/** What is passed to /login: where to return after login, and a message to show as a heading. */
export interface LoginLocationState {
  from?: string;
  /** Set when a guest was sent here from a guarded route (spec 2 §2.1). */
  authenticated?: boolean;
  heading?: string;
}

/** After login the user lands where they asked, or at /user (which picks their default page). */
export function returnPathOf(state: LoginLocationState): string {
  const from = state.from;
  if (from && from.startsWith('/user') && !from.startsWith(paths.pageNotFound)) return from;
  return paths.user;
}
