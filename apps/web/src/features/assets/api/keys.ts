/** The assets feature's query keys: an upload or a delete refreshes everything under its list's key. */
export const creativesKey = ['creatives'] as const;

export const creativesPageKey = (owner: { brandId?: string }, page: number) =>
  [...creativesKey, owner.brandId ?? 'bank', page] as const;

export const copyTextsKey = ['copyTexts'] as const;

export const brandCopyTextsKey = (brandId: string | undefined) => [...copyTextsKey, brandId] as const;
