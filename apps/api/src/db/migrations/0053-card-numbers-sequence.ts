import { sql, type Kysely } from 'kysely';

/**
 * Card numbers from a sequence (docs/decisions/0114): uploads no longer run one at a time, so an
 * upload cannot number its new cards from the largest number it read. A sequence hands out numbers
 * no two uploads share, whether or not they commit; a number left by a rolled-back upload is never
 * read (figures count the card lists, not the cards table). Set past every number given so far.
 */
const statements = [
  sql`CREATE SEQUENCE cards_id_seq AS integer OWNED BY cards.id`,
  sql`SELECT setval('cards_id_seq', coalesce((SELECT max(id) FROM cards), 0) + 1, false)`,
  sql`ALTER TABLE cards ALTER COLUMN id SET DEFAULT nextval('cards_id_seq')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
