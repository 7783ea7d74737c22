/** The outbox feature's query keys. */
export const outboxKey = (page: number, limit: number) => ['outbox', page, limit] as const;
