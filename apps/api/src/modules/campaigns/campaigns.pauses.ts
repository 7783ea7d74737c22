import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  displayDate,
  earliestPauseDate,
  pauseRangeIssue,
  type PauseRange,
} from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.ts';

const m = messages.campaign;

/** The paused ranges of a recurring series (spec 1 §4): months its children are not made for. */
export function createCampaignPauses(deps: {
  db: Kysely<DB>;
  campaigns: CampaignsRepository;
  campaignInScope: (scope: TenantScope, id: string) => Promise<CampaignRow>;
  clock: Clock;
  timeZone: string;
}) {
  const { db, campaigns, campaignInScope, clock, timeZone } = deps;

  /** Adds or deletes paused ranges of a recurring primary campaign; answers the message to show. */
  async function pause(auth: AuthContext, id: string, action: 'add' | 'delete', ranges: PauseRange[]) {
    const row = await campaignInScope(auth.scope, id);
    if (!row.is_primary_campaign || !row.recurring) throw new HttpError(409, m.pauseOnlyPrimary);
    if (action === 'delete') {
      for (const range of ranges) {
        if (!(await campaigns.deletePause(id, range.from, range.to))) throw notFound(m.pauseNotFound);
      }
      return m.pauseDeleted;
    }
    const existing = row.pauses.map((p) => ({ from: p.from_date, to: p.to_date }));
    for (const range of ranges) {
      const issue = pauseRangeIssue(existing, range, clock(), timeZone);
      if (issue)
        throw badRequest(pauseMessage(issue, clock(), timeZone), {
          range: pauseMessage(issue, clock(), timeZone),
        });
      existing.push(range);
    }
    await db.transaction().execute(async (trx) => {
      for (const range of ranges) {
        await trx
          .insertInto('campaign_pauses')
          .values({ campaign_id: id, brand_id: row.brand_id, from_date: range.from, to_date: range.to })
          .execute();
      }
    });
    return m.pauseAdded;
  }

  return { pause };
}

function pauseMessage(
  issue: 'invalidDate' | 'endBeforeStart' | 'tooEarly' | 'overlaps',
  now: Date,
  timeZone: string,
) {
  switch (issue) {
    case 'invalidDate':
      return m.pauseInvalidDate;
    case 'endBeforeStart':
      return m.pauseEndBeforeStart;
    case 'overlaps':
      return m.pauseOverlaps;
    case 'tooEarly':
      return m.pauseTooEarly(displayDate(earliestPauseDate(now, timeZone)));
  }
}
