import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import type { JobQueue } from '../../plugins/jobs.ts';
import { createChildrenJob } from './campaigns.service.ts';

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
