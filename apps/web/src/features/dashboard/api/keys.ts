/** The dashboard feature's query keys: all under ['dashboard']. */
export const dashboardKeys = {
  client: (conditions: object) => ['dashboard', 'client', conditions] as const,
  groups: ['dashboard', 'groups'] as const,
  brandList: ['dashboard', 'brandList'] as const,
  groupBrands: (groupId: string | null) => ['dashboard', 'groupBrands', groupId] as const,
  branches: (brandId: string | null) => ['dashboard', 'branches', brandId] as const,
  publishers: ['dashboard', 'publishers'] as const,
  campaigns: (scope: { brandId: string; groupId: string } | null) =>
    ['dashboard', 'campaigns', scope] as const,
  campaign: (id: string | null) => ['dashboard', 'campaign', id] as const,
  uploadedDate: (body: { data_source: string; groupId: string; brandId: string }) =>
    ['dashboard', 'uploadedDate', body] as const,
  transactions: (campaignId: string, month: number, year: number, after: string | null) =>
    ['dashboard', 'transactions', campaignId, month, year, after] as const,
  export: (exportId: string | undefined) => ['dashboard', 'export', exportId] as const,
  notQualified: (conditions: object) => ['dashboard', 'notQualified', conditions] as const,
  notQualifiedTransactions: (
    conditions: object,
    reason: string,
    params: object | null,
    after: string | null,
  ) => ['dashboard', 'notQualified', 'transactions', conditions, reason, params, after] as const,
};
