import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulationAnswerSchema } from '@krowd/domain/qualification/simulation-response.schema';
import { simulationRequestSchema } from '@krowd/domain/qualification/simulation.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { createSimulatorService } from './simulator.service.ts';

/** The rule simulator: operators test a sample transaction against a campaign. */
export const simulatorRoutes: FastifyPluginAsyncZod<Parameters<typeof createSimulatorService>[0]> = async (
  app,
  deps,
) => {
  const service = createSimulatorService(deps);
  app.post(
    '/campaigns/:id/simulate',
    {
      config: { access: 'campaigns.simulate' },
      schema: {
        operationId: 'simulatePurchase',
        tags: ['campaigns'],
        summary: "Test a sample purchase against a campaign: the engine's outcome and reason, nothing stored",
        params: idParamsSchema,
        body: simulationRequestSchema,
        response: { 200: successSchema(simulationAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      result: await service.simulate(request.params.id, request.body),
    }),
  );
};
