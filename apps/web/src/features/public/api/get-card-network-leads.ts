import type { LeadKind, LeadSortField } from '@krowd/domain/public/card-network.schema';
import type { LeadRow } from '@krowd/domain/public/public-response.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { cardNetworkLeadsKey } from './keys.ts';

export type LeadListParams = EntityListParams<LeadSortField, LeadKind>;

/** The system admin's card-network leads: the shared entity list contract (search, kind, sort, page). */
export function useCardNetworkLeads(params: LeadListParams) {
  return useEntityList<LeadRow>(cardNetworkLeadsKey, 'cardnetwork/leads', params);
}
