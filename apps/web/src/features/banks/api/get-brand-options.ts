import { useQuery } from '@tanstack/react-query';
import type { ListOption } from '@/components/ui/entity-list-toolbar';
import { apiRequest } from '@/lib/api-client';

/** GET brands/getBrandList: every brand (the system admin's scope), as choices for the forms. */
export function useBrandOptions() {
  return useQuery({
    queryKey: ['banks', 'brandOptions'],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ brands: ListOption[] }>('brands/getBrandList', { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}
