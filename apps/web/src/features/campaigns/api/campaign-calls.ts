import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandDetailsAnswer } from '@krowd/domain/brand/brand-response.schema';
import type { BrandMerchants } from '@krowd/domain/branch/branch-response.schema';
import type { CampaignPhase } from '@krowd/domain/campaign/campaign-dates.rules';
import type {
  CampaignCreated,
  CampaignDetailsAnswer,
  CampaignListPage,
  CampaignNameParts,
} from '@krowd/domain/campaign/campaign-response.schema';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import type { Templates } from '@krowd/domain/template/template-response.schema';
import type { TemplateType } from '@krowd/domain/template/template.rules';
import { apiRequest } from '@/lib/api-client';

interface Message {
  respCode: number;
  respMessage?: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
};

export function useBrandDetails(brandId: string | undefined) {
  return useQuery({
    queryKey: ['brands', brandId],
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<BrandDetailsAnswer>(`brands/${brandId}`, {
        signal,
      }).then((r) => r.details),
  });
}

export function useMerchants(brandId: string | undefined) {
  return useQuery({
    queryKey: ['merchants', 'byBrand', brandId],
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<BrandMerchants>('merchants/getMerchantByBrandId', {
        query: { brandId },
        signal,
      }).then((r) => r.merchants),
  });
}

export function useDistributorDeals(brandId: string | undefined) {
  return useQuery({
    queryKey: ['distributors', brandId],
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<Distributors>('distributors', {
        query: { brandId },
        signal,
      }).then((r) => r.distributorDealSetWithBrand),
  });
}

export function useCampaignNameParts(brandId: string | undefined) {
  return useQuery({
    queryKey: ['campaigns', 'nameParts', brandId],
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<CampaignNameParts>('campaigns/campaignName', {
        query: { brandId },
        signal,
      }),
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiRequest<CampaignDetailsAnswer>(`campaigns/${id}`, { signal }).then((r) => r.campaign),
  });
}

export function useTemplates(type: TemplateType) {
  return useQuery({
    queryKey: ['campaignTemplates', type],
    queryFn: ({ signal }) =>
      apiRequest<Templates>('campaignTemplates', { query: { type }, signal }).then((r) => r.templates),
  });
}

export function useAcceptTerms() {
  return useMutation({
    mutationFn: () => apiRequest<Message>('users/acceptTerms', { method: 'POST' }),
  });
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

export interface CampaignListParams {
  phase: CampaignPhase;
  page: number;
  limit: number;
  sortfield: string;
  direction: 'asc' | 'desc';
  search: string;
  startMonth?: string;
  endMonth?: string;
}

export function useCampaignList(params: CampaignListParams) {
  return useQuery({
    queryKey: [...campaignKeys.all, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<CampaignListPage>('campaigns', {
        signal,
        query: {
          campaignType: params.phase,
          filter: JSON.stringify({
            limit: params.limit,
            page: params.page,
            sortfield: params.sortfield,
            direction: params.direction,
            globalSearch: params.search,
          }),
          startMonth: params.startMonth,
          endMonth: params.endMonth,
        },
      }),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Message>(`campaigns/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** Stops a running monthly campaign's series from next month on (POST campaigns/{id}/stop). */
export function useStopCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Message>(`campaigns/${id}/stop`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useReviewCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'confirm' | 'reject' }) =>
      apiRequest<Message>(`campaigns/templateConfirmation/${input.id}`, {
        method: 'POST',
        body: { action: input.action },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function usePauseCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    /** An edit names the range it changes (`range`) and its new dates (`newRange`). */
    mutationFn: (input: {
      id: string;
      action: 'add' | 'delete' | 'edit';
      range: string;
      newRange?: string;
      brandName: string;
    }) =>
      apiRequest<Message>(`campaigns/campaignStartPause/${input.id}`, {
        method: 'POST',
        body: {
          action: input.action,
          range: [input.range],
          newAddedDate: input.newRange ?? input.range,
          brandName: input.brandName,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
