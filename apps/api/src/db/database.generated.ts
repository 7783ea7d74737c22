/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type {
  Users,
  Sessions,
  OneTimeTokens,
  UserMultiFactor,
  MultiFactorChallenges,
  MultiFactorRecoveryCodes,
  RateLimitCounters,
  KnownDevices,
} from './tables/accounts.generated.ts';
import type {
  Brands,
  Groups,
  ClientLists,
  ClientListBrands,
  Banks,
  BrandBanks,
  BrandCopyTexts,
  Assets,
  Branches,
  BranchDirectory,
} from './tables/tenants.generated.ts';
import type {
  Campaigns,
  CampaignBranches,
  CampaignPauses,
  CampaignPromoCodes,
  CampaignTemplates,
  ProjectionRecords,
  OfferLifecycle,
  HoldoutAssignments,
} from './tables/campaigns.generated.ts';
import type {
  Publishers,
  DistributorDeals,
  Transactions,
  Cards,
  IngestionLogs,
  IngestionLogBrands,
  TransactionAuthorisations,
  MidActivityDays,
  MidActivityHours,
  MidHealthNotices,
} from './tables/ingestion.generated.ts';
import type {
  PublisherBrands,
  PublisherApiKeys,
  PublisherTestTransactions,
  SettlementFiles,
} from './tables/publisher-accounts.generated.ts';
import type {
  ReportingDaily,
  ReportingDailyCards,
  DashboardExports,
  DashboardExportParts,
  Impressions,
  CampaignOverviewSnapshots,
  CampaignOverviewOverrides,
  InsightsVisitors,
  Reviews,
} from './tables/reporting.generated.ts';
import type {
  Invoices,
  InvoiceTransactions,
  CreditNotes,
  DocumentNumbers,
  CreditNoteTransactions,
  IssuedDocuments,
  PaymentMandates,
  PaymentCollections,
  PaymentEvents,
  TestProviderFlows,
  TestProviderPayments,
  TestProviderOutbox,
  TestProviderSecrets,
} from './tables/billing.generated.ts';
import type { CardNetworkLeads, CardNetworkBranchSubmissions } from './tables/card-network.generated.ts';
import type {
  WebhookEndpoints,
  WebhookEvents,
  WebhookDeliveries,
  WebhookAttempts,
} from './tables/webhooks.generated.ts';
import type { Claims, ClaimEvents } from './tables/claims.generated.ts';
import type { AuditEvents } from './tables/audit.generated.ts';
import type { Jobs, MailOutbox, Settings, IdempotencyKeys } from './tables/platform.generated.ts';

export interface DB {
  assets: Assets;
  audit_events: AuditEvents;
  banks: Banks;
  branch_directory: BranchDirectory;
  branches: Branches;
  brand_banks: BrandBanks;
  brand_copy_texts: BrandCopyTexts;
  brands: Brands;
  campaign_branches: CampaignBranches;
  campaign_overview_overrides: CampaignOverviewOverrides;
  campaign_overview_snapshots: CampaignOverviewSnapshots;
  campaign_pauses: CampaignPauses;
  campaign_promo_codes: CampaignPromoCodes;
  campaign_templates: CampaignTemplates;
  campaigns: Campaigns;
  card_network_branch_submissions: CardNetworkBranchSubmissions;
  card_network_leads: CardNetworkLeads;
  cards: Cards;
  claim_events: ClaimEvents;
  claims: Claims;
  client_list_brands: ClientListBrands;
  client_lists: ClientLists;
  credit_note_transactions: CreditNoteTransactions;
  credit_notes: CreditNotes;
  dashboard_export_parts: DashboardExportParts;
  dashboard_exports: DashboardExports;
  distributor_deals: DistributorDeals;
  document_numbers: DocumentNumbers;
  groups: Groups;
  holdout_assignments: HoldoutAssignments;
  idempotency_keys: IdempotencyKeys;
  impressions: Impressions;
  ingestion_log_brands: IngestionLogBrands;
  ingestion_logs: IngestionLogs;
  insights_visitors: InsightsVisitors;
  invoice_transactions: InvoiceTransactions;
  invoices: Invoices;
  issued_documents: IssuedDocuments;
  jobs: Jobs;
  known_devices: KnownDevices;
  mail_outbox: MailOutbox;
  mid_activity_days: MidActivityDays;
  mid_activity_hours: MidActivityHours;
  mid_health_notices: MidHealthNotices;
  multi_factor_challenges: MultiFactorChallenges;
  multi_factor_recovery_codes: MultiFactorRecoveryCodes;
  offer_lifecycle: OfferLifecycle;
  one_time_tokens: OneTimeTokens;
  payment_collections: PaymentCollections;
  payment_events: PaymentEvents;
  payment_mandates: PaymentMandates;
  projection_records: ProjectionRecords;
  publisher_api_keys: PublisherApiKeys;
  publisher_brands: PublisherBrands;
  publisher_test_transactions: PublisherTestTransactions;
  publishers: Publishers;
  rate_limit_counters: RateLimitCounters;
  reporting_daily: ReportingDaily;
  reporting_daily_cards: ReportingDailyCards;
  reviews: Reviews;
  sessions: Sessions;
  settings: Settings;
  settlement_files: SettlementFiles;
  test_provider_flows: TestProviderFlows;
  test_provider_outbox: TestProviderOutbox;
  test_provider_payments: TestProviderPayments;
  test_provider_secrets: TestProviderSecrets;
  transaction_authorisations: TransactionAuthorisations;
  transactions: Transactions;
  user_multi_factor: UserMultiFactor;
  users: Users;
  webhook_attempts: WebhookAttempts;
  webhook_deliveries: WebhookDeliveries;
  webhook_endpoints: WebhookEndpoints;
  webhook_events: WebhookEvents;
}
