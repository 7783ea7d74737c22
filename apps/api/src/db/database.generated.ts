/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts). Do not edit: change a migration
 * or an override and run the script again.
 */
import type {
  OneTimeTokenPurpose,
  OutboxStatus,
  PaymentEventOutcome,
  SessionOrigin,
  TestProviderFlowStatus,
  UserStatus,
} from './schema.ts';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import type { AssetKind } from '@krowd/domain/asset/asset.schema';
import type { ImageContentType } from '@krowd/domain/asset/image-file';
import type { EntityType } from '@krowd/domain/auth/auth.schema';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import type {
  BudgetType,
  CampaignStatus,
  CustomerType,
  DiscountType,
} from '@krowd/domain/campaign/campaign.rules';
import type { WeekDayLabel } from '@krowd/domain/campaign/campaign.schema';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import type { CollectionMethod, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';
import type {
  CollectionStatus,
  MandateReturnTarget,
  MandateStatus,
  PaymentProviderName,
} from '@krowd/domain/payment/payment.schema';
import type { SpreadsheetKind } from '@krowd/domain/public/card-network.rules';
import type { LeadKind } from '@krowd/domain/public/card-network.schema';
import type { RewardCustomerType } from '@krowd/domain/qualification/customer-type.rules';
import type { TemplateType } from '@krowd/domain/template/template.rules';
import type { CampaignTemplateEntry, PromoCode } from '@krowd/domain/template/template.schema';
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export interface Assets {
  bank_id: string | null;
  brand_id: string | null;
  byte_size: number;
  bytes: Uint8Array;
  content_type: ImageContentType;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: Date | null;
  file_name: string;
  height: number;
  id: Generated<string>;
  kind: AssetKind;
  uploaded_by: string;
  user_id: string | null;
  width: number;
}

export interface Banks {
  address: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
  updated_at: Generated<Date>;
  website: string | null;
}

export interface BranchDirectory {
  address: string | null;
  brand_id: string | null;
  city: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_user_id: string | null;
  cuisine: string | null;
  datasource: Generated<'directory' | 'ui'>;
  email: string | null;
  entity_url: string | null;
  id: Generated<string>;
  kmid: Generated<string>;
  merchant_name: string;
  phone_no: string | null;
  postcode: string | null;
}

export interface Branches {
  activated_at: Date | null;
  address: string | null;
  amex_merchant_id: string | null;
  approved_by: string | null;
  block: string | null;
  brand_id: string;
  city: string | null;
  comments: string | null;
  contact_email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_brand_user: Generated<boolean>;
  created_by_user_id: string | null;
  default_branch: Generated<boolean>;
  description: string | null;
  id: Generated<string>;
  kmid: string | null;
  mastercard_merchant_id: string | null;
  name: string;
  postal_town: string | null;
  postcode: string | null;
  status: Generated<BranchStatus>;
  tripadvisor_url: string | null;
  updated_at: Generated<Date>;
  zettle_merchant_id: string | null;
}

export interface BrandBanks {
  bank_id: string;
  brand_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
}

export interface BrandCopyTexts {
  additional_copy: string;
  brand_id: string;
  copy: string;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface Brands {
  created_at: ColumnType<Date, Date | undefined, never>;
  group_id: string | null;
  id: Generated<string>;
  name: string;
  updated_at: Generated<Date>;
}

export interface CampaignBranches {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
}

export interface CampaignOverviewOverrides {
  brand_id: string;
  campaign_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string;
  figures: ColumnType<OverviewFigures, string, string>;
  id: Generated<string>;
}

export interface CampaignOverviewSnapshots {
  brand_id: string;
  campaign_id: string;
  computed_at: Generated<Date>;
  figures: ColumnType<OverviewFigures, string, string>;
}

export interface CampaignPauses {
  brand_id: string;
  campaign_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  from_date: string;
  id: Generated<string>;
  to_date: string;
}

export interface CampaignPromoCodes {
  brand_id: string;
  campaign_id: string;
  code: string;
}

export interface Campaigns {
  age_max: Generated<number>;
  age_min: Generated<number>;
  all_branches: Generated<boolean>;
  brand_id: string;
  budget_pence: number | null;
  budget_type: Generated<BudgetType>;
  closing_time: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
  customer_type: CustomerType;
  deleted_at: Date | null;
  discount_amount_pence: number | null;
  discount_percent: number | null;
  discount_spread_amount: number | null;
  discount_spread_value: number | null;
  discount_type: DiscountType;
  discount_value_pence: number | null;
  end_time: string | null;
  gender_female: Generated<boolean>;
  gender_male: Generated<boolean>;
  id: Generated<string>;
  is_primary_campaign: Generated<boolean>;
  last_transaction_months: number | null;
  name: string;
  opening_time: Date;
  primary_campaign_id: string | null;
  promo_code: ColumnType<PromoCode | null, string | null | undefined, string | null>;
  recurring: Generated<boolean>;
  spread_avg_spend_pence: number | null;
  start_date: string;
  start_time: string | null;
  status: Generated<CampaignStatus>;
  success_fee: number;
  suggestions: Generated<string>;
  templates: ColumnType<CampaignTemplateEntry[], string | undefined, string>;
  updated_at: Generated<Date>;
  valid_until: string | null;
  week_days: ColumnType<WeekDayLabel[], string, string>;
}

export interface CampaignTemplates {
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
  template_text: string;
  type: TemplateType;
}

export interface CardNetworkBranchSubmissions {
  branches: ColumnType<unknown, string, never>;
  comments: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  file_bytes: Uint8Array | null;
  file_kind: SpreadsheetKind | null;
  file_name: string | null;
  id: Generated<string>;
  lead_id: string;
}

export interface CardNetworkLeads {
  amex_merchant_id: string | null;
  branch_page_expires_at: Date | null;
  branch_page_hash: string | null;
  brand_id: string | null;
  company: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  email: string;
  id: Generated<string>;
  kind: LeadKind;
  legal_name: string | null;
  name: string | null;
  phone: string | null;
  source: 'amexdining' | 'amexsignup' | 'amexdiningsignup';
  user_id: string | null;
  website: string | null;
}

export interface Cards {
  id: number;
  token: string;
}

export interface CreditNotes {
  amount_pence: number;
  brand_id: string;
  cashback_pence: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  credit_note_number: Generated<string>;
  id: Generated<string>;
  invoice_id: string;
  issued_on: string;
  success_fee_pence: number;
}

export interface CreditNoteTransactions {
  credit_note_id: string;
  transaction_id: string;
}

export interface DashboardExportParts {
  content: Uint8Array;
  export_id: string;
  part: number;
}

export interface DashboardExports {
  byte_size: number | null;
  completed_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  filter: ColumnType<ReportingFilter, string, never>;
  id: Generated<string>;
  row_count: number | null;
  status: Generated<'queued' | 'ready'>;
  token_hash: string | null;
  user_id: string;
}

export interface DistributorDeals {
  brand_id: string;
  cashback_percent: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  publisher_id: string;
  start_date: string;
  success_fee_percent: string;
}

export interface Groups {
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
}

export interface Impressions {
  brand_id: string;
  campaign_id: string;
  day: string;
  publisher_id: string;
  reach: number;
  updated_at: Generated<Date>;
}

export interface IngestionLogBrands {
  brand_id: string;
  gmv_pence: number;
  ingestion_log_id: string;
  last_transaction_at: Date | null;
  transaction_count: number;
}

export interface IngestionLogs {
  channel: 'api' | 'console';
  created_at: ColumnType<Date, Date | undefined, never>;
  file_name: string | null;
  gmv_pence: number;
  id: Generated<string>;
  last_transaction_at: Date | null;
  next_ingestion_at: Date | null;
  publisher_id: string;
  transaction_count: number;
  unmatched_count: Generated<number>;
  uploaded_at: ColumnType<Date, Date | undefined, never>;
  uploaded_by_user_id: string | null;
}

export interface InsightsVisitors {
  brand_id: string;
  browser_name: string | null;
  contact_name: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  device_type: string | null;
  email: string;
  id: Generated<string>;
  ip_address: string | null;
  is_interested: Generated<boolean>;
  is_referrals: Generated<boolean>;
  is_social_analytics: Generated<boolean>;
  organization_name: string | null;
  os_name: string | null;
  os_version: string | null;
  pass_expires_at: Date;
  pass_hash: string;
  phone_number: string | null;
  signed_up_at: Date | null;
  signup_email: string | null;
}

export interface Invoices {
  admin_charge_pence: Generated<number>;
  amount_pence: number;
  brand_id: string;
  cashback_pence: number;
  collection_method: CollectionMethod;
  created_at: ColumnType<Date, Date | undefined, never>;
  document_id: string | null;
  due_date: string;
  id: Generated<string>;
  invoice_number: Generated<string>;
  issued_on: string;
  month: number;
  paid_at: Date | null;
  payment_status: Generated<PaymentStatus>;
  success_fee_pence: number;
  updated_at: Generated<Date>;
  year: number;
}

export interface InvoiceTransactions {
  invoice_id: string;
  transaction_id: string;
}

export interface IssuedDocuments {
  created_at: ColumnType<Date, Date | undefined, never>;
  file_name: string;
  pdf: Uint8Array;
}

export interface Jobs {
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  dedupe_key: string | null;
  done_at: Date | null;
  id: Generated<string>;
  kind: string;
  last_error: string | null;
  locked_until: Date | null;
  payload: Generated<unknown>;
  run_at: Generated<Date>;
}

export interface MailOutbox {
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  error: string | null;
  html_body: string;
  id: Generated<string>;
  sent_at: Date | null;
  status: OutboxStatus;
  subject: string;
  text_body: string;
  to_address: string;
}

export interface MultiFactorChallenges {
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  id: Generated<string>;
  token_hash: string;
  used_at: Date | null;
  user_id: string;
}

export interface MultiFactorRecoveryCodes {
  code_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  salt: string;
  used_at: Date | null;
  user_id: string;
}

export interface OneTimeTokens {
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  id: Generated<string>;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  used_at: Date | null;
  user_id: string;
}

export interface PaymentCollections {
  amount_pence: number;
  brand_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  invoice_id: string;
  mandate_id: string;
  provider: PaymentProviderName;
  provider_payment_id: string;
  status: CollectionStatus;
  updated_at: Generated<Date>;
}

export interface PaymentEvents {
  action: string;
  id: Generated<string>;
  outcome: PaymentEventOutcome;
  payload: ColumnType<unknown, string, string>;
  provider: PaymentProviderName;
  provider_event_id: string;
  received_at: ColumnType<Date, Date | undefined, never>;
  resource_id: string | null;
  resource_type: string;
}

export interface PaymentMandates {
  account_holder_name: string | null;
  account_number_ending: string | null;
  bank_name: string | null;
  brand_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
  flow_id: string;
  id: Generated<string>;
  provider: PaymentProviderName;
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
  return_to: MandateReturnTarget;
  session_token: string;
  status: Generated<MandateStatus>;
  updated_at: Generated<Date>;
}

export interface ProjectionRecords {
  brand_id: string;
  record: unknown;
  updated_at: Generated<Date>;
}

export interface Publishers {
  api_key_hash: string | null;
  code: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  display_name: string;
  id: Generated<string>;
}

export interface RateLimitCounters {
  blocked_until: Date | null;
  hits: number;
  key: string;
  window_started_at: Date;
}

export interface ReportingDaily {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
  cashback_pence: Generated<number>;
  conversions: Generated<number>;
  customer_type: RewardCustomerType;
  day: string;
  max_spend_pence: number | null;
  min_spend_pence: number | null;
  offer_type: DiscountType;
  publisher_id: string;
  refunds: Generated<number>;
  spend_pence: Generated<number>;
  success_fee_pence: Generated<number>;
}

export interface ReportingDailyCards {
  branch_id: string;
  brand_id: string;
  campaign_id: string;
  cards: Uint8Array;
  customer_type: RewardCustomerType;
  day: string;
  offer_type: DiscountType;
  publisher_id: string;
}

export interface Reviews {
  ambiance_negative: Generated<number>;
  ambiance_positive: Generated<number>;
  analyser_version: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  external_id: string;
  food_negative: Generated<number>;
  food_positive: Generated<number>;
  id: Generated<string>;
  kmid: string;
  price_negative: Generated<number>;
  price_positive: Generated<number>;
  rating: number;
  reviewed_at: Date;
  reviewer_rating: number | null;
  sentiment: number;
  service_negative: Generated<number>;
  service_positive: Generated<number>;
  source: string;
  text: string;
}

export interface Sessions {
  browser_name: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  device_type: string | null;
  ended_at: Date | null;
  expires_at: Date;
  id: Generated<string>;
  ip_address: string | null;
  last_seen_at: Date;
  origin: ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>;
  os_name: string | null;
  os_version: string | null;
  token_hash: string;
  user_agent: string | null;
  user_id: string;
}

export interface Settings {
  key: string;
  updated_at: Generated<Date>;
  value: unknown;
}

export interface TestProviderFlows {
  account_holder_name: string | null;
  account_number_ending: string | null;
  bank_name: string | null;
  brand_name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  customer_id: string | null;
  description: string;
  expires_at: Date;
  flow_id: string;
  mandate_id: string | null;
  mandate_status: string | null;
  session_token: string;
  status: Generated<TestProviderFlowStatus>;
  success_redirect_url: string;
}

export interface TestProviderOutbox {
  created_at: ColumnType<Date, Date | undefined, never>;
  delivered_at: Date | null;
  event: ColumnType<unknown, string, string>;
  event_id: string;
}

export interface TestProviderPayments {
  amount_pence: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  currency: string;
  description: string;
  idempotency_key: string;
  invoice_id: string | null;
  mandate_id: string;
  payment_id: string;
  status: Generated<string>;
}

export interface TestProviderSecrets {
  created_at: ColumnType<Date, Date | undefined, never>;
  name: string;
  secret: string;
}

export interface Transactions {
  amount_pence: number;
  branch_id: string | null;
  brand_id: string | null;
  campaign_id: string | null;
  card_id: number | null;
  card_last4: string;
  card_token: string;
  cashback_pence: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  customer_type: RewardCustomerType | null;
  id: Generated<string>;
  ingestion_log_id: string;
  local_datetime: ColumnType<Date, string, never>;
  mid: string;
  occurred_at: Date;
  offer_type: DiscountType | null;
  original_transaction_id: string | null;
  outcome: 'qualified' | 'refund' | 'notQualified';
  postcode: string | null;
  publisher_id: string;
  publisher_transaction_id: string;
  reason: string | null;
  refunded_pence: Generated<number>;
  success_fee_pence: Generated<number>;
  terms: unknown;
}

export interface UserMultiFactor {
  created_at: ColumnType<Date, Date | undefined, never>;
  enabled_at: Date | null;
  last_used_step: number | null;
  secret: string;
  user_id: string;
}

export interface Users {
  address: string | null;
  bank_id: string | null;
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: Date | null;
  email: string;
  email_verified: Generated<boolean>;
  entity_type: EntityType;
  first_name: string;
  group_id: string | null;
  guest_user: Generated<boolean>;
  guest_user_flag: Generated<boolean>;
  id: Generated<string>;
  is_bank_admin: Generated<boolean>;
  is_client_admin: Generated<boolean>;
  is_first_login: Generated<boolean>;
  is_internal_demo: Generated<boolean>;
  is_t_and_c_accepted: Generated<boolean>;
  last_name: string;
  password_hash: string | null;
  phone: string | null;
  photo: string | null;
  process_completed: Generated<boolean>;
  role: BrandRole | null;
  status: Generated<UserStatus>;
  step: string | null;
  step_one: Generated<boolean>;
  step_one_data: unknown | null;
  step_three: Generated<boolean>;
  step_two: Generated<boolean>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

export interface DB {
  assets: Assets;
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
  credit_note_transactions: CreditNoteTransactions;
  credit_notes: CreditNotes;
  dashboard_export_parts: DashboardExportParts;
  dashboard_exports: DashboardExports;
  distributor_deals: DistributorDeals;
  groups: Groups;
  impressions: Impressions;
  ingestion_log_brands: IngestionLogBrands;
  ingestion_logs: IngestionLogs;
  insights_visitors: InsightsVisitors;
  invoice_transactions: InvoiceTransactions;
  invoices: Invoices;
  issued_documents: IssuedDocuments;
  jobs: Jobs;
  mail_outbox: MailOutbox;
  multi_factor_challenges: MultiFactorChallenges;
  multi_factor_recovery_codes: MultiFactorRecoveryCodes;
  one_time_tokens: OneTimeTokens;
  payment_collections: PaymentCollections;
  payment_events: PaymentEvents;
  payment_mandates: PaymentMandates;
  projection_records: ProjectionRecords;
  publishers: Publishers;
  rate_limit_counters: RateLimitCounters;
  reporting_daily: ReportingDaily;
  reporting_daily_cards: ReportingDailyCards;
  reviews: Reviews;
  sessions: Sessions;
  settings: Settings;
  test_provider_flows: TestProviderFlows;
  test_provider_outbox: TestProviderOutbox;
  test_provider_payments: TestProviderPayments;
  test_provider_secrets: TestProviderSecrets;
  transactions: Transactions;
  user_multi_factor: UserMultiFactor;
  users: Users;
}
