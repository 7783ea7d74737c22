/**
 * The values of text columns whose CHECK the migrations hold and the domain has no type for:
 * kysely-codegen cannot read a CHECK, so column-overrides.ts names these for the generated
 * table types (db/tables/, decision 0055).
 */

export type UserStatus = 'active' | 'deactivated';

/** Where a session started: a card-network guest link, or (null) anywhere else. */
export type SessionOrigin = 'card_network';

export type OneTimeTokenPurpose = 'guest_login' | 'set_password' | 'recover_password' | 'verify_email';

export type OutboxStatus = 'stored' | 'sent' | 'failed';

export type PaymentEventOutcome = 'applied' | 'unchanged' | 'ignored';

export type TestProviderFlowStatus = 'open' | 'confirmed' | 'completed';
