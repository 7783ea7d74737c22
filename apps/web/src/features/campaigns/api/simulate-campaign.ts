import { useMutation } from '@tanstack/react-query';
import type { SimulationRequest, SimulationResult } from '@krowd/domain/qualification/simulation.schema';
import { apiRequest } from '@/lib/api-client';

/** POST campaigns/{id}/simulate: the engine's outcome for a sample purchase (system admin). */
export function useSimulateCampaign(campaignId: string) {
  return useMutation({
    mutationFn: (sample: SimulationRequest) =>
      apiRequest<{ result: SimulationResult }>(`campaigns/${campaignId}/simulate`, {
        method: 'POST',
        body: sample,
      }).then((answer) => answer.result),
  });
}
