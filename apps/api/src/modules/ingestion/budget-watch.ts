import type { Transaction } from 'kysely';
import { budgetUsedUp } from '@krowd/domain/qualification/budget.rules';
import { budgetThresholdsCrossed } from '@krowd/domain/qualification/budget-pacing.rules';
import type {
  QualificationCampaign,
  QualificationOutcome,
} from '@krowd/domain/qualification/qualification.rules';
import type { DB } from '../../db/database.generated.ts';
import type { BudgetReached, UploadSettings } from './upload-settings.ts';

/**
 * What an upload did to its campaigns' budgets, told in its transaction once its rows are stored:
 * the budgets it used up (their offers end, docs/decisions/0100) and the thresholds of pacing it
 * crossed (the brand's mails at 80% and 100%, docs/decisions/0120). A campaign's spending is
 * watched from what it had spent when its brand was first met in the upload (the brand's lock
 * then held) to what it has spent at the end, so a refund that brings it back under crosses
 * nothing; a budget used up is its 100%, whatever the percentage (the last purchase may not fit).
 */
export class BudgetWatch {
  private readonly usedUp = new Set<string>();
  private readonly watched: { campaign: QualificationCampaign; beforePence: number }[] = [];

  /** A brand's campaigns as loaded, before any row of the upload is counted in them. */
  watch(campaigns: readonly QualificationCampaign[]) {
    for (const campaign of campaigns) {
      if (campaign.budgetType === 'budget')
        this.watched.push({ campaign, beforePence: campaign.budgetSpentPence });
    }
  }

  /** A row's outcome, once its campaign's spending counts it (budget.rules.ts). */
  add(outcome: QualificationOutcome, campaign: QualificationCampaign | null) {
    if (campaign && budgetUsedUp(outcome, campaign)) this.usedUp.add(campaign.id);
    // Campaigns whose budget could not pay the purchase, whichever paid instead (stacking).
    if (outcome.budgetRefused) for (const id of outcome.budgetRefused) this.usedUp.add(id);
  }

  /** The highest threshold each campaign crossed in the upload, 100 for a budget used up. */
  reached(): BudgetReached[] {
    const reached: BudgetReached[] = [];
    for (const { campaign, beforePence } of this.watched) {
      const crossed = budgetThresholdsCrossed(campaign, beforePence, campaign.budgetSpentPence);
      const threshold = this.usedUp.has(campaign.id) ? 100 : crossed.at(-1);
      if (threshold !== undefined) reached.push({ campaignId: campaign.id, threshold });
    }
    return reached;
  }

  /** Tells the upload's hooks, in its transaction. */
  async tell(trx: Transaction<DB>, settings: Pick<UploadSettings, 'onBudgetsUsedUp' | 'onBudgetsReached'>) {
    if (this.usedUp.size > 0) await settings.onBudgetsUsedUp?.(trx, [...this.usedUp]);
    const reached = this.reached();
    if (reached.length > 0) await settings.onBudgetsReached?.(trx, reached);
  }
}
