import type { BranchMatch } from '@krowd/domain/qualification/qualification.rules';

/** A brand's share of an upload, on its ingestion log. */
export interface BrandShare {
  gmvPence: number;
  count: number;
  lastAt: Date;
}

/**
 * What an upload's ingestion log says of it, summed as its rows are stored: the GMV and latest
 * transaction of the whole file, and each brand's share (rows at no known branch count in the file's
 * figures only).
 */
export class IngestionLogTotals {
  gmvPence = 0;
  lastAt: Date | null = null;
  readonly brands = new Map<string, BrandShare>();

  add(occurredAt: Date, amountPence: number, branch: BranchMatch | null) {
    this.gmvPence += amountPence;
    // Compared as numbers: `>` on two Dates converts each through valueOf, for every row.
    if (!this.lastAt || occurredAt.getTime() > this.lastAt.getTime()) this.lastAt = occurredAt;
    if (!branch) return;
    let share = this.brands.get(branch.brandId);
    if (!share) {
      share = { gmvPence: 0, count: 0, lastAt: occurredAt };
      this.brands.set(branch.brandId, share);
    }
    share.gmvPence += amountPence;
    share.count += 1;
    if (occurredAt.getTime() > share.lastAt.getTime()) share.lastAt = occurredAt;
  }
}
