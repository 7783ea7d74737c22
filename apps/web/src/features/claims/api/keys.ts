/** The claims feature's query keys: filing or resolving a claim refreshes everything under claimsKey. */
export const claimsKey = ['claims'] as const;

export const claimListKey = (query: { page: number; limit: number; queue: boolean }) =>
  [...claimsKey, 'list', query] as const;
