/**
 * Which product area owns each table: generate-types.ts writes each area's table types to
 * db/tables/<area>.generated.ts (decision 0055), so no generated file passes 400 lines. A table the
 * migrations add must be placed here, or the generator refuses to run.
 */
export const tableAreas = {
  /** Users, their sessions and sign-in: links, two-step sign-in, the counters, known devices. */
  accounts: [
    'users',
    'sessions',
    'one_time_tokens',
    'user_multi_factor',
    'multi_factor_challenges',
    'multi_factor_recovery_codes',
    'rate_limit_counters',
    'known_devices',
  ],
  /** Brands, groups and banks, the brands' copy and images, their branches and the directory. */
  tenants: [
    'brands',
    'groups',
    'client_lists',
    'client_list_brands',
    'banks',
    'brand_banks',
    'brand_copy_texts',
    'assets',
    'branches',
    'branch_directory',
  ],
  campaigns: [
    'campaigns',
    'campaign_branches',
    'campaign_pauses',
    'campaign_promo_codes',
    'campaign_templates',
    'projection_records',
    'offer_lifecycle',
    'holdout_assignments',
  ],
  /** The publishers' files and what they hold: transactions, cards, the logs; the distributors' deals. */
  ingestion: [
    'publishers',
    'distributor_deals',
    'transactions',
    'cards',
    'ingestion_logs',
    'ingestion_log_brands',
    'transaction_authorisations',
    'mid_activity_days',
    'mid_activity_hours',
    'mid_health_notices',
  ],
  /** The publishers' accounts: the brands they show, their API keys, their test transactions, their settlement files. */
  'publisher-accounts': [
    'publisher_brands',
    'publisher_api_keys',
    'publisher_test_transactions',
    'settlement_files',
  ],
  /** The dashboard's store and exports, the campaign overview, impressions and insights. */
  reporting: [
    'reporting_daily',
    'reporting_daily_cards',
    'dashboard_exports',
    'dashboard_export_parts',
    'impressions',
    'campaign_overview_snapshots',
    'campaign_overview_overrides',
    'insights_visitors',
    'reviews',
  ],
  /** Invoices and credit notes, direct debits, and the built-in test payment provider. */
  billing: [
    'invoices',
    'invoice_transactions',
    'credit_notes',
    'document_numbers',
    'credit_note_transactions',
    'issued_documents',
    'payment_mandates',
    'payment_collections',
    'payment_events',
    'test_provider_flows',
    'test_provider_payments',
    'test_provider_outbox',
    'test_provider_secrets',
  ],
  /** The card network's public sign-ups: its leads and the branches they submit. */
  'card-network': ['card_network_leads', 'card_network_branch_submissions'],
  /** Outbound webhooks: endpoints, events, deliveries and their attempts (decision 0097). */
  webhooks: ['webhook_endpoints', 'webhook_events', 'webhook_deliveries', 'webhook_attempts'],
  /** Missing-transaction claims and their history (decision 0108). */
  claims: ['claims', 'claim_events'],
  /** The audit log: every change, append-only and hash-chained (decision 0113). */
  audit: ['audit_events'],
  /** What every area runs on: the job queue, the mail outbox, the settings, kept idempotent answers. */
  platform: ['jobs', 'mail_outbox', 'settings', 'idempotency_keys'],
} satisfies Record<string, string[]>;
