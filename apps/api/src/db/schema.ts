import type { ColumnType, Generated } from 'kysely';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { EntityType } from '@krowd/domain/auth/auth.schema';
import type { CollectionMethod, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import type {
  CollectionStatus,
  MandateReturnTarget,
  MandateStatus,
  PaymentProviderName,
} from '@krowd/domain/payment/payment.schema';

/** Table types for Kysely, kept beside the migrations that create them. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface GroupsTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export interface BrandsTable {
  id: Generated<string>;
  group_id: string | null;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BanksTable {
  id: Generated<string>;
  name: string;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  website: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A brand a bank publishes (migration 0026): the bank reads and reviews only its linked brands. */
export interface BrandBanksTable {
  bank_id: string;
  brand_id: string;
  created_at: CreatedAt;
  created_by: string | null;
}

export type UserStatus = 'active' | 'deactivated';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo: string | null;
  address: string | null;
  entity_type: EntityType;
  role: BrandRole | null;
  is_client_admin: Generated<boolean>;
  is_internal_demo: Generated<boolean>;
  brand_id: string | null;
  group_id: string | null;
  bank_id: string | null;
  /** A bank user who may edit the bank's details (My Bank). */
  is_bank_admin: Generated<boolean>;
  status: Generated<UserStatus>;
  is_first_login: Generated<boolean>;
  is_t_and_c_accepted: Generated<boolean>;
  guest_user: Generated<boolean>;
  guest_user_flag: Generated<boolean>;
  /** False from the public sign-up until the owner opens the mailed link. */
  email_verified: Generated<boolean>;
  step: string | null;
  step_one: Generated<boolean>;
  step_two: Generated<boolean>;
  step_three: Generated<boolean>;
  process_completed: Generated<boolean>;
  step_one_data: unknown | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Set when the user was deleted (Users screen): the row stays for what it created. */
  deleted_at: Date | null;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ip_address: string | null;
  user_agent: string | null;
  browser_name: string | null;
  os_name: string | null;
  os_version: string | null;
  device_type: string | null;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
}

/** Where a session started: a card-network guest link, or (null) anywhere else. */
export type SessionOrigin = 'card_network';

export type OneTimeTokenPurpose = 'guest_login' | 'set_password' | 'recover_password' | 'verify_email';

export interface OneTimeTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: OneTimeTokenPurpose;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
  created_at: CreatedAt;
}

/**
 * A user's two-step sign-in (migration 0025): the TOTP secret (base32), when it was confirmed
 * (null while set-up waits for its first code) and the last 30-second step a code was accepted
 * for, so no code is accepted twice.
 */
export interface UserMultiFactorTable {
  user_id: string;
  secret: string;
  enabled_at: Date | null;
  last_used_step: number | null;
  created_at: CreatedAt;
}

/** A single-use recovery code, stored as a salted SHA-256 (migration 0025). */
export interface MultiFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  salt: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** The link between a correct password and its second step (migration 0025): 5 minutes, single use. */
export interface MultiFactorChallengesTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type OutboxStatus = 'stored' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<string>;
  brand_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: UpdatedAt;
}

export interface RateLimitCountersTable {
  key: string;
  window_started_at: Date;
  hits: number;
  blocked_until: Date | null;
}

export type BranchStatus = 'Pending' | 'Approved' | 'Active' | 'Rejected' | 'Deleted' | 'Updated';

export interface BranchesTable {
  id: Generated<string>;
  brand_id: string;
  name: string;
  kmid: string | null;
  status: Generated<BranchStatus>;
  address: string | null;
  postcode: string | null;
  postal_town: string | null;
  city: string | null;
  description: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  tripadvisor_url: string | null;
  mastercard_merchant_id: string | null;
  amex_merchant_id: string | null;
  zettle_merchant_id: string | null;
  block: string | null;
  comments: string | null;
  approved_by: string | null;
  default_branch: Generated<boolean>;
  created_by_user_id: string | null;
  created_by_brand_user: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  activated_at: Date | null;
}

export interface BranchDirectoryTable {
  id: Generated<string>;
  kmid: Generated<string>;
  merchant_name: string;
  address: string | null;
  postcode: string | null;
  city: string | null;
  email: string | null;
  phone_no: string | null;
  entity_url: string | null;
  datasource: Generated<'directory' | 'ui'>;
  brand_id: string | null;
  created_by_user_id: string | null;
  /** What the venue serves, for the cuisine rankings (0023). */
  cuisine: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface PublishersTable {
  id: Generated<string>;
  code: string;
  display_name: string;
  /** SHA-256 (hex) of the publisher's API key; null when it has none (0012). */
  api_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface DistributorDealsTable {
  id: Generated<string>;
  brand_id: string;
  publisher_id: string;
  /** numeric(5,2): a decimal string. */
  cashback_percent: string;
  success_fee_percent: string;
  start_date: string;
  created_at: CreatedAt;
}

export interface ProjectionRecordsTable {
  brand_id: string;
  record: unknown;
  updated_at: UpdatedAt;
}

export interface CampaignTemplatesTable {
  id: Generated<string>;
  type: 'sms' | 'email' | 'app';
  name: string;
  template_text: string;
  created_at: CreatedAt;
}

export type CampaignStatus =
  | 'Pending'
  | 'Bank Approval Pending'
  | 'Bank Approved'
  | 'Active'
  | 'Rejected'
  | 'Bank Rejected'
  | 'Krowd Rejected';

export interface CampaignsTable {
  id: Generated<string>;
  brand_id: string;
  name: string;
  status: Generated<CampaignStatus>;
  customer_type: 'all' | 'new' | 'existing' | 'lapsed';
  last_transaction_months: number | null;
  discount_type: 'dp' | 'dv' | 'ss';
  discount_percent: number | null;
  discount_amount_pence: number | null;
  discount_value_pence: number | null;
  discount_spread_amount: number | null;
  discount_spread_value: number | null;
  spread_avg_spend_pence: number | null;
  success_fee: number;
  budget_pence: number | null;
  budget_type: Generated<'budget' | 'na'>;
  age_min: Generated<number>;
  age_max: Generated<number>;
  gender_male: Generated<boolean>;
  gender_female: Generated<boolean>;
  /** The weekday values selected, e.g. ['Monday', …]. */
  week_days: unknown;
  start_time: string | null;
  end_time: string | null;
  start_date: string;
  opening_time: Date;
  closing_time: Date;
  recurring: Generated<boolean>;
  is_primary_campaign: Generated<boolean>;
  primary_campaign_id: string | null;
  all_branches: Generated<boolean>;
  suggestions: Generated<string>;
  valid_until: string | null;
  templates: Generated<unknown>;
  promo_code: unknown | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface CampaignBranchesTable {
  campaign_id: string;
  branch_id: string;
  brand_id: string;
}

export interface CampaignPausesTable {
  id: Generated<string>;
  campaign_id: string;
  brand_id: string;
  from_date: string;
  to_date: string;
  created_at: CreatedAt;
}

export interface CampaignPromoCodesTable {
  campaign_id: string;
  brand_id: string;
  code: string;
}

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Generated<unknown>;
  dedupe_key: string | null;
  run_at: Generated<Date>;
  locked_until: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  done_at: Date | null;
  created_at: CreatedAt;
}

export interface InvoicesTable {
  id: Generated<string>;
  brand_id: string;
  year: number;
  month: number;
  /** INV-000001, … from the invoice_numbers sequence unless given. */
  invoice_number: Generated<string>;
  cashback_pence: number;
  success_fee_pence: number;
  /** The 1% administrative charge of manual payment (brief §5); 0 with a mandate. */
  admin_charge_pence: ColumnType<number, number | undefined, number>;
  /** cashback + success fee + administrative charge (a CHECK holds it so). */
  amount_pence: number;
  collection_method: CollectionMethod;
  issued_on: string;
  due_date: string;
  payment_status: Generated<PaymentStatus>;
  paid_at: Date | null;
  /** The invoice host's reference to the document (spec's xero_invoice_id); null until created. */
  document_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface IngestionLogsTable {
  id: Generated<string>;
  publisher_id: string;
  /** Sent by the publisher to the API, or uploaded in the admin console. */
  channel: 'api' | 'console';
  file_name: string | null;
  uploaded_by_user_id: string | null;
  uploaded_at: ColumnType<Date, Date | undefined, never>;
  gmv_pence: number;
  transaction_count: number;
  unmatched_count: ColumnType<number, number | undefined, number>;
  last_transaction_at: Date | null;
  next_ingestion_at: Date | null;
  created_at: CreatedAt;
}

/** The transactions an invoice covers (0014): each transaction in at most one invoice. */
export interface InvoiceTransactionsTable {
  invoice_id: string;
  transaction_id: string;
}

/** A credit for refunds that arrived after their month's invoice (migration 0027); amounts ≤ 0. */
export interface CreditNotesTable {
  id: Generated<string>;
  invoice_id: string;
  brand_id: string;
  /** CN-000001, … from the credit_note_numbers sequence. */
  credit_note_number: Generated<string>;
  cashback_pence: number;
  success_fee_pence: number;
  amount_pence: number;
  issued_on: string;
  created_at: CreatedAt;
}

export interface CreditNoteTransactionsTable {
  credit_note_id: string;
  transaction_id: string;
}

/** An issued invoice's or credit note's PDF, stored as issued (migration 0027). */
export interface IssuedDocumentsTable {
  file_name: string;
  pdf: Buffer;
  created_at: CreatedAt;
}

/** A brand's share of one ingested file. */
export interface IngestionLogBrandsTable {
  ingestion_log_id: string;
  brand_id: string;
  gmv_pence: number;
  transaction_count: number;
  last_transaction_at: Date | null;
}

/** One transaction of a publisher file with its qualification outcome (0012). */
export interface TransactionsTable {
  id: Generated<string>;
  publisher_id: string;
  publisher_transaction_id: string;
  ingestion_log_id: string;
  mid: string;
  /** Null (with brand_id) when no branch has the MID. */
  branch_id: string | null;
  brand_id: string | null;
  card_token: string;
  /** The card's number (cards, 0020) on a purchase at a known merchant; null otherwise. */
  card_id: Generated<number | null>;
  card_last4: string;
  /** Negative for a refund. */
  amount_pence: number;
  /** What refunds of this purchase took back so far, positive. */
  refunded_pence: Generated<number>;
  original_transaction_id: string | null;
  occurred_at: Date;
  /** Wall time in the timezone setting (timestamp without time zone), written by SQL from occurred_at. */
  local_datetime: ColumnType<Date, string, never>;
  postcode: string | null;
  outcome: 'qualified' | 'refund' | 'notQualified';
  campaign_id: string | null;
  cashback_pence: number;
  success_fee_pence: number;
  customer_type: 'new' | 'existing' | 'lapsed' | null;
  offer_type: 'dp' | 'dv' | 'ss' | null;
  terms: unknown;
  /** A key of messages.qualification when notQualified. */
  reason: string | null;
  created_at: CreatedAt;
}

/** The dimensions of the reporting store (0013). */
interface ReportingDimensions {
  day: string;
  brand_id: string;
  branch_id: string;
  publisher_id: string;
  campaign_id: string;
  customer_type: 'new' | 'existing' | 'lapsed';
  offer_type: 'dp' | 'dv' | 'ss';
}

/** Qualified purchases and their refunds per day and dimensions, net pence (0013). */
export interface ReportingDailyTable extends ReportingDimensions {
  conversions: number;
  refunds: number;
  spend_pence: number;
  cashback_pence: number;
  success_fee_pence: number;
  max_spend_pence: number | null;
  min_spend_pence: number | null;
}

/** Card tokens met at a known merchant, numbered densely by ingestion for the card lists (0018, 0020). */
export interface CardsTable {
  id: number;
  token: string;
}

/**
 * The card numbers of a reporting_daily row's qualified purchases, 4-byte big-endian, one per
 * purchase: exact distinct counts for any filter (0018, reporting/card-lists.ts).
 */
export interface ReportingDailyCardsTable extends ReportingDimensions {
  cards: Uint8Array;
}

/** Cardholders a publisher showed a campaign's offer to on a day (0015). */
export interface ImpressionsTable {
  brand_id: string;
  campaign_id: string;
  publisher_id: string;
  day: string;
  reach: number;
  updated_at: Generated<Date>;
}

/** The overview computed for a campaign by the manager's trigger (0015): OverviewFigures as JSON. */
export interface CampaignOverviewSnapshotsTable {
  campaign_id: string;
  brand_id: string;
  figures: unknown;
  computed_at: Generated<Date>;
}

/** Figures saved in the overview editor, one row a save, beside the snapshot (0015). */
export interface CampaignOverviewOverridesTable {
  id: Generated<string>;
  campaign_id: string;
  brand_id: string;
  figures: unknown;
  created_by: string;
  created_at: Generated<Date>;
}

export interface AssetsTable {
  id: Generated<string>;
  kind: 'creative' | 'campaign' | 'avatar';
  file_name: string;
  brand_id: string | null;
  bank_id: string | null;
  user_id: string | null;
  uploaded_by: string;
  content_type: 'image/png' | 'image/gif' | 'image/jpeg';
  byte_size: number;
  width: number;
  height: number;
  bytes: Uint8Array;
  deleted_at: Date | null;
  created_at: CreatedAt;
}

export interface BrandCopyTextsTable {
  brand_id: string;
  copy: string;
  additional_copy: string;
  updated_by: string;
  updated_at: UpdatedAt;
}

/** A transactions export of the dashboard (0016); its CSV is in dashboard_export_parts. */
export interface DashboardExportsTable {
  id: Generated<string>;
  user_id: string;
  /** The filter resolved within the caller's scope when they asked (export.repository.ts ExportFilter), JSON. */
  filter: ColumnType<unknown, string, never>;
  status: Generated<'queued' | 'ready'>;
  row_count: number | null;
  byte_size: number | null;
  /** SHA-256 of the mailed link's token; null until the file is ready. */
  token_hash: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  completed_at: Date | null;
  expires_at: Date;
}

/** One ordered part of an export's CSV (0016). */
export interface DashboardExportPartsTable {
  export_id: string;
  part: number;
  content: Uint8Array;
}

/** Direct-debit mandates, one a setup started (migration 0021). */
export interface PaymentMandatesTable {
  id: Generated<string>;
  brand_id: string;
  provider: PaymentProviderName;
  status: ColumnType<MandateStatus, MandateStatus | undefined, MandateStatus>;
  /** The provider's hosted-page id (a GoCardless redirect flow). */
  flow_id: string;
  /** The random value the setup is completed with; never leaves the server. */
  session_token: string;
  return_to: MandateReturnTarget;
  provider_mandate_id: string | null;
  provider_customer_id: string | null;
  account_holder_name: string | null;
  account_number_ending: string | null;
  bank_name: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The payment collected for a direct-debit invoice. */
export interface PaymentCollectionsTable {
  id: Generated<string>;
  invoice_id: string;
  brand_id: string;
  mandate_id: string;
  provider: PaymentProviderName;
  provider_payment_id: string;
  amount_pence: number;
  status: CollectionStatus;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type PaymentEventOutcome = 'applied' | 'unchanged' | 'ignored';

/** Every webhook event received, once (the replay key is provider + provider_event_id). */
export interface PaymentEventsTable {
  id: Generated<string>;
  provider: PaymentProviderName;
  provider_event_id: string;
  resource_type: string;
  action: string;
  resource_id: string | null;
  payload: ColumnType<unknown, string, string>;
  received_at: CreatedAt;
  outcome: PaymentEventOutcome;
}

export type TestProviderFlowStatus = 'open' | 'confirmed' | 'completed';

/** The built-in test provider's hosted-page flows and the mandates they made. */
export interface TestProviderFlowsTable {
  flow_id: string;
  session_token: string;
  brand_name: string;
  description: string;
  success_redirect_url: string;
  status: ColumnType<TestProviderFlowStatus, TestProviderFlowStatus | undefined, TestProviderFlowStatus>;
  account_holder_name: string | null;
  account_number_ending: string | null;
  bank_name: string | null;
  mandate_id: string | null;
  customer_id: string | null;
  mandate_status: string | null;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface TestProviderPaymentsTable {
  payment_id: string;
  idempotency_key: string;
  mandate_id: string;
  amount_pence: number;
  currency: string;
  description: string;
  invoice_id: string | null;
  status: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** Events the test provider has made and not yet delivered to the webhook route. */
export interface TestProviderOutboxTable {
  event_id: string;
  event: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  delivered_at: Date | null;
}

export interface TestProviderSecretsTable {
  name: string;
  secret: string;
  created_at: CreatedAt;
}

/** A lead of the public card-network pages (migration 0022). */
export interface CardNetworkLeadsTable {
  id: Generated<string>;
  kind: 'contact' | 'lookupFailed' | 'diningSignup';
  source: 'amexdining' | 'amexsignup' | 'amexdiningsignup';
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  legal_name: string | null;
  website: string | null;
  amex_merchant_id: string | null;
  brand_id: string | null;
  user_id: string | null;
  branch_page_hash: string | null;
  branch_page_expires_at: Date | null;
  created_at: CreatedAt;
}

/** What the branch page sent for a dining sign-up (migration 0022). */
export interface CardNetworkBranchSubmissionsTable {
  id: Generated<string>;
  lead_id: string;
  branches: ColumnType<unknown, string, never>;
  comments: string | null;
  file_name: string | null;
  file_kind: 'xls' | 'xlsx' | null;
  file_bytes: Uint8Array | null;
  created_at: CreatedAt;
}

/** A customer review of a directory venue, with what the analyser made of its text (0023). */
export interface ReviewsTable {
  id: Generated<string>;
  kmid: string;
  source: string;
  external_id: string;
  reviewed_at: Date;
  rating: number;
  reviewer_rating: number | null;
  text: string;
  sentiment: number;
  food_positive: number;
  food_negative: number;
  price_positive: number;
  price_negative: number;
  ambiance_positive: number;
  ambiance_negative: number;
  service_positive: number;
  service_negative: number;
  analyser_version: string;
  created_at: CreatedAt;
}

/** A visitor of the public social analytics with their pass, and their sign-up details (0023). */
export interface InsightsVisitorsTable {
  id: Generated<string>;
  email: string;
  brand_id: string;
  pass_hash: string;
  pass_expires_at: Date;
  ip_address: string | null;
  browser_name: string | null;
  os_name: string | null;
  os_version: string | null;
  device_type: string | null;
  contact_name: string | null;
  organization_name: string | null;
  phone_number: string | null;
  signup_email: string | null;
  is_interested: Generated<boolean>;
  is_social_analytics: Generated<boolean>;
  is_referrals: Generated<boolean>;
  signed_up_at: Date | null;
  created_at: CreatedAt;
}

export interface DB {
  groups: GroupsTable;
  brands: BrandsTable;
  banks: BanksTable;
  brand_banks: BrandBanksTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  user_multi_factor: UserMultiFactorTable;
  multi_factor_recovery_codes: MultiFactorRecoveryCodesTable;
  multi_factor_challenges: MultiFactorChallengesTable;
  mail_outbox: MailOutboxTable;
  settings: SettingsTable;
  rate_limit_counters: RateLimitCountersTable;
  branches: BranchesTable;
  branch_directory: BranchDirectoryTable;
  publishers: PublishersTable;
  distributor_deals: DistributorDealsTable;
  projection_records: ProjectionRecordsTable;
  campaign_templates: CampaignTemplatesTable;
  campaigns: CampaignsTable;
  campaign_branches: CampaignBranchesTable;
  campaign_pauses: CampaignPausesTable;
  campaign_promo_codes: CampaignPromoCodesTable;
  jobs: JobsTable;
  invoices: InvoicesTable;
  invoice_transactions: InvoiceTransactionsTable;
  credit_notes: CreditNotesTable;
  credit_note_transactions: CreditNoteTransactionsTable;
  issued_documents: IssuedDocumentsTable;
  ingestion_logs: IngestionLogsTable;
  ingestion_log_brands: IngestionLogBrandsTable;
  transactions: TransactionsTable;
  reporting_daily: ReportingDailyTable;
  cards: CardsTable;
  reporting_daily_cards: ReportingDailyCardsTable;
  assets: AssetsTable;
  brand_copy_texts: BrandCopyTextsTable;
  impressions: ImpressionsTable;
  campaign_overview_snapshots: CampaignOverviewSnapshotsTable;
  campaign_overview_overrides: CampaignOverviewOverridesTable;
  dashboard_exports: DashboardExportsTable;
  dashboard_export_parts: DashboardExportPartsTable;
  payment_mandates: PaymentMandatesTable;
  payment_collections: PaymentCollectionsTable;
  payment_events: PaymentEventsTable;
  test_provider_flows: TestProviderFlowsTable;
  test_provider_payments: TestProviderPaymentsTable;
  test_provider_outbox: TestProviderOutboxTable;
  test_provider_secrets: TestProviderSecretsTable;
  card_network_leads: CardNetworkLeadsTable;
  card_network_branch_submissions: CardNetworkBranchSubmissionsTable;
  reviews: ReviewsTable;
  insights_visitors: InsightsVisitorsTable;
}
