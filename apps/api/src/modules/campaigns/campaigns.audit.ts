import type { Transaction } from 'kysely';
import { diffRecords, type AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { PauseRange } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/**
 * A campaign as the audit log compares its versions (docs/decisions/0113): the columns the form
 * sets, by their column names (money in whole pence, `*_pence`), JSON columns as the values they
 * hold, times as HH:mm, and the branches it runs at as sorted ids.
 */
const auditedColumns = [
  'name',
  'status',
  'customer_type',
  'last_transaction_months',
  'discount_type',
  'discount_percent',
  'discount_amount_pence',
  'discount_value_pence',
  'discount_spread_amount',
  'discount_spread_value',
  'spread_avg_spend_pence',
  'success_fee',
  'budget_type',
  'budget_pence',
  'max_cashback_pence',
  'max_transactions_per_card',
  'max_transactions_per_interval',
  'max_spend_per_interval_pence',
  'cap_interval',
  'age_min',
  'age_max',
  'gender_male',
  'gender_female',
  'week_days',
  'start_time',
  'end_time',
  'start_date',
  'opening_time',
  'closing_time',
  'recurring',
  'is_primary_campaign',
  'all_branches',
  'suggestions',
  'valid_until',
  'templates',
  'promo_code',
] as const;

/** Columns written as JSON text and read back as values. */
const jsonColumns = new Set(['week_days', 'templates', 'promo_code']);

/** A campaign's audited fields, from its row or from the columns a save writes (with its branches). */
export function campaignAuditRecord(
  source: Partial<Record<(typeof auditedColumns)[number], unknown>>,
  branchIds: readonly string[] | undefined,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of auditedColumns) {
    if (!(column in source)) continue;
    let value = source[column];
    if (jsonColumns.has(column) && typeof value === 'string') value = JSON.parse(value);
    if ((column === 'start_time' || column === 'end_time') && typeof value === 'string') {
      value = value.slice(0, 5);
    }
    record[column] = value ?? null;
  }
  if (branchIds) record.branch_ids = [...branchIds].sort();
  return record;
}

/** The branches a saved row runs at, as stored (every approved one for "All"), as a save names them. */
const branchesOf = (row: CampaignRow) => row.branch_ids;

/** The audit events of a campaign's changes, each written in the change's transaction. */
export function createCampaignAudit(audit: AuditRecorder | undefined) {
  const record = async (
    trx: Transaction<DB>,
    auth: AuthContext | null,
    campaign: { id: string; brand_id: string },
    action: AuditAction,
    changes: AuditChanges,
  ) =>
    await audit?.record(trx, auth, {
      entityType: 'campaign',
      entityId: campaign.id,
      action,
      brandId: campaign.brand_id,
      changes,
    });

  return {
    /** A campaign made: by a user, or by the recurring job (no actor) for a series' month. */
    created: (trx: Transaction<DB>, auth: AuthContext | null, id: string, brandId: string, saved: object) =>
      record(
        trx,
        auth,
        { id, brand_id: brandId },
        'created',
        diffRecords(null, saved as Record<string, unknown>),
      ),

    /** An edit: each field whose value the save changes, before and after. */
    updated(trx: Transaction<DB>, auth: AuthContext, row: CampaignRow, columns: object, branchIds: string[]) {
      const before = campaignAuditRecord(row, branchesOf(row));
      const after = { ...before, ...campaignAuditRecord(columns, branchIds) };
      return record(trx, auth, row, 'updated', diffRecords(before, after));
    },

    /** A status decided by someone: approved, rejected, or the campaign deleted. */
    status(trx: Transaction<DB>, auth: AuthContext, row: CampaignRow, action: AuditAction, status: string) {
      return record(trx, auth, row, action, diffRecords({ status: row.status }, { status }));
    },

    deleted: (trx: Transaction<DB>, auth: AuthContext, id: string, brandId: string, at: Date) =>
      record(
        trx,
        auth,
        { id, brand_id: brandId },
        'deleted',
        diffRecords({ deleted_at: null }, { deleted_at: at }),
      ),

    /** The paused ranges of a series, before and after, as 'YYYY-MM-DD/YYYY-MM-DD'. */
    paused(
      trx: Transaction<DB>,
      auth: AuthContext,
      row: CampaignRow,
      before: readonly PauseRange[],
      after: readonly PauseRange[],
    ) {
      const ranges = (list: readonly PauseRange[]) => list.map((r) => `${r.from}/${r.to}`).sort();
      return record(
        trx,
        auth,
        row,
        'paused',
        diffRecords({ pauses: ranges(before) }, { pauses: ranges(after) }),
      );
    },

    /** A promo-code file replaced the campaign's codes: how many it holds now (never the codes). */
    promoCodes: (trx: Transaction<DB>, auth: AuthContext, row: CampaignRow, count: number) =>
      record(
        trx,
        auth,
        row,
        'updated',
        diffRecords({ promo_codes_uploaded: null }, { promo_codes_uploaded: count }),
      ),

    stopped: (trx: Transaction<DB>, auth: AuthContext, row: CampaignRow, validUntil: string | null) =>
      record(
        trx,
        auth,
        row,
        'stopped',
        diffRecords({ valid_until: row.valid_until }, { valid_until: validUntil }),
      ),
  };
}

export type CampaignAudit = ReturnType<typeof createCampaignAudit>;
