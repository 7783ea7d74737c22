import type { Kysely, Transaction } from 'kysely';
import {
  campaignPhase,
  currentMonth,
  monthWindowOf,
  nextChildMonth,
  periodOf,
  shiftMonth,
} from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignName } from '@krowd/domain/campaign/campaign.rules';
import { messages } from '@krowd/domain/messages/messages';
import { conflict } from '../../http/errors.ts';
import type { DB } from '../../db/database.generated.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { DatabaseSetColumns, TableValues } from '../../db/column-mappings.ts';
import { seriesContinuesAfter } from './campaigns.mapper.ts';
import { campaignAuditRecord, type CampaignAudit } from './campaigns.audit.ts';
import type { OfferLifecycle } from './campaigns.offer-events.ts';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.ts';

/**
 * The columns of the series' next month's campaign, copied from its primary: every column but
 * those the database sets, each required (docs/decisions/0121), so a new column cannot be left
 * off the copy.
 */
export type SeriesChildValues<Table extends DB['campaigns'] = DB['campaigns']> = TableValues<
  Table,
  DatabaseSetColumns
>;

/** The month's campaign of a series as a copy of its primary. */
export function childValues(
  primary: CampaignRow,
  child: { name: string; startDate: string; window: { openingTime: string; closingTime: string } },
): SeriesChildValues {
  return {
    brand_id: primary.brand_id,
    name: child.name,
    // Each month's campaign is a new offer: Pending until a bank confirms it (brief §5),
    // whatever was decided on the month before.
    status: 'Pending',
    customer_type: primary.customer_type,
    last_transaction_months: primary.last_transaction_months,
    discount_type: primary.discount_type,
    discount_percent: primary.discount_percent,
    discount_amount_pence: primary.discount_amount_pence,
    discount_value_pence: primary.discount_value_pence,
    discount_spread_amount: primary.discount_spread_amount,
    discount_spread_value: primary.discount_spread_value,
    spread_avg_spend_pence: primary.spread_avg_spend_pence,
    success_fee: primary.success_fee,
    budget_pence: primary.budget_pence,
    budget_type: primary.budget_type,
    // A new month's campaign has spent nothing: its brand has been mailed of nothing yet.
    budget_alert_80_sent_at: null,
    budget_alert_100_sent_at: null,
    max_cashback_pence: primary.max_cashback_pence,
    max_transactions_per_card: primary.max_transactions_per_card,
    max_transactions_per_interval: primary.max_transactions_per_interval,
    max_spend_per_interval_pence: primary.max_spend_per_interval_pence,
    cap_interval: primary.cap_interval,
    // Next month's campaign has not started: it holds out what its primary does (decision 0129).
    holdout_share_basis_points: primary.holdout_share_basis_points,
    age_min: primary.age_min,
    age_max: primary.age_max,
    gender_male: primary.gender_male,
    gender_female: primary.gender_female,
    week_days: JSON.stringify(primary.week_days),
    start_time: primary.start_time,
    end_time: primary.end_time,
    start_date: child.startDate,
    opening_time: new Date(child.window.openingTime),
    closing_time: new Date(child.window.closingTime),
    recurring: true,
    is_primary_campaign: false,
    primary_campaign_id: primary.id,
    all_branches: primary.all_branches,
    suggestions: primary.suggestions,
    valid_until: primary.valid_until,
    templates: JSON.stringify(primary.templates),
    promo_code: primary.promo_code === null ? null : JSON.stringify(primary.promo_code),
    created_by: primary.created_by,
  };
}

/**
 * The recurring series (brief §5): every recurring primary gets a child campaign for each month
 * after its own up to next month, skipping months its pauses cover. Idempotent.
 */
export function createCampaignSeries(deps: {
  db: Kysely<DB>;
  campaigns: CampaignsRepository;
  clock: Clock;
  timeZone: string;
  offers: Pick<OfferLifecycle, 'changed' | 'ended'>;
  audit: CampaignAudit;
}) {
  const { db, campaigns, clock, timeZone, offers, audit } = deps;

  async function createChild(primary: CampaignRow, month: string) {
    const startDate = `${month}-01`;
    const window = monthWindowOf(startDate, timeZone);
    const count = await campaigns.countOfBrand(primary.brand_id);
    await db.transaction().execute(async (trx) => {
      const values = childValues(primary, {
        name: campaignName(primary.brand_name, startDate, count),
        startDate,
        window,
      });
      const id = await campaigns.insert(values, primary.branch_ids, trx);
      await audit.created(trx, null, id, primary.brand_id, campaignAuditRecord(values, primary.branch_ids));
      return id;
    });
  }

  /** Makes the children due; answers how many it made. */
  async function createChildCampaigns() {
    const lastMonth = shiftMonth(currentMonth(clock(), timeZone), 1);
    let created = 0;
    for (const primary of await campaigns.recurringPrimaries()) {
      const row = await campaigns.findById(primary.id);
      if (!row) continue;
      const months = [...primary.child_months];
      const pauses = row.pauses.map((p) => ({ from: p.from_date, to: p.to_date }));
      const validUntil = row.valid_until ? row.valid_until.slice(0, 7) : undefined;
      for (;;) {
        const next = nextChildMonth(row.start_date.slice(0, 7), months, pauses, validUntil);
        if (!next || next > lastMonth) break;
        months.push(next);
        await createChild(row, next);
        created += 1;
      }
    }
    return created;
  }

  /**
   * Stops a running recurring series from next month on (spec 3 §4; decision 0071): the campaign
   * of this month runs to its end, since cardholders have been offered it; the series' valid-until
   * month becomes this month, on the primary and every campaign of it, so the job makes no further
   * child; the children not started yet (next month's, made ahead) are deleted, in one transaction.
   * Publishers hear the running offer's new valid-until month (`offer.updated`; it ends with its
   * month, by the sweep) and the end of the deleted ones they were told of (reason `stopped`).
   * Answers the first month no longer run, 'MM/YYYY'.
   */
  /** `audited` records the stop in its transaction: the series' new valid-until month (decision 0113). */
  async function stopFromNextMonth(
    row: CampaignRow,
    audited?: (trx: Transaction<DB>, validUntil: string) => Promise<void>,
  ): Promise<string> {
    const now = clock();
    if (campaignPhase(row.start_date, now, timeZone) !== 'current' || !row.recurring) {
      throw conflict(messages.campaign.stopOnlyRunningSeries);
    }
    const today = `${currentMonth(now, timeZone)}-01`;
    if (!seriesContinuesAfter(row, today)) throw conflict(messages.campaign.seriesAlreadyEnds);
    const primaryId = row.primary_campaign_id ?? row.id;
    const nextMonth = `${shiftMonth(currentMonth(now, timeZone), 1)}-01`;
    await db.transaction().execute(async (trx) => {
      await campaigns.endSeries(primaryId, today, trx);
      const removed = await campaigns.softDeleteChildrenFrom(primaryId, nextMonth, trx);
      await offers.changed(trx, row, 'offer.updated');
      await offers.ended(trx, removed, 'stopped');
      await audited?.(trx, today);
    });
    return periodOf(nextMonth);
  }

  return { createChildCampaigns, stopFromNextMonth };
}
