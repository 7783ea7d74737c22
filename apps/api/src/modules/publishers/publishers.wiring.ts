import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { TransactionsRepository } from '../ingestion/transactions.repository.ts';
import { createOffersFeedRepository } from './offers-feed.repository.ts';
import { createOffersFeedService } from './offers-feed.service.ts';
import { publisherApiRoutes } from './publisher-api.routes.ts';
import { createPublisherEvents } from './publisher-events.ts';
import { createPublisherHoldoutsRepository } from './publisher-holdouts.repository.ts';
import { publisherHoldoutsRoutes } from './publisher-holdouts.routes.ts';
import { createPublisherHoldoutsService } from './publisher-holdouts.service.ts';
import { createPublisherKeysRepository } from './publisher-keys.repository.ts';
import { publisherKeysRoutes } from './publisher-keys.routes.ts';
import { createPublisherKeysService } from './publisher-keys.service.ts';
import { createPublishersRepository } from './publishers.repository.ts';
import { publishersRoutes } from './publishers.routes.ts';
import { createPublishersService } from './publishers.service.ts';
import { createTestTransactionsService } from './test-transactions.service.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/**
 * The publishers' side (brief §5 'Publishers'; decisions 0088–0092): the system admin's publisher
 * accounts, the keys their admins manage, the offers feed and test mode. Answers the event channel
 * the outbound webhooks subscribe to.
 */
export async function registerPublishers(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    brands: BrandsRepository;
    transactions: TransactionsRepository;
    timeZone: string;
    clock: () => Date;
    audit?: AuditRecorder;
  },
) {
  const { db, brands, transactions, timeZone, clock, audit } = deps;
  const events = createPublisherEvents();
  const publishers = createPublishersService({ db, publishers: createPublishersRepository(db), brands });
  const keys = createPublisherKeysService({
    db,
    keys: createPublisherKeysRepository(db),
    publishers,
    clock,
    audit,
  });
  await api.register(publishersRoutes, { publishers });
  await api.register(publisherKeysRoutes, { keys, publishers });
  await api.register(publisherApiRoutes, {
    feed: createOffersFeedService({ feed: createOffersFeedRepository(db), timeZone, clock }),
    testTransactions: createTestTransactionsService({ db, transactions, events, timeZone, clock }),
  });
  await api.register(publisherHoldoutsRoutes, {
    holdouts: createPublisherHoldoutsService({
      db,
      holdouts: createPublisherHoldoutsRepository(),
      assignments: transactions,
      timeZone,
      clock,
      audit,
    }),
  });
  return { events, publishers };
}
