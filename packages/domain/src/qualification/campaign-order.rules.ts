/** What the tie rule reads of a campaign. */
interface OrderedCampaign {
  id: string;
  /** ISO instant. */
  createdAt: string;
}

/** createdAt as ms, read once per text (the same campaigns are sorted for every transaction). */
const createdAtCache = new Map<string, number>();
function createdAtOf(campaign: OrderedCampaign): number {
  let at = createdAtCache.get(campaign.createdAt);
  if (at === undefined) {
    at = Date.parse(campaign.createdAt);
    if (createdAtCache.size >= 10_000) createdAtCache.clear();
    createdAtCache.set(campaign.createdAt, at);
  }
  return at;
}

/** The tie rule: the earliest created campaign, then the lowest id. */
export function compareCampaigns(a: OrderedCampaign, b: OrderedCampaign): number {
  const created = createdAtOf(a) - createdAtOf(b);
  if (created !== 0) return created;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Lists found in order: ingestion passes a brand's same list for each of its transactions and never
 * reorders it, so it is checked once.
 */
const sortedLists = new WeakSet<readonly OrderedCampaign[]>();

/** Whether the campaigns are already in the tie rule's order (ingestion passes them so). */
export function isSorted(campaigns: readonly OrderedCampaign[]): boolean {
  if (sortedLists.has(campaigns)) return true;
  for (let index = 1; index < campaigns.length; index += 1) {
    if (compareCampaigns(campaigns[index - 1]!, campaigns[index]!) > 0) return false;
  }
  sortedLists.add(campaigns);
  return true;
}
