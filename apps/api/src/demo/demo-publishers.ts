import type { Transaction } from 'kysely';
import { keyPrefixOf, type PublisherKeyMode } from '@krowd/domain/publisher/publisher-key.rules';
import type { DB } from '../db/database.generated.ts';
import { keySecretHashOf } from '../modules/publishers/publisher-keys.repository.ts';

/**
 * The demo publishers' accounts (decisions 0088, 0089): the four feeds' keys, and Demo Bank as a
 * publisher of its own whose bank admins (bank@demo.test) administer its keys.
 */

/** The demo publishers' live keys: demo-atr-key, demo-fidel-key, … (POST /api/transactions/ingest). */
export const demoApiKeyOf = (code: string) => `demo-${code.toLowerCase()}-key`;
/** Their test keys: demo-atr-test-key, … (test offers and test transactions only). */
export const demoTestKeyOf = (code: string) => `demo-${code.toLowerCase()}-test-key`;

export const demoBankPublisherCode = 'DemoBank';

const demoKey = (publisherId: string, mode: PublisherKeyMode, secret: string) => ({
  publisher_id: publisherId,
  mode,
  prefix: keyPrefixOf(secret),
  secret_hash: keySecretHashOf(secret),
  name: mode === 'live' ? 'Demo live key' : 'Demo test key',
});

/** A live and a test key for each publisher. */
export async function insertDemoKeys(trx: Transaction<DB>, publishers: { id: string; code: string }[]) {
  await trx
    .insertInto('publisher_api_keys')
    .values(
      publishers.flatMap((p) => [
        demoKey(p.id, 'live', demoApiKeyOf(p.code)),
        demoKey(p.id, 'test', demoTestKeyOf(p.code)),
      ]),
    )
    .execute();
}

/**
 * Demo Bank's publisher: every brand the bank publishes is in its feed, and it hides held-out
 * cards' offers, so the demo's holdout is applied to its cards (docs/decisions/0129).
 */
export async function loadDemoBankPublisher(trx: Transaction<DB>, bankId: string, brandIds: string[]) {
  const publisher = await trx
    .insertInto('publishers')
    .values({ code: demoBankPublisherCode, display_name: 'Demo Bank', honours_holdouts: true })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await trx.updateTable('banks').set({ publisher_id: publisher.id }).where('id', '=', bankId).execute();
  await trx
    .insertInto('publisher_brands')
    .values(brandIds.map((brandId) => ({ publisher_id: publisher.id, brand_id: brandId })))
    .execute();
  await insertDemoKeys(trx, [publisher]);
}
