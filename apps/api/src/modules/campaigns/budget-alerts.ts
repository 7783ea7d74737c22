import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { pages } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { budgetAlertThresholds, percentOfBudget } from '@krowd/domain/qualification/budget-pacing.rules';
import { brandAdministrators } from '../../db/brand-administrators.ts';
import type { DB } from '../../db/database.generated.ts';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createBudgetAlertsRepository } from './budget-alerts.repository.ts';

const m = messages.campaign.budgetUse;

/** Mails a brand's administrators that uploads brought campaigns to 80% or 100% of their budgets. */
export const budgetAlertsJob = 'campaigns.budgetAlerts';

const alertsPayloadSchema = z.object({
  alerts: z.array(z.object({ campaignId: z.uuid(), threshold: z.literal(budgetAlertThresholds) })),
});
type BudgetAlert = z.infer<typeof alertsPayloadSchema>['alerts'][number];

export function budgetAlertMail(
  firstName: string,
  campaign: { name: string; budgetPence: number; spentPence: number },
  threshold: BudgetAlert['threshold'],
  url: string,
): RenderedMail {
  const percent = percentOfBudget(campaign.spentPence, campaign.budgetPence);
  const spent = formatPence(campaign.spentPence);
  return {
    subject:
      threshold === 100
        ? messages.mail.budgetUsedUpSubject(campaign.name)
        : messages.mail.budgetReachedSubject(campaign.name, percent),
    ...layout(
      firstName,
      [
        m.mailIntro(campaign.name, percent, spent, formatPence(campaign.budgetPence)),
        threshold === 100 ? m.mailUsedUp : m.mailReached,
      ],
      { url, label: m.mailAction },
    ),
  };
}

/**
 * The mails at 80% and 100% of a campaign's budget (docs/decisions/0120), each once a
 * campaign: an upload that crosses a threshold marks it told and queues the job that mails, both
 * in the upload's transaction (`reached`), so the mail is queued exactly when the spending that
 * caused it is stored. The job (`run`) reads the campaign as it then is and mails its brand's
 * administrators; the outbox records each mail.
 */
export function createBudgetAlerts(deps: {
  db: Kysely<DB>;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  clock: () => Date;
}) {
  const repository = createBudgetAlertsRepository(deps.db);
  return {
    /** Ingestion's hook, in the upload's transaction: the thresholds its campaigns crossed. */
    async reached(trx: Transaction<DB>, reached: readonly BudgetAlert[]) {
      const at = deps.clock();
      const usedUp = reached.filter((entry) => entry.threshold === 100).map((entry) => entry.campaignId);
      const eighty = reached.filter((entry) => entry.threshold === 80).map((entry) => entry.campaignId);
      const alerts: BudgetAlert[] = [
        ...(await repository.markTold(trx, usedUp, 100, at)).map((campaignId) => ({
          campaignId,
          threshold: 100 as const,
        })),
        ...(await repository.markTold(trx, eighty, 80, at)).map((campaignId) => ({
          campaignId,
          threshold: 80 as const,
        })),
      ];
      if (alerts.length > 0) await deps.jobs.enqueue(budgetAlertsJob, { alerts }, { trx });
    },

    /** The job: each alert mailed to its campaign's brand's administrators; answers how many mails. */
    async run(payload: unknown): Promise<number> {
      const { alerts } = alertsPayloadSchema.parse(payload);
      const campaigns = new Map(
        (await repository.campaigns(alerts.map((alert) => alert.campaignId))).map((row) => [row.id, row]),
      );
      const administrators = await brandAdministrators(deps.db, [
        ...new Set([...campaigns.values()].map((row) => row.brand_id)),
      ]);
      const url = `${deps.publicUrl}${pages.campaignsCurrent.path}`;
      let mailed = 0;
      for (const alert of alerts) {
        const row = campaigns.get(alert.campaignId);
        // A campaign deleted meanwhile, or whose budget was taken off, is not told.
        if (!row || row.budget_pence === null) continue;
        const campaign = {
          name: row.name,
          budgetPence: row.budget_pence,
          spentPence: Number(row.spent_pence),
        };
        for (const administrator of administrators.get(row.brand_id) ?? []) {
          await deps.mailer.send({
            to: administrator.email,
            brandId: row.brand_id,
            ...budgetAlertMail(administrator.firstName, campaign, alert.threshold, url),
          });
          mailed += 1;
        }
      }
      return mailed;
    },
  };
}

export type BudgetAlerts = ReturnType<typeof createBudgetAlerts>;
