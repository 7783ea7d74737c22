/** The payments feature's query keys: a change to a brand's mandate refreshes everything under it. */
export const paymentsKey = ['payments'] as const;

export const mandateKey = (brandId: string | undefined) =>
  [...paymentsKey, 'mandate', brandId ?? 'own'] as const;

export const invoicesBeingCollectedKey = ['invoices', 'being-collected'] as const;
