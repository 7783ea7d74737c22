import type { FastifyBaseLogger } from 'fastify';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import type { JobQueue } from '../../plugins/jobs.ts';
import { budgetAlertsJob, type BudgetAlerts } from './budget-alerts.ts';
import { createChildrenJob, type CampaignsService } from './campaigns.service.ts';

/** The offers' sweep by the clock (docs/decisions/0100): months over end, approved offers never told are. */
export const offerSweepJob = 'campaigns.offerSweep';
/** How often the sweep runs: an offer's start or end reaches publishers within about a minute. */
export const offerSweepEveryMs = 60_000;

/**
 * The campaigns' jobs: the recurring series' children of the day, the offers' sweep, and the
 * brand's mails at 80% and 100% of a budget (docs/decisions/0120).
 */
export function handleCampaignJobs(
  jobs: JobQueue,
  campaigns: Pick<CampaignsService, 'createChildCampaigns' | 'sweepOffers'>,
  log: FastifyBaseLogger,
  budgetAlerts: Pick<BudgetAlerts, 'run'>,
) {
  jobs.handle(budgetAlertsJob, async (payload) => {
    const mailed = await budgetAlerts.run(payload);
    if (mailed > 0) log.info({ mailed }, 'budget alerts mailed');
  });
  jobs.handle(createChildrenJob, async () => {
    const created = await campaigns.createChildCampaigns();
    if (created > 0) log.info({ created }, 'child campaigns created');
  });
  jobs.handle(offerSweepJob, async () => {
    const swept = await campaigns.sweepOffers();
    if (swept.published + swept.ended > 0) log.info(swept, 'offers published and ended by the clock');
  });
}

/**
 * Queues today's run of the recurring-series job (once a day whatever the number of instances:
 * the dedupe key is the local date). The server calls this at start and every hour.
 */
export async function scheduleCampaignJobs(jobs: JobQueue, timeZone: string, now = new Date()) {
  await jobs.enqueue(
    createChildrenJob,
    {},
    { dedupeKey: `${createChildrenJob}:${localToday(now, timeZone)}` },
  );
}

/** Keeps the offers' sweep running every minute, as one job row whatever the number of instances. */
export async function scheduleOfferSweep(jobs: JobQueue) {
  await jobs.recur(offerSweepJob, offerSweepEveryMs);
}
