import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  brandId?: string | null;
}

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, sends it. Never throws. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
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
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      try {
        const row = await options.db
          .insertInto('mail_outbox')
          .values({
            brand_id: mail.brandId ?? null,
            to_address: mail.to,
            subject: mail.subject,
            text_body: mail.text,
            html_body: mail.html,
            status: 'stored',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (!transport) return;
        try {
          await transport.sendMail({ from: options.from, ...mail });
          await options.db
            .updateTable('mail_outbox')
            .set({ status: 'sent', sent_at: new Date() })
            .where('id', '=', row.id)
            .execute();
        } catch (error) {
          options.logger.error({ err: error, to: mail.to }, 'sending mail failed');
          await options.db
            .updateTable('mail_outbox')
            .set({ status: 'failed', error: String(error instanceof Error ? error.message : error) })
            .where('id', '=', row.id)
            .execute();
        }
      } catch (error) {
        options.logger.error({ err: error, to: mail.to }, 'recording mail failed');
      }
    },
    close() {
      transport?.close();
    },
  };
}
