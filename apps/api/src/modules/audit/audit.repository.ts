import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AuditEntityType } from '@krowd/domain/audit/audit.schema';
import type { DB } from '../../db/database.generated.ts';
import type { ListedBrands } from '../../http/listed-brands.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type AuditEventRow = Selectable<DB['audit_events']>;

/**
 * The chain's advisory lock key (decision 0113): every append takes it for the rest of its
 * transaction, so appends follow one another and each sees the one before. Any 64-bit number
 * no other lock in the product uses; this one reads "audit" in ASCII.
 */
const chainLockKey = 0x6175646974;

export interface AuditFilter {
  brands: ListedBrands;
  /** A group admin's group: its events that name no brand (its group users) are its too. */
  groupId?: string;
  entityType?: AuditEntityType;
  entityId?: string;
  actorId?: string;
  /** Lower case: matched against the e-mail the event kept, case ignored. */
  actorEmail?: string;
  /** Instants: occurred at or after `from`, before `until`. */
  from?: Date;
  until?: Date;
}

/** The audit log's statements: append (under the chain's lock), read pages, walk the chain. */
export function createAuditRepository(db: Kysely<DB>) {
  function filtered(filter: AuditFilter) {
    let query = db.selectFrom('audit_events');
    const { brands, groupId } = filter;
    if (brands !== 'all') {
      query = query.where((eb) =>
        eb.or([
          ...(brands.length > 0 ? [eb('brand_id', 'in', brands)] : []),
          ...(groupId ? [eb.and([eb('brand_id', 'is', null), eb('group_id', '=', groupId)])] : []),
        ]),
      );
    }
    if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
    if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
    if (filter.actorId) query = query.where('actor_user_id', '=', filter.actorId);
    if (filter.actorEmail) query = query.where(sql`lower(actor_email)`, '=', filter.actorEmail);
    if (filter.from) query = query.where('occurred_at', '>=', filter.from);
    if (filter.until) query = query.where('occurred_at', '<', filter.until);
    return query;
  }

  return {
    /**
     * Takes the chain's lock until the transaction ends and answers the last event's link (or null
     * for an empty log). Called at the end of the change's transaction, so the lock is held briefly.
     */
    async lockChain(trx: Transaction<DB>): Promise<{ id: number; hash: string } | null> {
      await sql`SELECT pg_advisory_xact_lock(${chainLockKey}::bigint)`.execute(trx);
      const last = await trx
        .selectFrom('audit_events')
        .select(['id', 'hash'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return last ?? null;
    },

    async append(trx: Transaction<DB>, row: Insertable<DB['audit_events']>): Promise<void> {
      await trx.insertInto('audit_events').values(row).execute();
    },

    /** A page of events, newest first, with the total of the filter in the same query. */
    async list(filter: AuditFilter, page: { limit: number; offset: number }) {
      if (reachesNothing(filter)) return { rows: [], total: 0 };
      const rows = await filtered(filter)
        .selectAll()
        .select(sql<number>`count(*) OVER ()`.as('total'))
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows: rows as AuditEventRow[], total: Number(rows[0]?.total ?? 0) };
    },

    /** Every matching event oldest first, a page at a time after `afterId` (the CSV export's keyset). */
    async after(filter: AuditFilter, afterId: number, limit: number): Promise<AuditEventRow[]> {
      if (reachesNothing(filter)) return [];
      return filtered(filter).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
    },

    /** The newest event's link (the daily digest's anchor), or null for an empty log. */
    async head(): Promise<{ id: number; hash: string } | null> {
      const last = await db
        .selectFrom('audit_events')
        .select(['id', 'hash'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return last ?? null;
    },

    /** One record's events, oldest first: a campaign's version history. */
    async ofEntity(entityType: AuditEntityType, entityId: string, reader: Db = db): Promise<AuditEventRow[]> {
      return reader
        .selectFrom('audit_events')
        .selectAll()
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', entityId)
        .orderBy('id')
        .execute();
    },
  };
}

const reachesNothing = (filter: AuditFilter) =>
  filter.brands !== 'all' && filter.brands.length === 0 && !filter.groupId;

export type AuditRepository = ReturnType<typeof createAuditRepository>;
