import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** Approved campaigns: the bank confirmed their templates (brief §5); only these reach a feed. */
const approvedStatuses = ['Bank Approved', 'Active'] as const;
/** Branches that carry campaigns (branch.rules.ts branchCarriesCampaigns). */
const carryingStatuses = ['Active', 'Approved', 'Updated'] as const;

/**
 * What the offers feed reads (decision 0090): the approved campaigns, not ended (by the clock or
 * by an `offer.ended`, decision 0100), of the brands
 * linked to one publisher, in id order after a cursor; an offer's change time is the latest of its
 * campaign's, its brand link's, its pauses' and its brand's branches', so `updated_since` finds
 * every offer whose content moved.
 */
export function createOffersFeedRepository(db: Kysely<DB>) {
  return {
    async campaigns(query: {
      publisherId: string;
      now: Date;
      after?: string;
      updatedSince?: Date;
      limit: number;
    }) {
      const changedAt = sql<Date>`GREATEST(c.updated_at, pb.created_at,
        COALESCE((SELECT max(p.created_at) FROM campaign_pauses p
          WHERE p.campaign_id = COALESCE(c.primary_campaign_id, c.id)), c.updated_at),
        COALESCE((SELECT max(br.updated_at) FROM branches br WHERE br.brand_id = c.brand_id), c.updated_at))`;
      let listed = db
        .selectFrom('campaigns as c')
        .innerJoin('publisher_brands as pb', (join) =>
          join.onRef('pb.brand_id', '=', 'c.brand_id').on('pb.publisher_id', '=', query.publisherId),
        )
        .innerJoin('brands as b', 'b.id', 'c.brand_id')
        .select([
          'c.id',
          'c.brand_id',
          'b.name as brand_name',
          'c.name',
          'c.opening_time',
          'c.closing_time',
          'c.week_days',
          'c.start_time',
          'c.end_time',
          'c.customer_type',
          'c.last_transaction_months',
          'c.discount_type',
          'c.discount_percent',
          'c.discount_amount_pence',
          'c.discount_value_pence',
          'c.discount_spread_amount',
          'c.discount_spread_value',
          'c.promo_code',
          'c.templates',
          'c.all_branches',
          'c.holdout_share_basis_points',
          sql<boolean>`(SELECT p.honours_holdouts FROM publishers p WHERE p.id = pb.publisher_id)`.as(
            'honours_holdouts',
          ),
          changedAt.as('changed_at'),
        ])
        .where('c.deleted_at', 'is', null)
        .where('c.status', 'in', approvedStatuses)
        .where('c.closing_time', '>=', query.now)
        // An offer told ended (its budget used up, decision 0100) leaves the feed with the event.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('offer_lifecycle as ol')
                .select('ol.campaign_id')
                .whereRef('ol.campaign_id', '=', 'c.id')
                .where('ol.ended_at', 'is not', null),
            ),
          ),
        );
      if (query.after) listed = listed.where('c.id', '>', query.after);
      if (query.updatedSince) listed = listed.where(changedAt, '>', query.updatedSince);
      return listed.orderBy('c.id').limit(query.limit).execute();
    },

    /** The branches of each campaign: its chosen ones, or every branch of its brand, that carry campaigns. */
    async branches(campaigns: { id: string; brand_id: string; all_branches: boolean }[]) {
      const chosen = campaigns.filter((c) => !c.all_branches).map((c) => c.id);
      const brands = [...new Set(campaigns.filter((c) => c.all_branches).map((c) => c.brand_id))];
      const columns = [
        'br.id',
        'br.brand_id',
        'br.name',
        'br.address',
        'br.postcode',
        'br.postal_town',
        'br.mastercard_merchant_id',
        'br.amex_merchant_id',
        'br.zettle_merchant_id',
      ] as const;
      const [ofChosen, ofBrands] = await Promise.all([
        chosen.length === 0
          ? []
          : db
              .selectFrom('campaign_branches as cb')
              .innerJoin('branches as br', 'br.id', 'cb.branch_id')
              .select([...columns, 'cb.campaign_id'])
              .where('cb.campaign_id', 'in', chosen)
              .where('br.status', 'in', carryingStatuses)
              .orderBy('br.name')
              .orderBy('br.id')
              .execute(),
        brands.length === 0
          ? []
          : db
              .selectFrom('branches as br')
              .select(columns)
              .where('br.brand_id', 'in', brands)
              .where('br.status', 'in', carryingStatuses)
              .orderBy('br.name')
              .orderBy('br.id')
              .execute(),
      ]);
      return { ofChosen, ofBrands };
    },

    pauses(campaignIds: string[]) {
      if (campaignIds.length === 0) return Promise.resolve([]);
      // A series keeps its paused ranges on its primary (spec 1 §4): each month's offer shows them.
      return db
        .selectFrom('campaigns as c')
        .innerJoin('campaign_pauses as p', (join) =>
          join.on((eb) => eb('p.campaign_id', '=', eb.fn.coalesce('c.primary_campaign_id', 'c.id'))),
        )
        .select(['c.id as campaign_id', 'p.from_date', 'p.to_date'])
        .where('c.id', 'in', campaignIds)
        .orderBy('p.from_date')
        .execute();
    },

    promoCodes(campaignIds: string[]) {
      if (campaignIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('campaign_promo_codes')
        .select(['campaign_id', 'code'])
        .where('campaign_id', 'in', campaignIds)
        .orderBy('code')
        .execute();
    },
  };
}

export type OffersFeedRepository = ReturnType<typeof createOffersFeedRepository>;
