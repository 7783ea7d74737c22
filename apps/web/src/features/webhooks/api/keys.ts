/** The webhooks feature's query keys (docs/decisions/0097): every change refreshes webhooksKey. */
export const webhooksKey = ['webhooks'] as const;

export const endpointsKey = [...webhooksKey, 'endpoints'] as const;

export const ownersKey = [...webhooksKey, 'owners'] as const;

export const deliveriesKey = (endpointId: string, page: number, limit: number) =>
  [...webhooksKey, 'deliveries', endpointId, page, limit] as const;
