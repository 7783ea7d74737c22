/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { PaymentEventOutcome, TestProviderFlowStatus } from '../schema.ts';
import type { CollectionMethod, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import type {
  CollectionStatus,
  MandateReturnTarget,
  MandateStatus,
  PaymentProviderName,
} from '@krowd/domain/payment/payment.schema';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

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

export interface DocumentNumbers {
  kind: string;
  last: number;
}

export interface CreditNoteTransactions {
  credit_note_id: string;
  transaction_id: string;
}

export interface IssuedDocuments {
  created_at: ColumnType<Date, Date | undefined, never>;
  file_name: string;
  pdf: Uint8Array;
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

export interface TestProviderOutbox {
  created_at: ColumnType<Date, Date | undefined, never>;
  delivered_at: Date | null;
  event: ColumnType<unknown, string, string>;
  event_id: string;
}

export interface TestProviderSecrets {
  created_at: ColumnType<Date, Date | undefined, never>;
  name: string;
  secret: string;
}
