import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyTextForm } from '@krowd/domain/asset/asset.schema';
import { apiRequest } from '@/lib/api-client';
import { copyTextsKey } from './keys.ts';

/** POST brands/createCopyText: the brand's copy texts. */
export function useSaveCopyTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyTextForm & { brandId: string }) =>
      apiRequest<{ respMessage: string }>('brands/createCopyText', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: copyTextsKey }),
  });
}
