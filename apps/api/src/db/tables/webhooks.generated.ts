/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type {
  WebhookAnyEventType,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookMode,
} from '@krowd/domain/webhook/webhook.schema';
import type { ColumnType } from 'kysely';
import type { Generated, Json } from './scalars.generated.ts';

export interface WebhookEndpoints {
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_user_id: string | null;
  description: Generated<string>;
  enabled: Generated<boolean>;
  events: WebhookEventType[];
  id: Generated<string>;
  mode: WebhookMode;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  publisher_id: string | null;
  secret: string;
  updated_at: Generated<Date>;
  url: string;
}

export interface WebhookEvents {
  brand_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  data: Json;
  dedupe_key: string | null;
  endpoint_id: string | null;
  id: Generated<string>;
  mode: WebhookMode;
  publisher_id: string | null;
  subject_id: string | null;
  type: WebhookAnyEventType;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  delivered_at: Date | null;
  endpoint_id: string;
  event_id: string;
  id: Generated<string>;
  last_error: string | null;
  last_latency_ms: number | null;
  last_status_code: number | null;
  next_attempt_at: Generated<Date | null>;
  schedule_started_at: Generated<Date>;
  status: Generated<WebhookDeliveryStatus>;
}

export interface WebhookAttempts {
  attempt: number;
  attempted_at: Date;
  delivery_id: string;
  error: string | null;
  id: Generated<string>;
  latency_ms: number;
  status_code: number | null;
}
