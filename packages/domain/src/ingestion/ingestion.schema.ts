/**
 * Ingestion logs (spec 2 §2.6, spec 3 §3): one row an uploaded publisher file, with its data
 * source, when it was uploaded, its GMV (the sum of its transaction amounts, whole pence) and its
 * transaction count. A brand-side caller sees its brands' share of each file, never the whole.
 */
export const ingestionSortFields = ['dataSource', 'uploadedDate', 'GMV', 'txnCount'] as const;
export type IngestionSortField = (typeof ingestionSortFields)[number];

/** Ingestion logs have no status: the list's status dropdown only ever says 'Status (All)'. */
export const ingestionStatuses = [''] as const;
