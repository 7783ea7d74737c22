import type { Kysely } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import { currentMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  assignHoldouts,
  holdoutCampaignsOf,
  type HoldoutAssignment,
} from '@krowd/domain/incrementality/holdout-assignment.rules';
import { holdoutHashVersion } from '@krowd/domain/incrementality/holdout.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { HoldoutCardsAnswer } from '@krowd/domain/publisher/publisher-holdouts.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { HoldoutAssignmentRow } from '../ingestion/holdout-assignments.repository.ts';
import type { TransactionsRepository } from '../ingestion/transactions.repository.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { PublisherHoldoutsRepository } from './publisher-holdouts.repository.ts';

const m = messages.publisherHoldouts;

/**
 * Holdouts at the publisher (docs/decisions/0129). A cardholder shown an offer must never be
 * refused its reward, so a holdout applies only at a publisher that has said it hides held-out
 * cards' offers (`honoursHoldouts`, off until it says so); the publisher (with its live key) or the
 * system admin sets it, audited as the publisher's other settings. Such a publisher asks, for a
 * batch of its cards, which offers each is held out of this month: the answer is each card's
 * stored arm, and for a card not assigned yet the hash's, stored now (source 'publisher') so a
 * later purchase finds the same.
 */
export function createPublisherHoldoutsService(deps: {
  db: Kysely<DB>;
  holdouts: PublisherHoldoutsRepository;
  /** The cards' stored arms, ingestion's table (decision 0129). */
  assignments: Pick<TransactionsRepository, 'addHoldoutAssignments' | 'storedHoldoutArms'>;
  timeZone: string;
  clock: () => Date;
  audit?: AuditRecorder;
}) {
  const { db, holdouts, assignments, timeZone, clock, audit } = deps;
  return {
    /** Sets whether the publisher hides held-out cards' offers; `auth` is null for its API key. */
    async setHonours(auth: AuthContext | null, publisherId: string, honours: boolean) {
      return db.transaction().execute(async (trx) => {
        const row = await holdouts.lockSetting(trx, publisherId);
        if (!row) throw notFound(messages.publisher.notFound);
        if (row.honours_holdouts !== honours) {
          await holdouts.setHonours(trx, publisherId, honours);
          await audit?.record(trx, auth, {
            entityType: 'publisher',
            entityId: publisherId,
            action: 'updated',
            brandId: null,
            changes: diffRecords({ honours_holdouts: row.honours_holdouts }, { honours_holdouts: honours }),
          });
        }
        return { publisherId, honoursHoldouts: honours };
      });
    },

    /** Each card's offers of this month it is held out of, its assignments stored when new. */
    async cards(publisherId: string, cardTokens: readonly string[]): Promise<HoldoutCardsAnswer> {
      const month = currentMonth(clock(), timeZone);
      return db.transaction().execute(async (trx) => {
        if (!(await holdouts.honours(trx, publisherId)))
          throw conflict(m.notHonoured, 'holdouts_not_honoured');
        const offers = holdoutCampaignsOf(
          (await holdouts.holdoutOffers(trx, publisherId, `${month}-01`)).map((row) => ({
            id: row.id,
            brandId: row.brand_id,
            status: row.status,
            start_date: row.start_date,
            holdoutShareBasisPoints: row.holdout_share_basis_points,
          })),
          month,
        );
        const byBrand = new Map<string, typeof offers>();
        for (const offer of offers)
          byBrand.set(offer.brandId, [...(byBrand.get(offer.brandId) ?? []), offer]);
        const stored = await assignments.storedHoldoutArms(
          trx,
          publisherId,
          offers.map((offer) => offer.id),
          cardTokens,
        );
        const fresh: HoldoutAssignmentRow[] = [];
        const cards = cardTokens.map((cardToken) => {
          const arms: HoldoutAssignment[] = [];
          for (const [brandId, campaigns] of byBrand) {
            const card = { publisherId, cardToken, brandId, month };
            for (const decided of assignHoldouts(card, campaigns)) {
              const arm = stored.get(cardToken)?.get(decided.campaignId);
              if (arm === undefined) fresh.push({ ...decided, ...card, source: 'publisher' });
              arms.push(arm === undefined ? decided : { ...decided, arm });
            }
          }
          return {
            cardToken,
            heldOutOf: arms.filter((arm) => arm.arm === 'holdout').map((arm) => arm.campaignId),
            offers: arms.map((arm) => ({
              offerId: arm.campaignId,
              arm: arm.arm,
              bucket: arm.bucket,
              shareBasisPoints: arm.shareBasisPoints,
            })),
          };
        });
        await assignments.addHoldoutAssignments(trx, fresh);
        return { month, recipeVersion: holdoutHashVersion, cards };
      });
    },
  };
}

export type PublisherHoldoutsService = ReturnType<typeof createPublisherHoldoutsService>;
