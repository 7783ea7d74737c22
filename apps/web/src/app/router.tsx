import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { createBrowserRouter, matchPath, useParams } from 'react-router';
import { pages } from '@krowd/domain/access/access.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { isInsightsLoginCode } from '@/features/insights/login-codes';
import { LoginPage } from '@/features/auth/components/login-page';
import { mayBeSignedIn, sessionQuery } from '@/lib/session';
import { settingsQuery } from '@/lib/settings';
import { PageGuard, PublicOnly, RequireAuth, RootRedirect } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';
import { PendingUserArea } from './user-pages.tsx';

// Every page but the login is its own chunk, loaded when first shown: /login loads only what it needs.
// The signed-in area (its shell, routes and pages) loads once someone is signed in.
// While the session and the area load, the area's frame and the page's heading are drawn from the
// address alone.
const UserAreaRoutes = lazyPage(() => import('./user-area.tsx'), 'UserAreaRoutes', <PendingUserArea />);
const InsightsLoginPage = lazyPage(
  () => import('@/features/insights/components/insights-login-page'),
  'InsightsLoginPage',
);
const PrintReportPage = lazyPage(
  () => import('@/features/dashboard/components/print-report-page'),
  'PrintReportPage',
);
const PublicInsightsPage = lazyPage(
  () => import('@/features/insights/components/public-insights-page'),
  'PublicInsightsPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const GuestLoginPage = lazyPage(
  () => import('@/features/auth/components/guest-login-page'),
  'GuestLoginPage',
);
const SetPasswordPage = lazyPage(
  () => import('@/features/auth/components/set-password-page'),
  'SetPasswordPage',
);
const SignupPage = lazyPage(() => import('@/features/auth/components/signup-page'), 'SignupPage');
const VerifyEmailPage = lazyPage(
  () => import('@/features/auth/components/verify-email-page'),
  'VerifyEmailPage',
);
const AmexDiningBranchPage = lazyPage(
  () => import('@/features/public/components/amex-dining-branch-page'),
  'AmexDiningBranchPage',
);
const AmexDiningPage = lazyPage(
  () => import('@/features/public/components/amex-dining-page'),
  'AmexDiningPage',
);
const AmexDiningSignupPage = lazyPage(
  () => import('@/features/public/components/amex-dining-signup-page'),
  'AmexDiningSignupPage',
);
const AmexSignupPage = lazyPage(
  () => import('@/features/public/components/amex-signup-page'),
  'AmexSignupPage',
);
const GuestLinkSentPage = lazyPage(
  () => import('@/features/public/components/guest-link-sent-page'),
  'GuestLinkSentPage',
);
const TestProviderPage = lazyPage(
  () => import('@/features/payments/components/test-provider-page'),
  'TestProviderPage',
);
const PageNotFound = lazyPage(() => import('@/features/shell/components/page-not-found'), 'PageNotFound');

/**
 * An address of the signed-in area opened directly (a reload, a bookmark): the area's chunk, its
 * page's and the settings load while the session is checked, not one after the other; on the
 * dashboard, its figures too.
 */
export function preloadSignedInArea(
  { pathname, search }: { pathname: string; search: string },
  queryClient: QueryClient,
) {
  if (!pathname.startsWith(`${paths.user}/`) || !mayBeSignedIn()) return;
  void import('./user-area.tsx').then(({ preloadPage }) => preloadPage(pathname));
  void queryClient.prefetchQuery(settingsQuery);
  void queryClient.prefetchQuery(sessionQuery);
  const dashboard = matchPath(pages.dashboard.path, pathname);
  if (!dashboard) return;
  // Most accounts land on the dashboard: its chunk and styles load beside the area's, not after it
  // (the area's preloadPage then finds them loading), and its figures are asked for at once. A
  // campaign's dashboard (/user/dashboard/{id}) waits for the campaign's month: the page asks.
  void import('./lazy-page-styles.ts');
  void import('@/features/dashboard/components/campaign-overview-view');
  if (!dashboard.params.id) {
    void import('@/features/dashboard/api/prefetch-dashboard').then(({ prefetchDashboard }) =>
      prefetchDashboard(queryClient, search),
    );
  }
}

/**
 * /user/*: the signed-in area. Its routes are built for the user, inside the shell. While the
 * session is checked, a browser that started one sees the area's frame; any other a loader.
 */
function UserArea() {
  return (
    <RequireAuth pending={mayBeSignedIn() ? <SignedInArea user={null} /> : undefined}>
      {(user) => <SignedInArea user={user} />}
    </RequireAuth>
  );
}

/**
 * The frame drawn from the address while the session is checked (`user` null), then the area. The
 * frame stays mounted when the session answers: a heading replaced before the browser reported its
 * paint would not count as painted. The area with its page is a visit's biggest render: React draws
 * it in the background, in slices it can pause for input and paint.
 */
function SignedInArea({ user }: { user: SessionUser | null }) {
  const shown = useDeferredValue(user, null);
  return shown ? <UserAreaRoutes user={shown} /> : <PendingUserArea />;
}

/** /getinsights/{code}: the insights login for the codes handed out, Page Not Found for any other. */
function GetInsightsRoute() {
  const { code } = useParams();
  return isInsightsLoginCode(code) ? <InsightsLoginPage /> : <PageNotFound />;
}

export const router = createBrowserRouter([
  { path: paths.root, element: <RootRedirect /> },
  {
    element: <PublicOnly />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.forgot, element: <ForgotPasswordPage /> },
      { path: paths.changeRecoverPassword, element: <SetPasswordPage kind="recover" /> },
      { path: paths.setPassword, element: <SetPasswordPage kind="create" /> },
    ],
  },
  { path: paths.guestUser, element: <GuestLoginPage /> },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.guestLinkSent, element: <GuestLinkSentPage /> },
  // The public card-network pages (spec 3 §2.8): open to everyone, signed in or not.
  { path: paths.amexDining, element: <AmexDiningPage /> },
  { path: paths.amexSignup, element: <AmexSignupPage /> },
  { path: paths.amexDiningSignup, element: <AmexDiningSignupPage /> },
  { path: paths.amexDiningBranch, element: <AmexDiningBranchPage /> },
  // The test payment provider's hosted page: no sign-in, the flow id in the address is the secret.
  { path: paths.testPaymentPage, element: <TestProviderPage /> },
  { path: paths.socialAnalytics, element: <PublicInsightsPage tab="overview" /> },
  { path: paths.insightsOverview, element: <PublicInsightsPage tab="overview" /> },
  { path: paths.insightsTrends, element: <PublicInsightsPage tab="trends" /> },
  { path: paths.insightsSimilarity, element: <PublicInsightsPage tab="similarity" /> },
  { path: paths.getInsights, element: <GetInsightsRoute /> },
  // The print report is a sheet of its own: signed in and guarded, but outside the shell.
  {
    path: pages.campaignsPrint.path,
    element: (
      <RequireAuth>
        {(user) => (
          <PageGuard page="campaignsPrint" user={user}>
            <PrintReportPage />
          </PageGuard>
        )}
      </RequireAuth>
    ),
  },
  { path: `${paths.user}/*`, element: <UserArea /> },
  { path: '*', element: <PageNotFound /> },
]);
