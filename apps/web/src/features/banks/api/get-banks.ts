import type { BankRow } from '@krowd/domain/bank/bank-response.schema';
import type { BankSortField } from '@krowd/domain/bank/bank.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { banksListKey } from './keys.ts';

export type BankListParams = EntityListParams<BankSortField>;

/** GET banks: a page of banks for the system admin. */
export function useBanks(params: BankListParams) {
  return useEntityList<BankRow>(banksListKey, 'banks', params);
}
