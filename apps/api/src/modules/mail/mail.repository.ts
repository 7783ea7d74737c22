import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageQuery } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';

export function createMailRepository(db: Kysely<DB>) {
  return {
    /** Writes a mail to the outbox as stored (not sent yet), in `executor`'s transaction when it is one: its id. */
    async record(
      mail: { to: string; subject: string; text: string; html: string; brandId?: string | null },
      executor: Kysely<DB> | Transaction<DB> = db,
    ) {
      return executor
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
    },

    /** A mail to deliver: what goes out, and whether it went already. */
    async findForDelivery(id: string) {
      return db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text_body', 'html_body', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The mail went out over SMTP. */
    async markSent(id: string, at: Date) {
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: at }).where('id', '=', id).execute();
    },

    /** Sending the mail failed, for the reason given. */
    async markFailed(id: string, error: string) {
      await db.updateTable('mail_outbox').set({ status: 'failed', error }).where('id', '=', id).execute();
    },

    /** One page of the outbox, newest first, with the total in the same query. */
    async outboxPage(query: PageQuery) {
      const rows = await db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'to_address',
          'subject',
          'text_body',
          'status',
          'error',
          'created_at',
          'sent_at',
          sql<number>`count(*) OVER ()`.as('total'),
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      return { rows, total: rows[0]?.total ?? (query.page === 1 ? 0 : await this.count()) };
    },
    async count() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
