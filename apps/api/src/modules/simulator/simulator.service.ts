import type { Kysely } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import {
  qualificationMessage,
  qualifyForCampaign,
  type BranchMatch,
} from '@krowd/domain/qualification/qualification.rules';
import type { SimulationResult } from '@krowd/domain/qualification/simulation-response.schema';
import type { z } from 'zod';
import {
  sampleCardRewards,
  type simulationRequestSchema,
} from '@krowd/domain/qualification/simulation.schema';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TransactionsRepository } from '../ingestion/transactions.repository.ts';
import { simulatorRepository } from './simulator.repository.ts';

type Sample = z.output<typeof simulationRequestSchema>;

/**
 * The rule simulator: the engine's outcome for a sample purchase against one
 * campaign among its brand's, so that it answers "why not this campaign" when another campaign of
 * the brand pays the purchase (stacking, decision 0105: 'stackedWithBetterOffer', naming it). It
 * reads the brand's campaigns as ingestion does (with their budgets spent so far and the brand's
 * approved months), the branch of the MID, and nothing else: the card's history comes with the
 * sample. It writes nothing.
 */
export function createSimulatorService(deps: {
  db: Kysely<DB>;
  transactions: TransactionsRepository;
  timeZone: string;
}) {
  const { db, transactions, timeZone } = deps;
  return {
    async simulate(campaignId: string, sample: Sample): Promise<SimulationResult> {
      return db.transaction().execute(async (trx) => {
        const stored = await simulatorRepository.campaignBrand(trx, campaignId);
        if (!stored) throw notFound(messages.campaign.notFound);
        const { campaigns, months } = await transactions.brandCampaigns(trx, stored.brand_id);
        const campaign = campaigns.find((candidate) => candidate.id === campaignId)!;

        let branch: BranchMatch | null;
        if (sample.branchId) {
          const row = await simulatorRepository.branchById(trx, sample.branchId);
          if (!row) throw badRequest(messages.simulation.branchNotFound);
          branch = { branchId: row.id, brandId: row.brand_id, status: row.status };
        } else {
          branch = await transactions.branchOfMid(trx, sample.mid!);
        }

        const outcome = qualifyForCampaign(
          {
            transaction: { datetime: sample.datetime, amountPence: sample.amountPence },
            branch,
            history: {
              lastPurchaseAt: sample.lastPurchaseAt === null ? null : Date.parse(sample.lastPurchaseAt),
              averageSpendPence: sample.averageSpendPence,
            },
            // Caps (decision 0116): the card's rewards by this campaign as the sample states them.
            rewards: sampleCardRewards(campaignId, sample),
            campaigns,
            brandCampaignMonths: months,
            timeZone,
          },
          campaign,
        );
        if (outcome.outcome === 'notQualified') {
          const paidBy = outcome.paidBy && {
            ...outcome.paidBy,
            campaignName: (await simulatorRepository.campaignName(trx, outcome.paidBy.campaignId)) ?? '',
          };
          return {
            outcome: 'notQualified',
            reason: qualificationMessage(outcome.reason, outcome.reasonParams ?? null),
            cashbackPence: 0,
            successFeePence: 0,
            customerType: null,
            offerType: null,
            successFeeFree: false,
            ...(paidBy && { paidBy }),
          };
        }
        return {
          outcome: 'qualified',
          reason: messages.simulation.qualified,
          cashbackPence: outcome.cashbackPence,
          successFeePence: outcome.successFeePence,
          customerType: outcome.customerType,
          offerType: outcome.offerType,
          successFeeFree: outcome.terms.successFeeFree,
          ...(outcome.cappedReason && {
            cappedReason: qualificationMessage(outcome.cappedReason, outcome.reasonParams ?? null),
          }),
        };
      });
    },
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;
