import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, createJobsRepository } from './jobs.repository.ts';

/** A claimed job's lease while it runs: the signal aborts once the claim has lost the job. */
export type JobLease = { signal: AbortSignal; stop(): Promise<void> };

/**
 * The heartbeat of a claimed job (docs/decisions/0112): every third of the lease, extends it while
 * this claim holds the job, so a job longer than the lease is not claimed again while it runs.
 * Once the claim has lost the job (it stalled past its lease and another worker claimed it), stops
 * and aborts the handler's signal. A database fault skips one beat: the lease has two thirds left.
 */
export function createLeaseKeeper(deps: {
  jobs: Pick<ReturnType<typeof createJobsRepository>, 'extendLease'>;
  leaseMs: number;
  logger: FastifyBaseLogger;
  worker: string;
}) {
  const { jobs, leaseMs, logger, worker } = deps;

  return function keepLease(job: ClaimedJob): JobLease {
    const lost = new AbortController();
    let beating: Promise<void> | undefined;
    const beat = () => {
      beating ??= jobs
        .extendLease(job.id, job.claim_token, leaseMs, new Date())
        .then(
          (held) => {
            if (held) return;
            clearInterval(timer);
            logger.warn({ job: job.kind, id: job.id, worker }, 'job lease lost: another worker holds it');
            lost.abort();
          },
          (error: unknown) =>
            logger.warn({ err: error, job: job.kind, worker }, 'job lease: extending failed'),
        )
        .finally(() => (beating = undefined));
    };
    const timer = setInterval(beat, Math.max(1, Math.floor(leaseMs / 3)));
    return {
      signal: lost.signal,
      /** Stops the heartbeat and waits for a beat under way, so none lands after the job's end. */
      async stop() {
        clearInterval(timer);
        await beating;
      },
    };
  };
}
