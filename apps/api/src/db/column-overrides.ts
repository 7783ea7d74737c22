/**
 * What the migrations cannot tell kysely-codegen (generate-types.ts, decision 0055): the values a
 * text column's CHECK allows, as the domain's unions; the shape of the JSON a column holds; and
 * columns written once or only by SQL. Each entry is the column's whole Kysely type.
 */

/** The types the overrides name, by the module the table files (db/tables/) import them from. */
const typesByModule: Record<string, string[]> = {
  '@krowd/domain/access/access.rules': ['BrandRole'],
  '@krowd/domain/asset/asset.schema': ['AssetKind'],
  '@krowd/domain/asset/image-file': ['ImageContentType'],
  '@krowd/domain/audit/audit.schema': ['AuditAction', 'AuditEntityType'],
  '@krowd/domain/audit/audit-diff.rules': ['AuditChanges'],
  '@krowd/domain/auth/auth.schema': ['EntityType'],
  '@krowd/domain/branch/branch.schema': ['BranchStatus'],
  '@krowd/domain/campaign/campaign-caps.rules': ['CapInterval'],
  '@krowd/domain/campaign/campaign.rules': ['BudgetType', 'CampaignStatus', 'CustomerType', 'DiscountType'],
  '@krowd/domain/campaign/campaign.schema': ['WeekDayLabel'],
  '@krowd/domain/dashboard/dashboard.schema': ['ReportingFilter'],
  '@krowd/domain/incrementality/holdout-assignment.rules': ['HoldoutArm', 'HoldoutSource'],
  '@krowd/domain/invoice/invoice.schema': ['CollectionMethod', 'PaymentStatus'],
  '@krowd/domain/overview/overview.schema': ['OverviewFigures'],
  '@krowd/domain/payment/payment.schema': [
    'CollectionStatus',
    'MandateReturnTarget',
    'MandateStatus',
    'PaymentProviderName',
  ],
  '@krowd/domain/publisher/publisher-key.rules': ['PublisherKeyMode'],
  '@krowd/domain/public/card-network.rules': ['SpreadsheetKind'],
  '@krowd/domain/public/card-network.schema': ['LeadKind'],
  '@krowd/domain/qualification/customer-type.rules': ['RewardCustomerType'],
  '@krowd/domain/template/template.rules': ['TemplateType'],
  '@krowd/domain/template/template.schema': ['CampaignTemplateEntry', 'PromoCode'],
  '@krowd/domain/webhook/webhook.schema': [
    'WebhookAnyEventType',
    'WebhookDeliveryStatus',
    'WebhookEventType',
    'WebhookMode',
  ],
  '../schema.ts': [
    'OneTimeTokenPurpose',
    'OutboxStatus',
    'PaymentEventOutcome',
    'SessionOrigin',
    'TestProviderFlowStatus',
    'UserStatus',
  ],
};

/** kysely-codegen's customImports: a type's name → `module#name`. */
export const columnTypeImports = Object.fromEntries(
  Object.entries(typesByModule).flatMap(([module, names]) =>
    names.map((name) => [name, `${module}#${name}`]),
  ),
);

/** Set by the insert, or not at all: a session's origin never changes. */
const origin = 'ColumnType<SessionOrigin | null, SessionOrigin | null | undefined, never>';

/**
 * JSON the code writes as text (JSON.stringify) and reads as the shape it wrote; a column read
 * through a zod schema, or only by SQL, stays `unknown`.
 */
const json = (shape: string) => `ColumnType<${shape}, string, string>`;

/** `table.column` → its Kysely type, by table in the migrations' order. */
export const columnOverrides: Record<string, string> = {
  'users.entity_type': 'EntityType',
  'users.role': 'BrandRole | null',
  'users.status': 'Generated<UserStatus>',
  'users.step_one_data': 'unknown | null',
  'sessions.origin': origin,
  'one_time_tokens.purpose': 'OneTimeTokenPurpose',
  'one_time_tokens.origin': origin,
  'mail_outbox.status': 'OutboxStatus',
  'webhook_endpoints.events': 'WebhookEventType[]',
  'webhook_endpoints.mode': 'WebhookMode',
  'webhook_events.type': 'WebhookAnyEventType',
  'webhook_events.mode': 'WebhookMode',
  'webhook_deliveries.status': 'Generated<WebhookDeliveryStatus>',
  'settings.value': 'unknown',
  // Written once and never changed (the table's trigger refuses an UPDATE, decision 0113).
  'audit_events.entity_type': 'ColumnType<AuditEntityType, AuditEntityType, never>',
  'audit_events.action': 'ColumnType<AuditAction, AuditAction, never>',
  'audit_events.changes': json('AuditChanges'),
  'branches.status': 'Generated<BranchStatus>',
  'branch_directory.datasource': "Generated<'directory' | 'ui'>",
  'projection_records.record': 'unknown',
  'campaign_templates.type': 'TemplateType',
  'campaigns.status': 'Generated<CampaignStatus>',
  'campaigns.customer_type': 'CustomerType',
  'campaigns.discount_type': 'DiscountType',
  'campaigns.budget_type': 'Generated<BudgetType>',
  'campaigns.cap_interval': 'CapInterval | null',
  'holdout_assignments.arm': 'HoldoutArm',
  'holdout_assignments.source': 'HoldoutSource',
  'campaigns.week_days': json('WeekDayLabel[]'),
  'campaigns.templates': 'ColumnType<CampaignTemplateEntry[], string | undefined, string>',
  'publisher_api_keys.mode': 'PublisherKeyMode',
  'publisher_test_transactions.outcome': "'qualified' | 'notQualified'",
  'campaigns.promo_code': 'ColumnType<PromoCode | null, string | null | undefined, string | null>',
  'jobs.payload': 'Generated<unknown>',
  'assets.kind': 'AssetKind',
  'assets.content_type': 'ImageContentType',
  'invoices.collection_method': 'CollectionMethod',
  'invoices.payment_status': 'Generated<PaymentStatus>',
  'ingestion_logs.channel': "'api' | 'console'",
  'ingestion_logs.uploaded_at': 'ColumnType<Date, Date | undefined, never>',
  // Wall time in the timezone setting, written by SQL from occurred_at as text.
  'transactions.local_datetime': 'ColumnType<Date, string, never>',
  'transactions.outcome': "'qualified' | 'refund' | 'notQualified'",
  'transaction_authorisations.status': "Generated<'authorised' | 'cleared' | 'expired'>",
  'settlement_files.kind': "'daily' | 'monthly'",
  'transactions.customer_type': 'RewardCustomerType | null',
  'transactions.offer_type': 'DiscountType | null',
  'transactions.terms': 'unknown',
  'reporting_daily.customer_type': 'RewardCustomerType',
  'reporting_daily.offer_type': 'DiscountType',
  'reporting_daily_cards.customer_type': 'RewardCustomerType',
  'reporting_daily_cards.offer_type': 'DiscountType',
  'campaign_overview_snapshots.figures': json('OverviewFigures'),
  'campaign_overview_overrides.figures': json('OverviewFigures'),
  // The filter an export was asked with is kept as it was.
  'dashboard_exports.filter': 'ColumnType<ReportingFilter, string, never>',
  'dashboard_exports.status': "Generated<'queued' | 'ready'>",
  'payment_mandates.provider': 'PaymentProviderName',
  'payment_mandates.status': 'Generated<MandateStatus>',
  'payment_mandates.return_to': 'MandateReturnTarget',
  'payment_collections.provider': 'PaymentProviderName',
  'payment_collections.status': 'CollectionStatus',
  'payment_events.provider': 'PaymentProviderName',
  'payment_events.payload': 'ColumnType<unknown, string, string>',
  'payment_events.received_at': 'ColumnType<Date, Date | undefined, never>',
  'payment_events.outcome': 'PaymentEventOutcome',
  'test_provider_flows.status': 'Generated<TestProviderFlowStatus>',
  'test_provider_outbox.event': 'ColumnType<unknown, string, string>',
  'card_network_leads.kind': 'LeadKind',
  'card_network_leads.source': "'amexdining' | 'amexsignup' | 'amexdiningsignup'",
  'card_network_branch_submissions.branches': 'ColumnType<unknown, string, never>',
  'card_network_branch_submissions.file_kind': 'SpreadsheetKind | null',
};
