import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import type { Config } from '../config.ts';
import { createAnswerCache } from '../db/answer-cache.ts';
import type { Database } from '../db/database.ts';
import { callerOf } from './access.ts';
import { answerEncodingOf, compressed, type AnswerEncoding } from './compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is kept (serialized) per caller, address and local date until a committed
     * write to a table in `keptAnswerTables` (a signed-in list).
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
  // The branch list's MID health (decision 0115): its store, written with the transactions, and
  // the silent period setting.
  'mid_activity_days',
  'mid_activity_hours',
  'settings',
  // The campaign list's budget used (decision 0120): the reporting store, written with the transactions.
  'reporting_daily',
] as const;

export const keptAnswersChannel = 'kept_answers_changed';

/** A kept answer: its JSON, and the same compressed in each encoding asked for so far. */
export interface KeptAnswer {
  json: string | Buffer;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** An answer to keep, from what `reply.serialize` gave. */
export function keptAnswerOf(json: string | ArrayBuffer | Buffer): KeptAnswer {
  return { json: json instanceof ArrayBuffer ? Buffer.from(json) : json, encoded: {} };
}

/**
 * Sends a kept answer as JSON, compressed as the caller accepts: once per answer and encoding (the
 * compression hook leaves an encoded answer alone).
 */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  reply.type('application/json; charset=utf-8');
  const encoding = answerEncodingOf(request, Buffer.byteLength(kept.json));
  if (!encoding) return reply.send(kept.json);
  kept.encoded[encoding] ??= compressed(kept.json, encoding);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(kept.encoded[encoding]);
}

/**
 * A signed-in list answers the same bytes until something it is read from changes, so its answer
 * is kept: per address (path and query), account, audience and scope, and local date (a campaign's
 * phase and actions follow the day). The access hook and the input checks still run first for
 * every request; a kept answer skips only the statements, the serialization and the compression.
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
  const answers = createAnswerCache<KeptAnswer>({
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
      const kept = await answers.answer(key, async () => ({
        answer: keptAnswerOf(reply.serialize(await handler.call(this, request, reply))),
        brands: 'all',
      }));
      return sendKeptAnswer(request, reply, kept);
    };
  });
}
