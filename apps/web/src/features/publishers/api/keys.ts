/**
 * The publishers feature's query keys (decisions 0088–0089): a change to a publisher, its brands or
 * its keys refreshes everything under publishersKey.
 */
export const publishersKey = ['publishers'] as const;

export const ownPublisherKey = [...publishersKey, 'own'] as const;

export const publisherChoicesKey = (search: string) => [...publishersKey, 'choices', search] as const;

export const bankChoicesKey = (search: string) => [...publishersKey, 'bankChoices', search] as const;

export const publisherKeysKey = (publisherId: string) => [...publishersKey, 'keys', publisherId] as const;

export const publisherListKey = (query: { page: number; limit: number; search: string }) =>
  [...publishersKey, 'list', query] as const;

export const publisherBrandsKey = (publisherId: string) => [...publishersKey, 'brands', publisherId] as const;

export const brandChoicesKey = [...publishersKey, 'brandChoices'] as const;

export const settlementFilesKey = (query: object) => ['settlementFiles', 'list', query] as const;
