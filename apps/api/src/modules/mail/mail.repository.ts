import { sql, type Kysely } from 'kysely';
import type { PageQuery } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';

export function createMailRepository(db: Kysely<DB>) {
  return {
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
