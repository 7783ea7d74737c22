import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.generated.ts';
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
   * Records the mail in the outbox; with SMTP configured, sends it in the background, so an
   * answer never waits on (or reveals, by its timing) an SMTP round trip. Never throws.
   */
  send(mail: OutgoingMail): Promise<void>;
  /** Waits for the mail being sent now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * nodemailer over SMTP_URL. Every mail is written to the outbox table first: with no SMTP server
 * it stays there (status 'stored') for a system admin to read; with one, the row says whether
 * sending worked.
 */
export function createMailer(options: {
  db: Kysely<DB>;
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { logger } = options;
  const outbox = createMailRepository(options.db);
  // nodemailer loads with the first mail sent, not at start (issue 17 §6); without SMTP_URL never.
  const smtpUrl = options.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  const sending = new Set<Promise<void>>();

  async function deliver(id: string, mail: OutgoingMail) {
    if (!smtpUrl) return;
    try {
      await (await transporter()).sendMail({ from: options.from, ...mail });
      await outbox.markSent(id, new Date());
    } catch (error) {
      logger.error({ err: error, to: mail.to }, 'sending mail failed');
      await outbox
        .markFailed(id, String(error instanceof Error ? error.message : error))
        .catch((updateError: unknown) =>
          logger.error({ err: updateError }, 'recording a mail failure failed'),
        );
    }
  }

  const mailer: Mailer = {
    async send(mail) {
      try {
        const row = await outbox.record(mail);
        const delivery = deliver(row.id, mail);
        sending.add(delivery);
        void delivery.finally(() => sending.delete(delivery));
      } catch (error) {
        logger.error({ err: error, to: mail.to }, 'recording mail failed');
      }
    },
    async flush() {
      await Promise.all([...sending]);
    },
    async close() {
      await mailer.flush();
      (await transport)?.close();
    },
  };
  return mailer;
}
