/** The public feature's query keys. */
export const branchPageKey = (id: string) => ['card-network-branch-page', id] as const;

export const cardNetworkLeadsKey = ['card-network-leads'] as const;
