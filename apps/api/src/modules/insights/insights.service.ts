import type { Audience, TenantScope } from '@krowd/domain/access/access.rules';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  addScoreSums,
  aggregateScore,
  dayWindow,
  defaultWindow,
  monthEnd,
  monthOfInstant,
  monthsOfWindow,
  netPositive,
  netPositiveShare,
  rankOf,
  scoreOfSums,
  similarityOf,
  teaserMonth,
  trendSeriesShown,
  yearStart,
} from '@krowd/domain/insights/insights.rules';
import type {
  BranchDetailsAnswer,
  FactorsAnswer,
  Radar,
  ScatterAnswer,
  SimilarityAnswer,
  TrendsAnswer,
} from '@krowd/domain/insights/insights-response.schema';
import {
  insightAspects,
  type FactorsQuery,
  type InsightAspect,
  type ScatterQuery,
  type SimilarityQuery,
  type TrendsQuery,
} from '@krowd/domain/insights/insights.schema';
import { sumAspectCounts, type AspectCounts } from '@krowd/domain/insights/sentiment.rules';
import { messages } from '@krowd/domain/messages/messages';
import { project } from '@krowd/domain/projection/projection.rules';
import { forbidden, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { ReportingRepository } from '../reporting/reporting.repository.ts';
import type { InsightsRepository, StoredReview, Venue, Window } from './insights.repository.ts';

const m = messages.insights;

/** The teaser's campaign: 20% off (spec 3 §2.7, §9). */
export const teaserDiscountPercent = 20;
/** The most similar entities listed and drawn. */
export const similarListed = 5;

/**
 * Who reads: a signed-in user whose audience holds insights.read (within their tenant scope), or
 * a visitor holding an insights pass (their pass's brand only, never its revenue).
 */
export type InsightsCaller =
  | { kind: 'user'; audience: Audience; scope: TenantScope }
  | { kind: 'pass'; visitorId: string; brandId: string };

/**
 * Who a figure is about. Our brands are one entity each (their venues in the compared set); a
 * directory venue of no brand of ours is an entity of its own (a competitor).
 */
interface Entity {
  id: string;
  kind: 'brand' | 'venue';
  name: string;
  kmids: string[];
}

function groupReviews(reviews: readonly StoredReview[]): Map<string, StoredReview[]> {
  const byKmid = new Map<string, StoredReview[]>();
  for (const review of reviews) {
    const list = byKmid.get(review.kmid);
    if (list) list.push(review);
    else byKmid.set(review.kmid, [review]);
  }
  return byKmid;
}

/** The other entities among these venues (the asking brand's own venues left out), in venue order. */
function entitiesOf(venues: readonly Venue[], ownBrandId: string): Entity[] {
  const entities = new Map<string, Entity>();
  for (const venue of venues) {
    if (venue.brandId === ownBrandId) continue;
    const id = venue.brandId ?? venue.kmid;
    const entity = entities.get(id);
    if (entity) {
      if (!entity.kmids.includes(venue.kmid)) entity.kmids.push(venue.kmid);
    } else {
      entities.set(id, {
        id,
        kind: venue.brandId ? 'brand' : 'venue',
        name: venue.brandName ?? venue.name,
        kmids: [venue.kmid],
      });
    }
  }
  return [...entities.values()];
}

const unique = <T>(values: readonly (T | null)[]) => [...new Set(values.filter((v): v is T => v !== null))];

export function createInsightsService(deps: {
  insights: InsightsRepository;
  brands: BrandsRepository;
  reporting: ReportingRepository;
  timeZone: string;
  clock: () => Date;
}) {
  const { insights, brands, reporting, timeZone, clock } = deps;

  /** The brand asked about, when the caller may read it: 404 unknown, 403 outside scope or pass. */
  async function brandFor(caller: InsightsCaller, brandId: string) {
    if (caller.kind === 'pass' && caller.brandId !== brandId) throw forbidden();
    const brand = await brands.findById(brandId);
    if (!brand) throw notFound(m.brandNotFound);
    if (caller.kind === 'user' && !scopeCoversBrand(caller.scope, brand)) throw forbidden();
    return brand;
  }

  /** The brand's venues, and those asked about: one (kmid) or all of them. */
  async function selectionOf(brand: { id: string; name: string }, kmid: string | undefined) {
    const venues = await insights.brandVenues(brand.id);
    const selected = kmid ? venues.filter((venue) => venue.kmid === kmid) : venues;
    if (kmid && selected.length === 0) throw notFound(m.branchNotFound);
    const own: Entity = {
      id: brand.id,
      kind: 'brand',
      name: kmid ? selected[0]!.name : brand.name,
      kmids: selected.map((venue) => venue.kmid),
    };
    const cities = unique(selected.map((venue) => venue.city));
    // The cuisines the selection serves, the one most of its venues serve first.
    const cuisineCounts = new Map<string, number>();
    for (const venue of selected) {
      if (venue.cuisine) cuisineCounts.set(venue.cuisine, (cuisineCounts.get(venue.cuisine) ?? 0) + 1);
    }
    const cuisines = [...cuisineCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([cuisine]) => cuisine);
    return { venues, selected, own, cities, cuisines };
  }

  type Selection = Awaited<ReturnType<typeof selectionOf>>;

  /**
   * The compared set: the selection and the reviewed venues sharing a city or a cuisine with it,
   * with every venue's reviews in the window summed by the database (as of the window's end).
   */
  async function comparedSet(brandId: string, selection: Selection, window: Window) {
    const peers = await insights.reviewedVenues({ cities: selection.cities, cuisines: selection.cuisines });
    const kmids = unique([...selection.own.kmids, ...peers.map((venue) => venue.kmid)]);
    const byKmid = await insights.venueSums(kmids, window, window.to);
    const sumsOf = (entity: Entity) => {
      const venues = entity.kmids.flatMap((kmid) => byKmid.get(kmid) ?? []);
      return { ...addScoreSums(venues), aspects: sumAspectCounts(venues.map((venue) => venue.aspects)) };
    };
    const cityPeers = entitiesOf(
      peers.filter((venue) => venue.city !== null && selection.cities.includes(venue.city)),
      brandId,
    );
    return { peers, byKmid, sumsOf, cityPeers };
  }

  function windowOf(datePayload: Window | undefined): Window {
    return datePayload ?? defaultWindow(clock());
  }

  async function revenueYtd(brandId: string, kmid: string | undefined): Promise<number> {
    const now = clock();
    const branchId = kmid ? await insights.branchIdAt(brandId, kmid) : undefined;
    const totals = await reporting.totals({
      startDate: yearStart(now, timeZone),
      endDate: localToday(now, timeZone),
      brandIds: [brandId],
      ...(branchId ? { branchId } : {}),
    });
    return totals.spendPence;
  }

  async function teaser(brandId: string) {
    const projection = project(await brands.projectionRecord(brandId), {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: teaserDiscountPercent,
      successFee: 0,
    });
    if (!projection.valid) return undefined;
    return {
      month: teaserMonth(clock(), timeZone),
      discountPercent: teaserDiscountPercent,
      customers: projection.figures.expected_conversion,
    };
  }

  const shares = (counts: AspectCounts) => insightAspects.map((aspect) => netPositiveShare(counts[aspect]));

  return {
    /** GET reviewsdata/factorsAffectingars: the summary cards and the sentiment bars. */
    async factors(caller: InsightsCaller, query: FactorsQuery): Promise<FactorsAnswer['response']> {
      const brand = await brandFor(caller, query.brandId);
      const window = windowOf(query.datePayload);
      const selection = await selectionOf(brand, query.kmid);
      const set = await comparedSet(brand.id, selection, window);
      const scoreOf = (entity: Entity) => ({ id: entity.id, score: scoreOfSums(set.sumsOf(entity)) });
      const own = set.sumsOf(selection.own);
      const overall = rankOf([scoreOf(selection.own), ...set.cityPeers.map(scoreOf)], brand.id);
      const cuisineRankings = selection.cuisines.flatMap((cuisine) => {
        const ownInCuisine: Entity = {
          ...selection.own,
          kmids: selection.selected.filter((venue) => venue.cuisine === cuisine).map((venue) => venue.kmid),
        };
        const others = entitiesOf(
          set.peers.filter((venue) => venue.cuisine === cuisine),
          brand.id,
        );
        const rank = rankOf([scoreOf(ownInCuisine), ...others.map(scoreOf)], brand.id);
        return rank ? [{ cuisine, ...rank }] : [];
      });
      const counts = own.aspects;
      return {
        krowdscore: scoreOfSums(own),
        totalreviewscount: own.count,
        ...(caller.kind === 'user'
          ? { currentYearRevenue: await revenueYtd(brand.id, query.kmid) }
          : { teaser: await teaser(brand.id) }),
        loggedinBrandoverallRank: overall,
        cusineRankingforselectedrange: cuisineRankings[0] ?? null,
        cuisineRankings,
        chartDetails: {
          factorsAffecting: {
            Positive: insightAspects.map((aspect) => counts[aspect].positive),
            Negative: insightAspects.map((aspect) => counts[aspect].negative),
            categories: [...insightAspects],
          },
        },
      };
    },

    /** GET reviewsdata/branchdetails: the brand's venues, and the competitor venues of its cities. */
    async branchDetails(caller: InsightsCaller, brandId: string): Promise<BranchDetailsAnswer['data']> {
      const brand = await brandFor(caller, brandId);
      const selection = await selectionOf(brand, undefined);
      const competitors = (await insights.reviewedVenues({ cities: selection.cities, cuisines: [] })).filter(
        (venue) => venue.brandId !== brand.id,
      );
      const row = (venue: Venue) => ({
        kmid: venue.kmid,
        branchName: venue.name,
        city: venue.city,
        cuisine: venue.cuisine,
        brandId: venue.brandId,
        brandName: venue.brandName ?? venue.name,
        reviewCount: venue.reviewCount,
      });
      return { allbranches: selection.venues.map(row), competitors: competitors.map(row) };
    },

    /** GET reviewsdata: monthly Aggregate Score (brand vs competitor) and Net Positive Reviews of one aspect. */
    async trends(caller: InsightsCaller, query: TrendsQuery): Promise<TrendsAnswer> {
      const brand = await brandFor(caller, query.brandId);
      const window = windowOf(query.datePayload);
      const aspect: InsightAspect = query.trendFlag ?? 'Food';
      const selection = await selectionOf(brand, query.kmid);
      const competitor = query.entityId ? await insights.venue(query.entityId) : undefined;
      if (query.entityId && !competitor) throw notFound(m.branchNotFound);
      const months = monthsOfWindow(window, timeZone);
      const kmids = unique([...selection.own.kmids, competitor?.kmid ?? null]);
      const byKmid = groupReviews(await insights.reviewsOf(kmids, window));
      const seriesOf = (name: string, entityKmids: readonly string[]) => {
        const byMonth = new Map<string, StoredReview[]>();
        for (const review of entityKmids.flatMap((kmid) => byKmid.get(kmid) ?? [])) {
          const month = monthOfInstant(review.reviewedAt, timeZone);
          const list = byMonth.get(month);
          if (list) list.push(review);
          else byMonth.set(month, [review]);
        }
        const score = months.map((month) => {
          const end = monthEnd(month, timeZone);
          const asOf = end < window.to ? end : window.to;
          return { label: month, value: aggregateScore(byMonth.get(month) ?? [], asOf) };
        });
        const net = months.map((month) => {
          const reviews = byMonth.get(month) ?? [];
          const counts = sumAspectCounts(reviews.map((review) => review.aspects));
          return { label: month, value: reviews.length ? netPositive(counts[aspect]) : null };
        });
        return {
          score: { name, data: trendSeriesShown(score) },
          net: { name, data: trendSeriesShown(net) },
        };
      };
      const series = [seriesOf(selection.own.name, selection.own.kmids)];
      if (competitor) series.push(seriesOf(competitor.name, [competitor.kmid]));
      return {
        trendschartDetails: { data: series.map((one) => one.score) },
        lineschartDetails: { aspect, data: series.map((one) => one.net) },
      };
    },

    /** GET reviewsdata/similarity: the most similar entities by their aspect distributions, and the radars. */
    async similarity(caller: InsightsCaller, query: SimilarityQuery): Promise<SimilarityAnswer> {
      const brand = await brandFor(caller, query.entityId);
      const window = dayWindow(query.fromdate, query.todate, timeZone);
      const selection = await selectionOf(brand, query.kmid);
      const set = await comparedSet(brand.id, selection, window);
      const own = set.sumsOf(selection.own);
      const ownCounts = own.aspects;
      const similar = entitiesOf(set.peers, brand.id)
        .map((entity) => ({ entity, counts: set.sumsOf(entity).aspects }))
        .map((one) => ({ ...one, similarity: similarityOf(ownCounts, one.counts) }))
        .filter((one): one is typeof one & { similarity: number } => one.similarity !== null)
        .sort((a, b) => b.similarity - a.similarity || a.entity.name.localeCompare(b.entity.name))
        .slice(0, similarListed);
      const hasOwn = own.count > 0;
      const drawn = [...(hasOwn ? [{ entity: selection.own, counts: ownCounts }] : []), ...similar];
      const objectwithjsd: Radar = {
        labels: [...insightAspects],
        datasets: drawn.map(({ entity, counts }) => ({
          label: entity.name,
          brandId: entity.id,
          data: shares(counts),
        })),
      };
      const aspectRadar = (aspect: InsightAspect): Radar => ({
        labels: drawn.map(({ entity }) => entity.name),
        datasets: drawn.length
          ? [
              {
                label: aspect,
                brandId: brand.id,
                data: drawn.map(({ counts }) => netPositiveShare(counts[aspect])),
              },
            ]
          : [],
      });
      return {
        objectwithjsd,
        objectwithfood: aspectRadar('Food'),
        objectwithprice: aspectRadar('Price'),
        objectwithambiance: aspectRadar('Ambiance'),
        objectwithservice: aspectRadar('Service'),
        brandList: similar.map(({ entity, similarity }) => {
          const kmid =
            entity.kind === 'venue'
              ? entity.id
              : ([...entity.kmids].sort(
                  (a, b) => (set.byKmid.get(b)?.count ?? 0) - (set.byKmid.get(a)?.count ?? 0),
                )[0] ?? null);
          return { brandId: entity.id, brandName: entity.name, kind: entity.kind, kmid, similarity };
        }),
      };
    },

    /** GET reviewsdata/getscatterchart: each entity of the brand's cities, score against one aspect's net positive. */
    async scatter(caller: InsightsCaller, query: ScatterQuery): Promise<ScatterAnswer['data']> {
      const brand = await brandFor(caller, query.brandId);
      const window = windowOf(query.datePayload);
      const selection = await selectionOf(brand, query.kmid);
      const set = await comparedSet(brand.id, selection, window);
      const points = [selection.own, ...set.cityPeers].flatMap((entity) => {
        const sums = set.sumsOf(entity);
        if (sums.count === 0) return [];
        return [
          {
            entityId: entity.id,
            kind: entity.kind,
            name: entity.name,
            x: scoreOfSums(sums)!,
            y: netPositiveShare(sums.aspects[query.tagType as InsightAspect]),
            reviews: sums.count,
            isSelected: entity === selection.own,
          },
        ];
      });
      return { tagType: query.tagType as InsightAspect, points };
    },

    /** GET reviewsdata/getBrandInsights: brands of ours with reviews, with their score over the last 360 days. */
    async brandInsights(filter: { search?: string; limit: number }) {
      const rows = await insights.brandsWithReviews(filter.search || undefined, filter.limit);
      const window = defaultWindow(clock());
      const byKmid = await insights.venueSums(unique(rows.flatMap((row) => row.kmids)), window, window.to);
      return rows.map((row) => {
        const sums = addScoreSums(row.kmids.flatMap((kmid) => byKmid.get(kmid) ?? []));
        return {
          value: row.id,
          label: row.name,
          cuisine: row.cuisine,
          krowdscore: scoreOfSums(sums),
          totalreviewscount: sums.count,
        };
      });
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
