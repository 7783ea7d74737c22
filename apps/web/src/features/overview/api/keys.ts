import type { OverviewTrigger } from '@krowd/domain/overview/overview.schema';

/** The overview feature's query keys: every change refreshes everything under overviewKey. */
export const overviewKey = ['campaignoverview'] as const;

export const overviewRawKey = (campaignId: string) => [...overviewKey, 'raw', campaignId] as const;

export const overviewListKey = (range: OverviewTrigger | null) => [...overviewKey, 'list', range] as const;
