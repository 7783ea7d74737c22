import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import { createGoCardlessProvider } from './gocardless-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createTestProviderRepository } from './test-provider.repository.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

/**
 * The direct-debit provider, chosen once: GoCardless with its token, else the built-in test mode,
 * whose webhooks go through our own webhook route like GoCardless's (app.inject on `app`).
 */
export function paymentProviderOf(
  app: Pick<FastifyInstance, 'inject'>,
  deps: { db: Kysely<DB>; config: Pick<Config, 'gocardless' | 'publicUrl'>; clock: () => Date },
): { paymentProvider: PaymentProvider; testProvider: TestProvider | null } {
  const { db, config, clock } = deps;
  if (config.gocardless) {
    return { paymentProvider: createGoCardlessProvider(config.gocardless), testProvider: null };
  }
  const testProvider = createTestProvider({
    store: createTestProviderRepository(db),
    transaction: (work) => db.transaction().execute(work),
    publicUrl: config.publicUrl,
    clock,
    deliver: async (body, signature) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/test',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        payload: body,
      });
      if (response.statusCode !== 200) {
        throw new Error(`test provider webhook answered ${response.statusCode}: ${response.body}`);
      }
    },
  });
  return { paymentProvider: testProvider, testProvider };
}
