import { useMutation } from '@tanstack/react-query';
import type { SimulationAnswer } from '@krowd/domain/qualification/simulation-response.schema';
import type { SimulationRequest } from '@krowd/domain/qualification/simulation.schema';
import { apiRequest } from '@/lib/api-client';

/** POST campaigns/{id}/simulate: the engine's outcome for a sample purchase (system admin). */
export function useSimulateCampaign(campaignId: string) {
  return useMutation({
    mutationFn: (sample: SimulationRequest) =>
      apiRequest<SimulationAnswer>(`campaigns/${campaignId}/simulate`, {
        method: 'POST',
        body: sample,
      }).then((answer) => answer.result),
  });
}
