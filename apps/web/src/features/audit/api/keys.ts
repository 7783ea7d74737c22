/** The audit feature's query keys. */
export const auditEventsKey = (query: object) => ['audit-events', 'list', query] as const;
