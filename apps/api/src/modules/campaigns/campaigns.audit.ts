import type { Transaction } from 'kysely';
import { diffRecords, type AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { PauseRange } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DB } from '../../db/database.generated.ts';
import type { ColumnReads, ReadColumns } from '../../db/column-mappings.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/**
 * A campaign as the audit log compares its versions (docs/decisions/0113): the columns the form
 * sets, by their column names (money in whole pence, `*_pence`), JSON columns as the values they
 * hold, times as HH:mm, and the branches it runs at as sorted ids. Every column is named, audited
 * or not (docs/decisions/0121), so a new one fails the build until it is decided.
 */
export const auditReads = {
  name: true,
  status: true,
  customer_type: true,
  last_transaction_months: true,
  discount_type: true,
  discount_percent: true,
  discount_amount_pence: true,
  discount_value_pence: true,
  discount_spread_amount: true,
  discount_spread_value: true,
  spread_avg_spend_pence: true,
  success_fee: true,
  budget_type: true,
  budget_pence: true,
  max_cashback_pence: true,
  max_transactions_per_card: true,
  max_transactions_per_interval: true,
  max_spend_per_interval_pence: true,
  cap_interval: true,
  age_min: true,
  age_max: true,
  gender_male: true,
  gender_female: true,
  week_days: true,
  start_time: true,
  end_time: true,
  start_date: true,
  opening_time: true,
  closing_time: true,
  recurring: true,
  is_primary_campaign: true,
  all_branches: true,
  suggestions: true,
  valid_until: true,
  templates: true,
  promo_code: true,
  holdout_share_basis_points: true,
  brand_id: false, // a campaign never moves brand; the audit row names it
  created_at: false, // set by the database
  created_by: false, // the audit row names who acted
  deleted_at: false, // a deletion is its own audit action
  id: false, // the audit row names the campaign
  primary_campaign_id: false, // set by the series, never by a save
  updated_at: false, // the audit row says when
  // The budget mails' stamps: the platform's bookkeeping, not a change anybody made (decision 0120).
  budget_alert_80_sent_at: false,
  budget_alert_100_sent_at: false,
} as const satisfies ColumnReads<DB['campaigns']>;

/** The audited columns, in the order of `auditReads`. */
const auditedColumns = (Object.keys(auditReads) as (keyof typeof auditReads)[]).filter(
  (column): column is ReadColumns<typeof auditReads> => auditReads[column],
);

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
