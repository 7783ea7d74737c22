import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backtestAnswerSchema, backtestRequestSchema } from '@krowd/domain/backtest/backtest.schema';
import { callerOf } from '../../plugins/access.ts';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { createBacktestService } from './backtest.service.ts';

/** "Had this campaign run last month" beside the campaign form's projection (docs/decisions/0131). */
export const backtestRoutes: FastifyPluginAsyncZod<Parameters<typeof createBacktestService>[0]> = async (
  app,
  deps,
) => {
  const service = createBacktestService(deps);
  app.post(
    '/campaigns/backtest',
    {
      config: { access: 'campaigns.backtest' },
      schema: {
        operationId: 'backtestCampaign',
        tags: ['campaigns'],
        summary:
          "Replay the brand's own transactions of last month through a draft campaign's rules: nothing stored",
        body: backtestRequestSchema,
        response: { 200: successSchema(backtestAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      result: await service.backtest(callerOf(request), request.body),
    }),
  );
};
