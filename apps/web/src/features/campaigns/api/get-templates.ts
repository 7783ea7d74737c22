import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Templates } from '@krowd/domain/template/template-response.schema';
import type { TemplateType } from '@krowd/domain/template/template.rules';
import { apiRequest } from '@/lib/api-client';
import { templatesKey } from './keys.ts';

/** GET campaignTemplates?type=: the campaign templates of a type. */
export function templatesQueryOptions(type: TemplateType) {
  return queryOptions({
    queryKey: templatesKey(type),
    queryFn: ({ signal }) =>
      apiRequest<Templates>('campaignTemplates', { query: { type }, signal }).then((r) => r.templates),
  });
}

export function useTemplates(type: TemplateType) {
  return useQuery(templatesQueryOptions(type));
}
