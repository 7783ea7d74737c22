import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  displayDate,
  earliestPauseDate,
  localToday,
  pauseRangeIssue,
  pauseRemovalOn,
  type PauseRange,
} from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { HttpError, badRequest, invalidField, notFound } from '../../http/errors.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { CampaignAudit } from './campaigns.audit.ts';
import type { OfferChanged } from './campaigns.offer-events.ts';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.ts';

const m = messages.campaign;

/** The paused ranges of a recurring series (spec 1 §4): months its children are not made for. */
export function createCampaignPauses(deps: {
  db: Kysely<DB>;
  campaigns: CampaignsRepository;
  campaignInScope: (scope: TenantScope, id: string) => Promise<CampaignRow>;
  clock: Clock;
  timeZone: string;
  offerChanged: OfferChanged;
  audit: CampaignAudit;
}) {
  const { db, campaigns, campaignInScope, clock, timeZone, offerChanged, audit } = deps;
  const rangesOf = (row: CampaignRow) => row.pauses.map((p) => ({ from: p.from_date, to: p.to_date }));

  /**
   * Adds, deletes or edits paused ranges of a recurring primary campaign; answers the message to
   * show. An edit replaces one range (`ranges[0]`) by `replacement`, checked as an added range is
   * against the others, in one transaction.
   */
  async function pause(
    auth: AuthContext,
    id: string,
    action: 'add' | 'delete' | 'edit',
    ranges: PauseRange[],
    replacement?: PauseRange,
  ) {
    const row = await campaignInScope(auth.scope, id);
    if (!row.is_primary_campaign || !row.recurring) throw new HttpError(409, m.pauseOnlyPrimary);
    if (action === 'edit') return edit(auth, row, ranges, replacement);
    if (action === 'delete') {
      const today = localToday(clock(), timeZone);
      // The days a pause has run stay paused (decision 0120): one under way ends yesterday.
      const kept: PauseRange[] = [];
      // One transaction, so the ranges and the audit's record of them go together (decision 0113).
      await db.transaction().execute(async (trx) => {
        for (const range of ranges) {
          const removal = pauseRemovalOn(range, today);
          if (removal.kind === 'over' && rangesOf(row).some((r) => sameRange(r, range))) {
            throw new HttpError(409, m.pauseOver);
          }
          if (!(await campaigns.deletePause(id, range.from, range.to, trx))) throw notFound(m.pauseNotFound);
          if (removal.kind === 'keep') kept.push(removal.range);
        }
        await campaigns.addPauses(trx, row, kept);
        const gone = (r: PauseRange) => ranges.some((d) => sameRange(d, r));
        await audit.paused(trx, auth, row, rangesOf(row), [
          ...rangesOf(row).filter((r) => !gone(r)),
          ...kept,
        ]);
      });
      const ended = kept.at(-1);
      return ended ? m.pauseEnded(displayDate(ended.to)) : m.pauseDeleted;
    }
    const existing = rangesOf(row);
    for (const range of ranges) {
      const issue = pauseRangeIssue(existing, range, clock(), timeZone);
      if (issue)
        throw badRequest(pauseMessage(issue, clock(), timeZone), {
          range: pauseMessage(issue, clock(), timeZone),
        });
      existing.push(range);
    }
    await db.transaction().execute(async (trx) => {
      await campaigns.addPauses(trx, row, ranges);
      await offerChanged(trx, row, 'offer.paused');
      await audit.paused(trx, auth, row, rangesOf(row), existing);
    });
    return m.pauseAdded;
  }

  async function edit(
    auth: AuthContext,
    row: CampaignRow,
    ranges: PauseRange[],
    replacement: PauseRange | undefined,
  ) {
    const [old] = ranges;
    if (ranges.length !== 1 || !old || !replacement) {
      throw invalidField('newAddedDate', m.pauseEditNeedsRanges);
    }
    await db.transaction().execute(async (trx) => {
      // The series' ranges as they stand, with no other change to them until this one commits.
      const existing = await campaigns.lockPauses(trx, row.id);
      const others = existing.filter((range) => !sameRange(range, old));
      if (others.length === existing.length) throw notFound(m.pauseNotFound);
      // The days the old range has run stay paused (decision 0120); one that is over stays whole.
      const removal = pauseRemovalOn(old, localToday(clock(), timeZone));
      if (removal.kind === 'over') throw new HttpError(409, m.pauseOver);
      if (removal.kind === 'keep') others.push(removal.range);
      const issue = pauseRangeIssue(others, replacement, clock(), timeZone);
      if (issue) {
        const message = pauseMessage(issue, clock(), timeZone);
        throw badRequest(message, { newAddedDate: message });
      }
      await campaigns.deletePause(row.id, old.from, old.to, trx);
      await campaigns.addPauses(
        trx,
        row,
        removal.kind === 'keep' ? [removal.range, replacement] : [replacement],
      );
      await offerChanged(trx, row, 'offer.paused');
      await audit.paused(trx, auth, row, existing, [...others, replacement]);
    });
    return m.pauseUpdated;
  }

  return { pause };
}

const sameRange = (a: PauseRange, b: PauseRange) => a.from === b.from && a.to === b.to;

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
