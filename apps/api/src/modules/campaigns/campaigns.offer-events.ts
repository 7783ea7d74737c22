import type { Kysely, Transaction } from 'kysely';
import type { CampaignStatus } from '@krowd/domain/campaign/campaign.rules';
import type { DB } from '../../db/database.generated.ts';
import type { Clock } from '../auth/auth.service.ts';
import { offerLifecycleRepository as lifecycle, type OfferEndReason } from './offer-lifecycle.repository.ts';

export type { OfferEndReason } from './offer-lifecycle.repository.ts';

/**
 * What campaigns tell the webhooks module (handed in by app.ts, docs/decisions/0052): an offer's
 * change, in the transaction that makes it, so the event exists exactly when the change does.
 */
export type OfferEventType = 'offer.published' | 'offer.updated' | 'offer.paused' | 'offer.ended';

export interface OfferEvents {
  emitOfferEvent(
    trx: Transaction<DB>,
    type: OfferEventType,
    campaignId: string,
    details?: Record<string, string>,
  ): Promise<void>;
}

/** A change of an offer; an end says why. */
export type OfferChange = 'offer.published' | 'offer.updated' | 'offer.paused' | { ended: OfferEndReason };

export type OfferChanged = (
  trx: Transaction<DB>,
  campaign: { id: string; status: CampaignStatus },
  change: OfferChange,
) => Promise<void>;

/** Offers are what a bank approved: a campaign still in review or rejected is no one's offer. */
const offerStatuses: readonly CampaignStatus[] = ['Bank Approved', 'Active'];

/**
 * An offer's life as publishers hear it (docs/decisions/0100): exactly one `offer.published`, then
 * any `offer.updated` and `offer.paused`, then exactly one `offer.ended` with its reason, whatever
 * causes them (a request, the sweep, an upload) and however many instances run. The ledger
 * (offer-lifecycle.repository.ts) decides, in the cause's transaction, whether the event is due.
 */
export function createOfferLifecycle(deps: { db: Kysely<DB>; events?: OfferEvents; clock: Clock }) {
  const { db, events, clock } = deps;

  async function ended(trx: Transaction<DB>, campaignIds: readonly string[], reason: OfferEndReason) {
    if (!events) return 0;
    const closed = await lifecycle.end(trx, campaignIds, reason, clock());
    for (const id of closed) await events.emitOfferEvent(trx, 'offer.ended', id, { reason });
    return closed.length;
  }

  /** Announces the campaigns not announced yet; answers how many it announced. */
  async function published(trx: Transaction<DB>, campaignIds: readonly string[]) {
    if (!events) return 0;
    const announced = await lifecycle.announce(trx, campaignIds, clock());
    for (const id of announced) await events.emitOfferEvent(trx, 'offer.published', id);
    return announced.length;
  }

  const changed: OfferChanged = async (trx, campaign, change) => {
    if (!events) return;
    if (typeof change === 'object') {
      await ended(trx, [campaign.id], change.ended);
      return;
    }
    if (!offerStatuses.includes(campaign.status)) return;
    if (change === 'offer.published') {
      await published(trx, [campaign.id]);
      return;
    }
    // A change of an offer never announced announces it as it now is; an ended offer's is not told.
    if ((await published(trx, [campaign.id])) > 0) return;
    if ((await lifecycle.stateOf(trx, campaign.id)) === 'open') {
      await events.emitOfferEvent(trx, change, campaign.id);
    }
  };

  return {
    changed,
    /** Ends the announced, open offers among the campaigns, for the reason; answers how many. */
    ended,

    /** Ends the offers whose budget an upload used up, in the upload's transaction (ingestion's hook). */
    budgetsUsedUp: (trx: Transaction<DB>, campaignIds: readonly string[]) =>
      ended(trx, campaignIds, 'budget_exhausted'),

    /**
     * The sweep (every minute, the `campaigns.offerSweep` job): by the clock, the offers whose
     * month is over end, and the approved ones never announced are. One transaction; run twice,
     * or on two instances at once, it tells nothing twice.
     */
    async sweep(): Promise<{ published: number; ended: number }> {
      if (!events) return { published: 0, ended: 0 };
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const due = await lifecycle.endDue(trx, now);
        for (const { campaignId, reason } of due) {
          await events.emitOfferEvent(trx, 'offer.ended', campaignId, { reason });
        }
        const announced = await lifecycle.announceUnannounced(trx, now);
        for (const id of announced) await events.emitOfferEvent(trx, 'offer.published', id);
        return { published: announced.length, ended: due.length };
      });
    },
  };
}

export type OfferLifecycle = ReturnType<typeof createOfferLifecycle>;
