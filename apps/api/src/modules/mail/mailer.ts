import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { createMailRepository } from './mail.repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  brandId?: string | null;
}

export interface Mailer {
  /**
   * Records the mail in the outbox; with SMTP configured, with the job that sends it, so an answer
   * never waits on (or reveals, by its timing) an SMTP round trip. Never throws.
   */
  send(mail: OutgoingMail): Promise<void>;
  /** Sends the mails waiting here and waits for them (tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Sends one outbox row over SMTP (docs/decisions/0112): its payload is the row's id, nothing more. */
export const deliverMailJob = 'mail.deliver';
const deliverPayloadSchema = z.object({ outboxId: z.uuid() });

/**
 * nodemailer over SMTP_URL. Every mail is written to the outbox table first: with no SMTP server
 * it stays there (status 'stored') for a system admin to read; with one, the `mail.deliver` job
 * queued in the same transaction sends it (begun at once in this instance, or by any instance
 * should this one stop first; retried with the queue's back-off), and the row says whether
 * sending worked.
 */
export function createMailer(options: {
  db: Kysely<DB>;
  jobs: JobQueue;
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { db, jobs, logger } = options;
  const outbox = createMailRepository(db);
  // nodemailer loads with the first mail sent, not at start; without SMTP_URL never.
  const smtpUrl = options.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));

  /** Sends the row unless it went already; a failure is written on the row and retried by the queue. */
  async function deliver(id: string) {
    const row = await outbox.findForDelivery(id);
    if (!row || row.status === 'sent') return;
    const { to_address: to, subject, text_body: text, html_body: html } = row;
    try {
      await (await transporter()).sendMail({ from: options.from, to, subject, text, html });
    } catch (error) {
      logger.error({ err: error, to }, 'sending mail failed');
      await outbox.markFailed(id, String(error instanceof Error ? error.message : error));
      throw error;
    }
    await outbox.markSent(id, new Date());
  }

  if (smtpUrl) {
    jobs.handle(deliverMailJob, (payload) => deliver(deliverPayloadSchema.parse(payload).outboxId), {
      concurrency: 4,
      soon: true,
    });
  }

  const mailer: Mailer = {
    async send(mail) {
      try {
        if (!smtpUrl) {
          await outbox.record(mail);
          return;
        }
        await db.transaction().execute(async (trx) => {
          const row = await outbox.record(mail, trx);
          await jobs.enqueue(deliverMailJob, { outboxId: row.id }, { trx });
        });
        jobs.soon();
      } catch (error) {
        logger.error({ err: error, to: mail.to }, 'recording mail failed');
      }
    },
    async flush() {
      if (smtpUrl) await jobs.runDue({ soon: true });
    },
    async close() {
      (await transport)?.close();
    },
  };
  return mailer;
}
