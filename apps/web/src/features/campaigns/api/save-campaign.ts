import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCreated } from '@krowd/domain/campaign/campaign-response.schema';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

interface Message {
  respCode: number;
  respMessage?: string;
}

/** Creates or updates the campaign; multiple promo codes follow as a CSV once it exists. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; form: CampaignFormInput; promoCodesCsv?: string }) => {
      let saved: Message & Partial<CampaignCreated>;
      if (input.id) {
        saved = await apiRequest<Message>(`campaigns/${input.id}`, { method: 'PUT', body: input.form });
      } else {
        saved = await apiRequest<Message & CampaignCreated>('campaigns', {
          method: 'POST',
          query: { response: 'true' },
          body: input.form,
        });
      }
      const campaignId = input.id ?? saved.campaign?._id;
      if (input.promoCodesCsv && campaignId) {
        await uploadPromoCodes(campaignId, input.promoCodesCsv);
      }
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

function uploadPromoCodes(campaignId: string, csv: string) {
  return apiRequest<Message>('campaigns/upload', {
    method: 'POST',
    query: { uploadPath: 'promocode', campaign_id: campaignId },
    file: { contentType: 'text/csv', text: csv },
  });
}
