import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

export function createTemplatesRepository(db: Kysely<DB>) {
  return {
    ofType(type: 'sms' | 'email' | 'app') {
      return db
        .selectFrom('campaign_templates')
        .select(['id', 'name', 'type', 'template_text'])
        .where('type', '=', type)
        .orderBy('name')
        .execute();
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
