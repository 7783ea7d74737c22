import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  midHealthOf,
  type MerchantIdScheme,
  type MidActivity,
  type MidHealth,
} from '@krowd/domain/branch/mid-health.rules';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { toBranchRow } from './branches.mapper.ts';
import type { BranchesRepository, BranchRecord } from './branches.repository.ts';

const noActivity: MidActivity = Object.freeze({
  firstSeenDay: null,
  lastSeenDay: null,
  last7Days: 0,
  last30Days: 0,
  hours: Object.freeze(new Array<number>(24).fill(0)),
});

/** A branch's reviewed merchant IDs with their scheme: those a transaction earns on. */
function merchantIdsOf(row: BranchRecord): { mid: string; scheme: MerchantIdScheme }[] {
  const ids: { mid: string; scheme: MerchantIdScheme }[] = [];
  if (row.mastercard_merchant_id) ids.push({ mid: row.mastercard_merchant_id, scheme: 'mastercard' });
  if (row.amex_merchant_id) ids.push({ mid: row.amex_merchant_id, scheme: 'amex' });
  if (row.zettle_merchant_id) ids.push({ mid: row.zettle_merchant_id, scheme: 'zettle' });
  return ids;
}

/** Each branch's MID health (docs/decisions/0115), by branch id, read in two statements. */
export async function midHealthOfBranches(
  repo: Pick<BranchesRepository, 'midActivity'>,
  rows: readonly BranchRecord[],
  options: { now: Date; timeZone: string; silentDays: number },
): Promise<Map<string, MidHealth>> {
  const today = localToday(options.now, options.timeZone);
  const activity = await repo.midActivity(
    [...new Set(rows.flatMap((row) => merchantIdsOf(row).map((id) => id.mid)))],
    today,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      midHealthOf({
        branchStatus: row.status,
        liveSinceDay: row.activated_at ? localToday(row.activated_at, options.timeZone) : null,
        today,
        silentDays: options.silentDays,
        merchantIds: merchantIdsOf(row).map((id) => ({
          ...id,
          activity: activity.get(id.mid) ?? noActivity,
        })),
      }),
    ]),
  );
}

/** The rows as the API answers them, each with its MID health, in the timezone and settings given. */
export function branchAnswers(deps: {
  branches: Pick<BranchesRepository, 'midActivity'>;
  settings: { read(): Promise<{ midSilentDays: number }> };
  timeZone: string;
  clock: () => Date;
}) {
  return async (rows: BranchRecord[]): Promise<BranchRow[]> => {
    const { midSilentDays } = await deps.settings.read();
    const health = await midHealthOfBranches(deps.branches, rows, {
      now: deps.clock(),
      timeZone: deps.timeZone,
      silentDays: midSilentDays,
    });
    return rows.map((row) => toBranchRow(row, health.get(row.id)!));
  };
}
