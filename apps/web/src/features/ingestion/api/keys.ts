/** The ingestion feature's query keys: an upload refreshes the logs. */
export const ingestionLogsKey = ['ingestionLogs'] as const;

export const ingestionPublishersKey = ['distributors', 'publishers'] as const;
