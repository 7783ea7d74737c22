import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { createBrowserRouter, useParams, useRoutes, type RouteObject } from 'react-router';
import { pages, type PageKey } from '@krowd/domain/access/access.rules';
import { multiFactorRequiredFor } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { childRoute, paths } from '@/config/paths';
import { useMultiFactorStatus } from '@/features/account/api/multi-factor';
import { isInsightsLoginCode } from '@/features/insights/login-codes';
import { LoginPage } from '@/features/auth/components/login-page';
import { DefaultPageRedirect, PageGuard, PublicOnly, RequireAuth, RootRedirect } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';
import { UserPage } from './user-page.tsx';

// Every page but the login is its own chunk, loaded when first shown: /login loads only what it needs.
const AppLayout = lazyPage(() => import('@/features/shell/components/app-layout'), 'AppLayout');
const CampaignCreatePage = lazyPage(() => import('./campaign-create-page.tsx'), 'CampaignCreatePage');
const InsightsLoginPage = lazyPage(
  () => import('@/features/insights/components/insights-login-page'),
  'InsightsLoginPage',
);
const ChangePasswordPage = lazyPage(
  () => import('@/features/account/components/change-password-page'),
  'ChangePasswordPage',
);
const MultiFactorRequiredScreen = lazyPage(
  () => import('@/features/account/components/multi-factor-required-screen'),
  'MultiFactorRequiredScreen',
);
const MyBankPage = lazyPage(() => import('@/features/account/components/my-bank-page'), 'MyBankPage');
const ProfilePage = lazyPage(() => import('@/features/account/components/profile-page'), 'ProfilePage');
const BanksListPage = lazyPage(() => import('@/features/banks/components/banks-list-page'), 'BanksListPage');
const GroupsPage = lazyPage(() => import('@/features/banks/components/groups-page'), 'GroupsPage');
const ManageAssetsPage = lazyPage(
  () => import('@/features/assets/components/manage-assets-page'),
  'ManageAssetsPage',
);
const BranchesPage = lazyPage(() => import('@/features/branches/components/branches-page'), 'BranchesPage');
const CampaignOverviewScreen = lazyPage(
  () => import('@/features/dashboard/components/campaign-overview-view'),
  'CampaignOverviewScreen',
);
const CampaignReportPage = lazyPage(
  () => import('@/features/dashboard/components/campaign-report-page'),
  'CampaignReportPage',
);
const PrintReportPage = lazyPage(
  () => import('@/features/dashboard/components/print-report-page'),
  'PrintReportPage',
);
const IngestionLogsPage = lazyPage(
  () => import('@/features/ingestion/components/ingestion-logs-page'),
  'IngestionLogsPage',
);
const InvoicesPage = lazyPage(() => import('@/features/invoices/components/invoices-page'), 'InvoicesPage');
const CampaignFormPage = lazyPage(
  () => import('@/features/campaigns/components/campaign-form-page'),
  'CampaignFormPage',
);
const PublicInsightsPage = lazyPage(
  () => import('@/features/insights/components/public-insights-page'),
  'PublicInsightsPage',
);
const UserInsightsPage = lazyPage(
  () => import('@/features/insights/components/user-insights-page'),
  'UserInsightsPage',
);
const CampaignListPage = lazyPage(
  () => import('@/features/campaigns/components/campaign-list-page'),
  'CampaignListPage',
);
const CampaignTemplatePage = lazyPage(
  () => import('@/features/campaigns/components/campaign-template-page'),
  'CampaignTemplatePage',
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
const OutboxPage = lazyPage(() => import('@/features/outbox/components/outbox-page'), 'OutboxPage');
const OverviewEditorPage = lazyPage(
  () => import('@/features/overview/components/overview-editor-page'),
  'OverviewEditorPage',
);
const OverviewManagerPage = lazyPage(
  () => import('@/features/overview/components/overview-manager-page'),
  'OverviewManagerPage',
);
const OverviewPreviewPage = lazyPage(
  () => import('@/features/overview/components/overview-preview-page'),
  'OverviewPreviewPage',
);
const PaymentsPage = lazyPage(() => import('@/features/payments/components/payments-page'), 'PaymentsPage');
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
const CardNetworkLeadsPage = lazyPage(
  () => import('@/features/public/components/card-network-leads-page'),
  'CardNetworkLeadsPage',
);
const GuestLinkSentPage = lazyPage(
  () => import('@/features/public/components/guest-link-sent-page'),
  'GuestLinkSentPage',
);
const TestProviderPage = lazyPage(
  () => import('@/features/payments/components/test-provider-page'),
  'TestProviderPage',
);
const UsersPage = lazyPage(() => import('@/features/users/components/users-page'), 'UsersPage');
const PageNotFound = lazyPage(() => import('@/features/shell/components/page-not-found'), 'PageNotFound');

/** The screens built so far; every other page of the permission table shows 'coming soon'. */
const pageContent: Partial<Record<PageKey, () => ReactNode>> = {
  changePassword: () => <ChangePasswordPage />,
  profile: () => <ProfilePage />,
  myBank: () => <MyBankPage />,
  banksList: () => <BanksListPage />,
  groupsList: () => <GroupsPage />,
  outbox: () => <OutboxPage />,
  cardNetworkLeads: () => <CardNetworkLeadsPage />,
  branches: () => <BranchesPage key="branches" />,
  merchants: () => <BranchesPage key="merchants" />,
  users: () => <UsersPage key="users" kind="brand" />,
  bankUsers: () => <UsersPage key="bankUsers" kind="bank" />,
  manageCreative: () => <ManageAssetsPage />,
  invoices: () => <InvoicesPage />,
  payments: () => <PaymentsPage />,
  ingestionLogs: () => <IngestionLogsPage />,
  campaignsCreate: () => <CampaignCreatePage />,
  campaignsEdit: () => <CampaignFormPage mode="edit" />,
  campaignsCreatePreview: () => <CampaignTemplatePage />,
  campaignsFuture: () => <CampaignListPage key="future" phase="future" />,
  campaignsCurrent: () => <CampaignListPage key="current" phase="current" />,
  campaignsPast: () => <CampaignListPage key="past" phase="past" />,
  dashboard: () => <CampaignOverviewScreen key="dashboard" variant="dashboard" />,
  campaignsOverview: () => <CampaignOverviewScreen key="overview" variant="overview" />,
  campaignsReport: () => <CampaignReportPage />,
  campaignOverviewManager: () => <OverviewManagerPage />,
  campaignOverviewEdit: () => <OverviewEditorPage />,
  campaignsPreview: () => <OverviewPreviewPage />,
  socialAnalytics: () => <UserInsightsPage />,
};

/** Pages whose tabs are addresses below them (/user/socialanalytics/trends). */
const pagesWithSubRoutes = new Set<PageKey>(['socialAnalytics']);

/** Pages that write their own heading and tab title ('Campaign Overview - {campaign name}'). */
const pagesWithOwnTitle = new Set<PageKey>(['campaignsReport', 'campaignsPreview']);

function userRoutes(user: SessionUser): RouteObject[] {
  return [
    { index: true, element: <DefaultPageRedirect user={user} /> },
    ...(Object.keys(pages) as PageKey[]).map((key) => ({
      path: pagesWithSubRoutes.has(key) ? `${childRoute(key)}/*` : childRoute(key),
      element: (
        <UserPage page={key} user={user} ownTitle={pagesWithOwnTitle.has(key)}>
          {pageContent[key]?.()}
        </UserPage>
      ),
    })),
    { path: 'PageNotFound', element: <PageNotFound /> },
    { path: '*', element: <PageNotFound /> },
  ];
}

/** /user/*: the signed-in area. Its routes are built for the user, inside the shell. */
function UserArea() {
  return <RequireAuth>{(user) => <UserAreaRoutes user={user} />}</RequireAuth>;
}

function UserAreaRoutes({ user }: { user: SessionUser }) {
  const routes = useRoutes(userRoutes(user));
  // A system admin must set up two-step sign-in before anything else (the server enforces it).
  const mfaRequired = multiFactorRequiredFor(user.entityType);
  const mfa = useMultiFactorStatus(mfaRequired);
  if (mfaRequired && mfa.isPending) return <Loader aria-label={messages.common.loading} m="xl" />;
  if (mfaRequired && mfa.data && !mfa.data.enabled) return <MultiFactorRequiredScreen />;
  return <AppLayout user={user}>{routes}</AppLayout>;
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
