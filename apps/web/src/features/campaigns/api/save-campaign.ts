import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCreated } from '@krowd/domain/campaign/campaign-response.schema';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

interface Message {
  respCode: number;
  respMessage?: string;
}

/**
 * The campaign was stored but its promo-code file was refused or lost: the spec's two calls (create,
 * then the upload) cannot be one transaction, so the page keeps the campaign's id and a second
 * Submit updates that campaign and sends the file again, which replaces its codes (decision 0118).
 */
export class PromoCodesNotSaved extends Error {
  constructor(
    readonly campaignId: string,
    readonly reason: unknown,
  ) {
    super('The campaign was saved without its promo codes');
    this.name = 'PromoCodesNotSaved';
  }
}

/**
 * Creates or updates the campaign; multiple promo codes follow as a CSV once it exists. An upload
 * that fails after the campaign was stored rejects with PromoCodesNotSaved.
 */
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
        try {
          await uploadPromoCodes(campaignId, input.promoCodesCsv);
        } catch (error) {
          throw new PromoCodesNotSaved(campaignId, error);
        }
      }
      return saved;
    },
    // Settled, not success: a campaign stored without its codes is in the lists too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

function uploadPromoCodes(campaignId: string, csv: string) {
  return apiRequest<Message>('campaigns/upload', {
    method: 'POST',
    query: { uploadPath: 'promocode', campaign_id: campaignId },
    file: { contentType: 'text/csv', text: csv },
  });
}
