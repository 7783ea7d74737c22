import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { createBrowserRouter, useParams, useRoutes, type RouteObject } from 'react-router';
import { pages, type PageKey } from '@krowd/domain/access/access.rules';
import { multiFactorRequiredFor } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { childRoute, paths } from '@/config/paths';
import { ChangePasswordPage } from '@/features/account/components/change-password-page';
import { useMultiFactorStatus } from '@/features/account/api/multi-factor';
import { MultiFactorRequiredScreen } from '@/features/account/components/multi-factor-required-screen';
import { MyBankPage } from '@/features/account/components/my-bank-page';
import { ProfilePage } from '@/features/account/components/profile-page';
import { BanksListPage } from '@/features/banks/components/banks-list-page';
import { GroupsPage } from '@/features/banks/components/groups-page';
import { ManageAssetsPage } from '@/features/assets/components/manage-assets-page';
import { BranchesPage } from '@/features/branches/components/branches-page';
import { CampaignOverviewScreen } from '@/features/dashboard/components/campaign-overview-view';
import { CampaignReportPage } from '@/features/dashboard/components/campaign-report-page';
import { PrintReportPage } from '@/features/dashboard/components/print-report-page';
import { IngestionLogsPage } from '@/features/ingestion/components/ingestion-logs-page';
import { InvoicesPage } from '@/features/invoices/components/invoices-page';
import { CampaignFormPage } from '@/features/campaigns/components/campaign-form-page';
import { InsightsLoginPage, isInsightsLoginCode } from '@/features/insights/components/insights-login-page';
import { PublicInsightsPage } from '@/features/insights/components/public-insights-page';
import { UserInsightsPage } from '@/features/insights/components/user-insights-page';
import { CampaignListPage } from '@/features/campaigns/components/campaign-list-page';
import { CampaignTemplatePage } from '@/features/campaigns/components/campaign-template-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { GuestLoginPage } from '@/features/auth/components/guest-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { SetPasswordPage } from '@/features/auth/components/set-password-page';
import { SignupPage } from '@/features/auth/components/signup-page';
import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
import { OutboxPage } from '@/features/outbox/components/outbox-page';
import { OverviewEditorPage } from '@/features/overview/components/overview-editor-page';
import { OverviewManagerPage } from '@/features/overview/components/overview-manager-page';
import { OverviewPreviewPage } from '@/features/overview/components/overview-preview-page';
import { PaymentsPage } from '@/features/payments/components/payments-page';
import { AmexDiningBranchPage } from '@/features/public/components/amex-dining-branch-page';
import { AmexDiningPage } from '@/features/public/components/amex-dining-page';
import { AmexDiningSignupPage } from '@/features/public/components/amex-dining-signup-page';
import { AmexSignupPage } from '@/features/public/components/amex-signup-page';
import { CardNetworkLeadsPage } from '@/features/public/components/card-network-leads-page';
import { GuestLinkSentPage } from '@/features/public/components/guest-link-sent-page';
import { TestProviderPage } from '@/features/payments/components/test-provider-page';
import { UsersPage } from '@/features/users/components/users-page';
import { AppLayout } from '@/features/shell/components/app-layout';
import { PageNotFound } from '@/features/shell/components/page-not-found';
import { DefaultPageRedirect, PageGuard, PublicOnly, RequireAuth, RootRedirect } from './guards.tsx';
import { CampaignCreatePage } from './campaign-create-page.tsx';
import { UserPage } from './user-page.tsx';

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
