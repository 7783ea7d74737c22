import { Loader } from '@mantine/core';
import type { ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { pages, type PageKey } from '@krowd/domain/access/access.rules';
import { multiFactorRequiredFor } from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { childRoute } from '@/config/paths';
import { useMultiFactorStatus } from '@/features/account/api/get-multi-factor-status';
import { AppLayout } from '@/features/shell/components/app-layout';
import { PageNotFound } from '@/features/shell/components/page-not-found';
import { DefaultPageRedirect } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { UserPage } from './user-page.tsx';
import { pageAt, pagesWithOwnTitle, pagesWithSubRoutes } from './user-pages.tsx';

const CampaignCreatePage = lazyPage(() => import('./campaign-create-page.tsx'), 'CampaignCreatePage');
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
const IngestionLogsPage = lazyPage(
  () => import('@/features/ingestion/components/ingestion-logs-page'),
  'IngestionLogsPage',
);
const InvoicesPage = lazyPage(() => import('@/features/invoices/components/invoices-page'), 'InvoicesPage');
const CampaignFormPage = lazyPage(
  () => import('@/features/campaigns/components/campaign-form-page'),
  'CampaignFormPage',
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
const ProductSettingsPage = lazyPage(
  () => import('@/features/settings/components/product-settings-page'),
  'ProductSettingsPage',
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
const CardNetworkLeadsPage = lazyPage(
  () => import('@/features/public/components/card-network-leads-page'),
  'CardNetworkLeadsPage',
);
const UsersPage = lazyPage(() => import('@/features/users/components/users-page'), 'UsersPage');
const PublisherKeysPage = lazyPage(
  () => import('@/features/publishers/components/publisher-keys-page'),
  'PublisherKeysPage',
);
const PublishersPage = lazyPage(
  () => import('@/features/publishers/components/publishers-page'),
  'PublishersPage',
);
const PublisherIntegrationPage = lazyPage(
  () => import('@/features/integration/components/publisher-integration-page'),
  'PublisherIntegrationPage',
);
const WebhooksPage = lazyPage(() => import('@/features/webhooks/components/webhooks-page'), 'WebhooksPage');
const ClaimsPage = lazyPage(() => import('@/features/claims/components/claims-page'), 'ClaimsPage');
const SettlementFilesPage = lazyPage(
  () => import('@/features/publishers/components/settlement-files-page'),
  'SettlementFilesPage',
);
const AuditLogPage = lazyPage(() => import('@/features/audit/components/audit-log-page'), 'AuditLogPage');

/** The screens built so far; every other page of the permission table shows 'coming soon'. */
const pageContent: Partial<Record<PageKey, () => ReactElement>> = {
  changePassword: () => <ChangePasswordPage />,
  profile: () => <ProfilePage />,
  myBank: () => <MyBankPage />,
  banksList: () => <BanksListPage />,
  groupsList: () => <GroupsPage />,
  outbox: () => <OutboxPage />,
  productSettings: () => <ProductSettingsPage />,
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
  webhooks: () => <WebhooksPage />,
  publisherKeys: () => <PublisherKeysPage />,
  publishersList: () => <PublishersPage />,
  publisherIntegration: () => <PublisherIntegrationPage />,
  claims: () => <ClaimsPage />,
  settlementFiles: () => <SettlementFilesPage />,
  auditLog: () => <AuditLogPage />,
};

/**
 * Starts loading the page `pathname` shows (its element's lazy component) before the area draws it:
 * an address opened directly fetches the area and its page together (router.tsx).
 */
export function preloadPage(pathname: string) {
  const key = pageAt(pathname);
  const page = key ? pageContent[key]?.().type : undefined;
  if (typeof page === 'function' && 'preload' in page) void (page as LazyPage<never>).preload();
}

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

/**
 * /user/*: the signed-in area's routes inside the shell, a chunk of its own loaded once someone is
 * signed in (router.tsx). Each page is a chunk of its own again, loaded when first shown.
 */
export function UserAreaRoutes({ user }: { user: SessionUser }) {
  const routes = useRoutes(userRoutes(user));
  // A system admin must set up two-step sign-in before anything else (the server enforces it).
  const mfaRequired = multiFactorRequiredFor(user.entityType);
  const mfa = useMultiFactorStatus(mfaRequired);
  if (mfaRequired && mfa.isPending) return <Loader aria-label={messages.common.loading} m="xl" />;
  if (mfaRequired && mfa.data && !mfa.data.enabled) return <MultiFactorRequiredScreen />;
  return <AppLayout user={user}>{routes}</AppLayout>;
}
