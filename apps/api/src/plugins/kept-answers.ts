import type { FastifyInstance, FastifyReply, RouteHandlerMethod } from 'fastify';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import type { Config } from '../config.ts';
import { createAnswerCache } from '../db/answer-cache.ts';
import type { Database } from '../db/database.ts';
import { callerOf } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is kept (serialized) per caller, address and local date until a committed
     * write to a table in `keptAnswerTables` (a signed-in list: issue 17 §1).
     */
    keptAnswer?: boolean;
  }
}

/**
 * Every table a route with `keptAnswer` reads its answer from: the campaign, branch, user and
 * invoice lists (kept-answers.routes.test.ts reads each list's statements and fails on any other).
 */
export const keptAnswerTables = [
  'campaigns',
  'campaign_branches',
  'campaign_pauses',
  'transactions',
  'branches',
  'brands',
  'groups',
  'banks',
  'brand_banks',
  'users',
  'invoices',
  'credit_notes',
] as const;

export const keptAnswersChannel = 'kept_answers_changed';

/**
 * A signed-in list answers the same bytes until something it is read from changes, so its answer
 * is kept: per address (path and query), account, audience and scope, and local date (a campaign's
 * phase and actions follow the day). The access hook and the input checks still run first for
 * every request; a kept answer skips only the statements and the serialization.
 */
export async function registerKeptAnswers(
  app: FastifyInstance,
  deps: {
    database: Pick<Database, 'committedWrites' | 'signals'>;
    config: Pick<Config, 'timezone'>;
    clock: () => Date;
  },
) {
  const { database, config, clock } = deps;
  const answers = createAnswerCache<ReturnType<FastifyReply['serialize']>>({
    database,
    logger: app.log,
    tables: keptAnswerTables,
    channel: keptAnswersChannel,
    maxEntries: 1_000,
  });
  await answers.start();
  app.addHook('onClose', () => answers.stop());

  app.addHook('onRoute', (route) => {
    if (!route.config?.keptAnswer) return;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => Promise<unknown>;
    route.handler = async function keptAnswer(request, reply) {
      const caller = callerOf(request);
      const key = JSON.stringify([
        request.url,
        caller.account.id,
        caller.audience,
        caller.scope,
        localToday(clock(), config.timezone),
      ]);
      const json = await answers.answer(key, async () => ({
        answer: reply.serialize(await handler.call(this, request, reply)),
        brands: 'all',
      }));
      return reply.type('application/json; charset=utf-8').send(json);
    };
  });
}
