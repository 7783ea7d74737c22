/** The banks feature's query keys. */
export const banksListKey = ['banks', 'list'] as const;

export const brandOptionsKey = ['banks', 'brandOptions'] as const;

export const bankBrandsKey = (bankId: string) => ['banks', 'brands', bankId] as const;

export const groupsKey = ['groups', 'list'] as const;
