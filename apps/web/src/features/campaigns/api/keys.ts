import type { TemplateType } from '@krowd/domain/template/template.rules';

/** The campaigns feature's query keys: a change to a campaign refreshes everything under campaignKeys.all. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  versions: (id: string) => ['campaigns', 'one', id, 'versions'] as const,
  list: (params: object) => ['campaigns', 'list', params] as const,
  nameParts: (brandId: string | undefined) => ['campaigns', 'nameParts', brandId] as const,
  holdoutVolume: (brandId: string | undefined) => ['campaigns', 'holdoutVolume', brandId] as const,
  backtest: (draft: object | null) => ['campaigns', 'backtest', draft] as const,
};

export const brandDetailsKey = (brandId: string | undefined) => ['brands', brandId] as const;

export const brandMerchantsKey = (brandId: string | undefined) => ['merchants', 'byBrand', brandId] as const;

export const distributorDealsKey = (brandId: string | undefined) => ['distributors', brandId] as const;

export const templatesKey = (type: TemplateType) => ['campaignTemplates', type] as const;

export const brandCreativesKey = (brandId: string | undefined, page: number) =>
  ['creatives', brandId, page] as const;
