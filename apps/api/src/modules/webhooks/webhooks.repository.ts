import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { WebhookDeliveryStatus } from '@krowd/domain/webhook/webhook.schema';
import type { DB } from '../../db/database.generated.ts';
import type { ListedBrands } from '../../http/listed-brands.ts';
import { deliverJobRow } from './webhooks.events.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Endpoints, deliveries and attempts as the webhooks service reads and writes them. */
export type EndpointRow = Selectable<DB['webhook_endpoints']> & {
  owner_name: string;
  brand_group_id: string | null;
};

/** Whose endpoints a list shows: brands and publishers (every one, or these). */
export interface EndpointFilter {
  brands: ListedBrands;
  publishers: 'all' | string[];
  brandId?: string;
  publisherId?: string;
}

export function createWebhooksRepository(db: Kysely<DB>) {
  const endpoints = () =>
    db
      .selectFrom('webhook_endpoints as e')
      .leftJoin('brands as b', 'b.id', 'e.brand_id')
      .leftJoin('publishers as p', 'p.id', 'e.publisher_id')
      .selectAll('e')
      .select([
        sql<string>`coalesce(b.name, p.display_name)`.as('owner_name'),
        'b.group_id as brand_group_id',
      ]);

  return {
    /** A new endpoint: its id. */
    async insertEndpoint(values: Insertable<DB['webhook_endpoints']>, executor: Db = db): Promise<string> {
      const row = await executor
        .insertInto('webhook_endpoints')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the endpoint's columns given. */
    async updateEndpoint(id: string, changes: Updateable<DB['webhook_endpoints']>, executor: Db = db) {
      await executor.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
    },

    /** Deletes the endpoint; its deliveries and attempts go with it (ON DELETE CASCADE), the events stay. */
    async deleteEndpoint(id: string, executor: Db = db) {
      await executor.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    async endpoint(id: string): Promise<EndpointRow | undefined> {
      return endpoints().where('e.id', '=', id).executeTakeFirst();
    },

    async endpoints(filter: EndpointFilter): Promise<EndpointRow[]> {
      let query = endpoints().where((eb) => {
        const side = (column: 'e.brand_id' | 'e.publisher_id', ids: 'all' | string[]) =>
          ids === 'all' ? eb(column, 'is not', null) : ids.length > 0 ? eb(column, 'in', ids) : eb.val(false);
        return eb.or([side('e.brand_id', filter.brands), side('e.publisher_id', filter.publishers)]);
      });
      if (filter.brandId) query = query.where('e.brand_id', '=', filter.brandId);
      if (filter.publisherId) query = query.where('e.publisher_id', '=', filter.publisherId);
      return query.orderBy('e.created_at', 'desc').orderBy('e.id').execute();
    },

    async publisher(id: string) {
      return db
        .selectFrom('publishers')
        .select(['id', 'display_name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The publishers one may register endpoints for: every one, or these. */
    async publishers(ids: 'all' | string[]) {
      if (ids !== 'all' && ids.length === 0) return [];
      let query = db.selectFrom('publishers').select(['id', 'display_name']).orderBy('display_name');
      if (ids !== 'all') query = query.where('id', 'in', ids);
      return query.execute();
    },

    /** The publisher a bank belongs to (decision 0088), whose bank admins are its admins. */
    async publisherOfBank(bankId: string): Promise<string | null> {
      const row = await db
        .selectFrom('banks')
        .select('publisher_id')
        .where('id', '=', bankId)
        .executeTakeFirst();
      return row?.publisher_id ?? null;
    },

    async deliveries(
      endpointId: string,
      page: { page: number; limit: number; status?: WebhookDeliveryStatus },
    ) {
      let query = db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
        .where('d.endpoint_id', '=', endpointId);
      if (page.status) query = query.where('d.status', '=', page.status);
      const [rows, total] = await Promise.all([
        query
          .select([
            'd.id',
            'd.event_id',
            'ev.type as event_type',
            'd.status',
            'd.attempts',
            'd.last_status_code',
            'd.last_latency_ms',
            'd.last_error',
            'd.next_attempt_at',
            'd.delivered_at',
            'd.created_at',
          ])
          .orderBy('d.created_at', 'desc')
          .orderBy('d.id', 'desc')
          .limit(page.limit)
          .offset((page.page - 1) * page.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: total.count };
    },

    async delivery(id: string) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
        .select([
          'd.id',
          'd.endpoint_id',
          'd.event_id',
          'ev.type as event_type',
          'ev.mode',
          'ev.data',
          'ev.created_at as event_created_at',
          'd.status',
          'd.attempts',
          'd.last_status_code',
          'd.last_latency_ms',
          'd.last_error',
          'd.next_attempt_at',
          'd.delivered_at',
          'd.created_at',
        ])
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    async attempts(deliveryId: string) {
      return db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'attempted_at', 'status_code', 'latency_ms', 'error'])
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempt')
        .execute();
    },

    /**
     * Starts deliveries again, a new retry schedule each, with their next attempt queued now; in
     * one transaction. Answers how many. Only delivered or failed ones: a pending one is on its way.
     */
    async redeliver(where: { deliveryId: string } | { endpointId: string; failedSince: Date }, now: Date) {
      return db.transaction().execute(async (trx) => {
        let query = trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', schedule_started_at: now, next_attempt_at: now, delivered_at: null });
        if ('deliveryId' in where) {
          query = query.where('id', '=', where.deliveryId).where('status', '<>', 'pending');
        } else {
          query = query
            .where('endpoint_id', '=', where.endpointId)
            .where('status', '=', 'failed')
            .where('created_at', '>=', where.failedSince);
        }
        const rows = await query.returning(['id', 'attempts']).execute();
        if (rows.length > 0) {
          await trx
            .insertInto('jobs')
            .values(rows.map((row) => deliverJobRow(row.id, row.attempts + 1)))
            .onConflict((oc) => oc.column('dedupe_key').doNothing())
            .execute();
        }
        return rows.length;
      });
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
