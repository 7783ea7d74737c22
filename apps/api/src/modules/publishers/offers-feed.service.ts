import { createHash } from 'node:crypto';
import { messages } from '@krowd/domain/messages/messages';
import type { Offer, OffersFeed } from '@krowd/domain/publisher/offer-feed.schema';
import type { OffersFeedQuery } from '@krowd/domain/publisher/publisher.schema';
import { isImageField } from '@krowd/domain/template/template.rules';
import { badRequest } from '../../http/errors.ts';
import type { PublisherCaller } from './publisher-key-auth.ts';
import type { OffersFeedRepository } from './offers-feed.repository.ts';

type CampaignRow = Awaited<ReturnType<OffersFeedRepository['campaigns']>>[number];
type BranchRow = Awaited<ReturnType<OffersFeedRepository['branches']>>['ofBrands'][number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A page's cursor: the last offer's id, opaque to the publisher. */
export const cursorOf = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

function idOfCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!uuidPattern.test(id))
    throw badRequest(messages.publisherFeed.cursorInvalid, { cursor: messages.publisherFeed.cursorInvalid });
  return id;
}

/** The feed's entity tag: a digest of the answer, so an unchanged page answers 304. */
export function entityTagOf(feed: OffersFeed): string {
  return `"${createHash('sha256').update(JSON.stringify(feed)).digest('base64url').slice(0, 32)}"`;
}

const toBranch = (row: BranchRow) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  postcode: row.postcode,
  postalTown: row.postal_town,
  merchantIds: {
    mastercard: row.mastercard_merchant_id,
    amex: row.amex_merchant_id,
    zettle: row.zettle_merchant_id,
  },
});

function templatesOf(row: CampaignRow): Offer['templates'] {
  return row.templates.map((entry) => {
    const fields = Object.entries(entry.fields ?? {});
    return {
      type: entry.type,
      text: entry.preview,
      images: fields.filter(([name]) => isImageField(name)).map(([field, url]) => ({ field, url })),
      fields: Object.fromEntries(fields.filter(([name]) => !isImageField(name))),
    };
  });
}

/**
 * The offers feed of the key's publisher (decision 0090): its linked brands' approved campaigns
 * that have not ended, in pages after a cursor, only those changed since `updated_since` when
 * given. A test key reads the same offers marked `mode: 'test'` (decision 0091).
 */
export function createOffersFeedService(deps: {
  feed: OffersFeedRepository;
  timeZone: string;
  clock: () => Date;
}) {
  const { feed, timeZone, clock } = deps;
  return {
    async page(publisher: PublisherCaller, query: OffersFeedQuery): Promise<OffersFeed> {
      const now = clock();
      const rows = await feed.campaigns({
        publisherId: publisher.publisherId,
        now,
        after: query.cursor ? idOfCursor(query.cursor) : undefined,
        updatedSince: query.updated_since ? new Date(query.updated_since) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const ids = page.map((row) => row.id);
      const [{ ofChosen, ofBrands }, pauses, codes] = await Promise.all([
        feed.branches(page),
        feed.pauses(ids),
        feed.promoCodes(ids),
      ]);
      const offers = page.map((row): Offer => {
        const promo = row.promo_code;
        const branches = row.all_branches
          ? ofBrands.filter((b) => b.brand_id === row.brand_id)
          : ofChosen.filter((b) => b.campaign_id === row.id);
        return {
          id: row.id,
          mode: publisher.mode,
          status: row.opening_time.getTime() <= now.getTime() ? 'live' : 'upcoming',
          brand: { id: row.brand_id, name: row.brand_name },
          name: row.name,
          startsAt: row.opening_time.toISOString(),
          endsAt: row.closing_time.toISOString(),
          pauses: pauses
            .filter((p) => p.campaign_id === row.id)
            .map((p) => ({ from: p.from_date, to: p.to_date })),
          weekDays: row.week_days,
          hours: { from: row.start_time, to: row.end_time, timeZone },
          customerType: row.customer_type,
          lastTransactionMonths: row.last_transaction_months,
          discount: {
            type: row.discount_type,
            cashbackPercent:
              row.discount_type === 'dp'
                ? row.discount_percent
                : row.discount_type === 'ss'
                  ? row.discount_spread_value
                  : null,
            cashbackPence: row.discount_type === 'dv' ? row.discount_value_pence : null,
            minimumSpendPence: row.discount_type === 'dv' ? row.discount_amount_pence : null,
            aboveAverageSpendPercent: row.discount_type === 'ss' ? row.discount_spread_amount : null,
          },
          promoCode: !promo
            ? { mode: 'none', codes: [] }
            : promo.mode === 'single'
              ? { mode: 'single', codes: promo.code ? [promo.code] : [] }
              : { mode: 'multiple', codes: codes.filter((c) => c.campaign_id === row.id).map((c) => c.code) },
          templates: templatesOf(row),
          allBranches: row.all_branches,
          branches: branches.map(toBranch),
          holdout:
            row.holdout_share_basis_points === 0
              ? null
              : { shareBasisPoints: row.holdout_share_basis_points, honoured: row.honours_holdouts },
          updatedAt: new Date(row.changed_at).toISOString(),
        };
      });
      const last = page.at(-1);
      return { offers, nextCursor: rows.length > query.limit && last ? cursorOf(last.id) : null };
    },
  };
}

export type OffersFeedService = ReturnType<typeof createOffersFeedService>;
