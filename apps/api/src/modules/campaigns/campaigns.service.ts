import type { Kysely, Transaction } from 'kysely';
import { confirmsTemplates, isBankUser, type TenantScope } from '@krowd/domain/access/access.rules';
import {
  campaignMonthWindow,
  campaignPhase,
  currentMonth,
  monthWindowOf,
  isEditable,
  isMonthSelectable,
  periodOf,
  shiftMonth,
  type CampaignWindowKind,
} from '@krowd/domain/campaign/campaign-dates.rules';
import {
  campaignName,
  campaignNameForMonth,
  cardNetworkCampaignName,
} from '@krowd/domain/campaign/campaign.rules';
import {
  campaignMonthFilterIssue,
  campaignSelectorLimit,
  type CampaignListFilter,
} from '@krowd/domain/campaign/campaign-list.schema';
import type { CampaignForm } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { HttpError, conflict, notFound, invalidField } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { Clock } from '../auth/auth.service.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import { brandsOfScope, groupBrandsInScope } from '../../http/listed-brands.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { BranchesRepository } from '../branches/branches.repository.ts';
import { branchesForCampaign } from './campaigns.branches.ts';
import { columnsOf, withFixedDiscount } from './campaigns.mapper.ts';
import { createCampaignPauses } from './campaigns.pauses.ts';
import { createCampaignPromoCodes } from './campaigns.promo-codes.ts';
import type { BrandFilter, CampaignRow, CampaignsRepository } from './campaigns.repository.ts';
import { createCampaignSeries } from './campaigns.series.ts';
import { createOfferLifecycle, type OfferEvents } from './campaigns.offer-events.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { campaignAuditRecord, createCampaignAudit } from './campaigns.audit.ts';

const m = messages.campaign;
export const createChildrenJob = 'campaigns.createChildren';

/**
 * Campaign rules on the server: every rule the form checks is checked again here (window, edit
 * cut-off, branches of the brand, terms accepted, tenant scope), with the same messages.
 */
export function createCampaignsService(deps: {
  db: Kysely<DB>;
  campaigns: CampaignsRepository;
  brands: BrandsRepository;
  branches: BranchesRepository;
  /** Refuses template images that are not files of the campaign's brand (the assets module). */
  templateImages: {
    check(brandId: string, templates: NonNullable<CampaignForm['templates']>): Promise<void>;
  };
  config: Config;
  clock: Clock;
  /** Tells webhook endpoints of an approved offer's changes (docs/decisions/0097). */
  offerEvents?: OfferEvents;
  /** Every change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, campaigns, brands, branches, templateImages, config, clock } = deps;
  const offers = createOfferLifecycle({ db, events: deps.offerEvents, clock });
  const offerChanged = offers.changed;
  const timeZone = config.timezone;
  const audit = createCampaignAudit(deps.audit);

  async function brandFilter(scope: TenantScope, brandId?: string): Promise<BrandFilter> {
    if (brandId) {
      await brandInScope(brands, scope, brandId);
      return [brandId];
    }
    return brandsOfScope(brands, scope);
  }

  /** The campaign, when the caller's scope covers its brand; otherwise 404. */
  async function campaignInScope(scope: TenantScope, id: string): Promise<CampaignRow> {
    const row = await campaigns.findById(id);
    if (!row || !scopeCoversBrand(scope, { id: row.brand_id, group_id: row.brand_group_id })) {
      throw notFound(m.notFound);
    }
    return row;
  }

  /** First-login users and card-network sessions choose from next month up to 6 months ahead. */
  function windowKindOf(auth: AuthContext): CampaignWindowKind {
    return auth.account.is_first_login || auth.source === 'cardNetwork'
      ? 'cardNetworkOrFirstLogin'
      : 'standard';
  }

  /** The caller's month window (first and last month, MM/YYYY) when the month is outside it. */
  function monthOutsideWindow(auth: AuthContext, startDate: string): { first: string; last: string } | null {
    const kind = windowKindOf(auth);
    if (isMonthSelectable(startDate, clock(), timeZone, kind)) return null;
    const { first, last } = campaignMonthWindow(clock(), timeZone, kind);
    return { first: periodOf(first), last: periodOf(last) };
  }

  function checkMonth(auth: AuthContext, startDate: string) {
    const window = monthOutsideWindow(auth, startDate);
    if (!window) return;
    const message = m.monthOutsideWindow(window.first, window.last);
    throw invalidField('start_date', message);
  }

  /** The brand asked for, else the caller's own when they have exactly one, in scope. */
  async function chosenBrand(auth: AuthContext, brandId?: string) {
    const chosen = brandId ?? (auth.scope.kind === 'brand' ? auth.scope.brandId : undefined);
    if (!chosen) throw invalidField('brandId', m.brandRequired);
    return brandInScope(brands, auth.scope, chosen);
  }

  /** A card-network session names the campaign by the month in full (spec 1 §2). */
  async function nameOf(auth: AuthContext, brand: { id: string; name: string }, startDate: string) {
    return auth.source === 'cardNetwork'
      ? cardNetworkCampaignName(brand.name, startDate)
      : campaignName(brand.name, startDate, await campaigns.countOfBrand(brand.id));
  }

  /** Writes a created campaign (status Pending) and its single promo code. */
  async function insertCreated(
    auth: AuthContext,
    brandId: string,
    name: string,
    form: CampaignForm,
    branchIds: string[],
    trx: Transaction<DB>,
  ) {
    const created = await campaigns.insert(
      { ...columnsOf(form, timeZone), brand_id: brandId, name, created_by: auth.account.id },
      branchIds,
      trx,
    );
    if (form.promoCode?.mode === 'single' && form.promoCode.code) {
      await campaigns.insertPromoCodes(created, brandId, [form.promoCode.code], trx);
    }
    const saved = { ...columnsOf(form, timeZone), name, status: 'Pending' };
    await audit.created(trx, auth, created, brandId, campaignAuditRecord(saved, branchIds));
    return created;
  }

  const branchesFor = (brandId: string, form: CampaignForm, purpose: 'create' | 'edit') =>
    branchesForCampaign(branches, brandId, form, purpose);

  const pauses = createCampaignPauses({
    db,
    campaigns,
    campaignInScope,
    clock,
    timeZone,
    offerChanged,
    audit,
  });
  const promoCodes = createCampaignPromoCodes({ db, campaigns, brands, campaignInScope, audit });
  const series = createCampaignSeries({ db, campaigns, clock, timeZone, offers, audit });

  return {
    campaignInScope,
    monthOutsideWindow,

    async list(
      auth: AuthContext,
      query: {
        filter: CampaignListFilter;
        campaignType: 'past' | 'current' | 'future';
        brandId?: string;
        startMonth?: string;
        endMonth?: string;
      },
    ) {
      const monthIssue = campaignMonthFilterIssue(query.campaignType, query, clock(), timeZone);
      if (monthIssue) throw invalidField(monthIssue.field, monthIssue.message);
      const month = currentMonth(clock(), timeZone);
      const bounds = {
        past: { from: undefined, to: shiftMonth(month, -1) },
        current: { from: month, to: month },
        future: { from: shiftMonth(month, 1), to: undefined },
      }[query.campaignType];
      const from = [bounds.from, query.startMonth].filter(Boolean).sort().at(-1);
      const to = [bounds.to, query.endMonth].filter(Boolean).sort().at(0);
      const criteria = query.filter.criteria ?? [];
      const { filter } = query;
      return campaigns.list({
        brands: await brandFilter(auth.scope, query.brandId),
        startFrom: from ? `${from}-01` : undefined,
        startTo: to ? `${to}-01` : undefined,
        search: filter.globalSearch ?? criteria.find((c) => c.key === 'name')?.value,
        equals: Object.fromEntries(criteria.filter((c) => c.key !== 'name').map((c) => [c.key, c.value])),
        sort: filter.sortfield,
        direction: filter.direction,
        page: filter.page,
        limit: filter.limit,
      });
    },

    /** The brand's name and campaign count, from which the form builds the campaign name. */
    /** Without a brand id, the caller's own brand when they have exactly one (spec 3 §7 sends none). */
    async nameParts(auth: AuthContext, brandId?: string) {
      const brand = await chosenBrand(auth, brandId);
      return { brandName: brand.name, count: await campaigns.countOfBrand(brand.id) };
    },

    /** The brand's cards and their spend's spread last month: the form's detectable lift (decision 0129). */
    async holdoutVolume(auth: AuthContext, brandId?: string) {
      const brand = await chosenBrand(auth, brandId);
      const month = shiftMonth(currentMonth(clock(), timeZone), -1);
      const volume = await campaigns.cardVolume(brand.id, monthWindowOf(`${month}-01`, timeZone));
      return { month, cards: volume.cards, spendStandardDeviationPence: volume.deviationPence };
    },

    async currentCount(auth: AuthContext, brandId?: string) {
      return campaigns.countCurrent(
        await brandFilter(auth.scope, brandId),
        `${currentMonth(clock(), timeZone)}-01`,
      );
    },

    /** `mark` runs in the campaign's transaction: the Idempotency-Key's record (decision 0104). */
    async create(auth: AuthContext, submitted: CampaignForm, mark?: (trx: Transaction<DB>) => Promise<void>) {
      if (!auth.account.is_t_and_c_accepted) throw conflict(m.termsRequired, 'terms_not_accepted');
      const form = withFixedDiscount(auth, submitted);
      const brand = await brandInScope(brands, auth.scope, form.brandId);
      checkMonth(auth, form.start_date);
      const branchIds = await branchesFor(brand.id, form, 'create');
      await templateImages.check(brand.id, form.templates ?? []);
      const name = await nameOf(auth, brand, form.start_date);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertCreated(auth, brand.id, name, form, branchIds, trx);
        await mark?.(trx);
        if (auth.account.is_first_login) {
          await campaigns.endFirstLogin(trx, auth.account.id);
        }
        return created;
      });
      return { id, name };
    },

    /**
     * The first campaign of a guest completing the onboarding train (the spec's processType
     * 'Merchant Onboarding'). What needs the database outside a transaction (the brand, the name,
     * the template images) is settled here; `createIn` then writes the campaign in the caller's
     * transaction, at the branches given: the brand's live ones, added in the train and still
     * Pending review, which a created campaign otherwise may not run at. The caller has checked the
     * month window. Status Pending, as for any created campaign.
     */
    async prepareOnboardingCampaign(auth: AuthContext, submitted: CampaignForm) {
      const form = withFixedDiscount(auth, submitted);
      const brand = await brandInScope(brands, auth.scope, form.brandId);
      await templateImages.check(brand.id, form.templates ?? []);
      const name = await nameOf(auth, brand, form.start_date);
      return {
        name,
        createIn: (trx: Transaction<DB>, branchIds: string[]) =>
          insertCreated(
            auth,
            brand.id,
            name,
            { ...form, type: 'All', merchantIds: undefined },
            branchIds,
            trx,
          ),
      };
    },

    async update(auth: AuthContext, id: string, submitted: CampaignForm) {
      const form = withFixedDiscount(auth, submitted);
      const row = await campaignInScope(auth.scope, id);
      if (
        campaignPhase(row.start_date, clock(), timeZone) !== 'future' ||
        !isEditable(row.start_date, clock(), timeZone)
      ) {
        throw new HttpError(409, m.cannotEdit);
      }
      if (form.brandId !== row.brand_id) {
        throw invalidField('brandId', messages.validation.invalidValue);
      }
      checkMonth(auth, form.start_date);
      const branchIds = await branchesFor(row.brand_id, form, 'edit');
      await templateImages.check(row.brand_id, form.templates ?? []);
      // The name follows a new month and keeps its sequence number (spec 1 §2).
      const name = campaignNameForMonth(row.name, row.start_date, form.start_date);
      // A child of a series stays a child: the form sends recurring: true for it as well.
      const { templates, promo_code, ...otherColumns } = columnsOf(form, timeZone);
      // An edit that does not send the templates or the promo code keeps the saved ones: only what
      // is changed changes.
      const columns = {
        ...otherColumns,
        ...(form.templates === undefined ? {} : { templates }),
        ...(form.promoCode === undefined ? {} : { promo_code }),
        name,
        is_primary_campaign: form.recurring && !row.primary_campaign_id,
      };
      // Uploaded codes stay while the campaign stays in 'multiple' mode (or the edit leaves the promo
      // code alone); otherwise the stored codes become the single code (or none), so an old code
      // does not live on beside a new one.
      const keepCodes =
        form.promoCode === undefined ||
        (form.promoCode.mode === 'multiple' &&
          (row.promo_code as { mode?: string } | null)?.mode === 'multiple');
      await db.transaction().execute(async (trx) => {
        await campaigns.update(id, columns, branchIds, trx);
        await offerChanged(trx, row, 'offer.updated');
        if (!keepCodes) await campaigns.deletePromoCodes(id, trx);
        if (form.promoCode?.mode === 'single' && form.promoCode.code) {
          await campaigns.insertPromoCodes(id, row.brand_id, [form.promoCode.code], trx);
        }
        await audit.updated(trx, auth, row, columns, branchIds);
      });
      return { id, name };
    },

    /**
     * Deletes a future campaign (spec 3 §1, §4: delete and edit are for future campaigns); a running
     * one is stopped from next month on instead (`stop`). Deleting a series' primary ends the
     * series: its children not started yet go with it, in the same transaction. A campaign on which
     * cardholders earned cashback is billed and reported, so it stays: 409.
     */
    async remove(auth: AuthContext, id: string) {
      const row = await campaignInScope(auth.scope, id);
      const phase = campaignPhase(row.start_date, clock(), timeZone);
      if (phase === 'past') throw new HttpError(409, m.cannotDelete);
      if (row.has_qualified_transactions) throw new HttpError(409, m.cannotDeleteBilled);
      if (phase === 'current') throw new HttpError(409, m.cannotDeleteRunning);
      const nextMonth = `${shiftMonth(currentMonth(clock(), timeZone), 1)}-01`;
      await db.transaction().execute(async (trx) => {
        await campaigns.softDelete(id, trx);
        await offerChanged(trx, row, { ended: 'deleted' });
        const children = row.is_primary_campaign
          ? await campaigns.softDeleteChildrenFrom(id, nextMonth, trx)
          : [];
        if (row.is_primary_campaign) await offers.ended(trx, children, 'deleted');
        for (const gone of [row.id, ...children]) await audit.deleted(trx, auth, gone, row.brand_id, clock());
      });
    },

    /**
     * The dashboard's campaign selector (spec 3 §7): names and ids of the campaigns of one brand,
     * one group's brands, or every brand the caller sees, past, current and future.
     */
    async selectorList(
      auth: AuthContext,
      query: { brandId?: string; groupId?: string; filter: CampaignListFilter },
    ) {
      let brandsShown: BrandFilter;
      if (query.brandId || !query.groupId) {
        brandsShown = await brandFilter(auth.scope, query.brandId);
      } else {
        brandsShown = (await groupBrandsInScope(brands, auth.scope, query.groupId)).map((brand) => brand.id);
      }
      const search = query.filter.criteria?.find((c) => c.key === 'name')?.value ?? query.filter.globalSearch;
      return campaigns.selectorList({ brands: brandsShown, search, limit: campaignSelectorLimit });
    },

    pause: pauses.pause,

    /** A bank confirms or rejects a submitted campaign's templates; a system admin may reject. */
    async review(auth: AuthContext, id: string, action: 'confirm' | 'reject') {
      const row = await campaignInScope(auth.scope, id);
      if (row.status !== 'Pending' && row.status !== 'Bank Approval Pending')
        throw new HttpError(409, m.reviewNotAllowed);
      if (action === 'confirm' && !confirmsTemplates(auth.audience))
        throw new HttpError(403, messages.common.forbidden);
      const status =
        action === 'confirm'
          ? 'Bank Approved'
          : isBankUser(auth.audience)
            ? 'Bank Rejected'
            : 'Krowd Rejected';
      await db.transaction().execute(async (trx) => {
        await campaigns.setStatus(id, status, trx);
        if (action === 'confirm') await offerChanged(trx, { ...row, status }, 'offer.published');
        await audit.status(trx, auth, row, action === 'confirm' ? 'approved' : 'rejected', status);
      });
      return action === 'confirm' ? m.templatesConfirmed : m.templatesRejected;
    },

    uploadPromoCodes: promoCodes.upload,
    createChildCampaigns: series.createChildCampaigns,
    /** The offers' sweep by the clock (docs/decisions/0100): months over end, approved offers never told are. */
    sweepOffers: offers.sweep,
    /** Ingestion's hook: the offers whose budget an upload used up end, in its transaction. */
    budgetsUsedUp: offers.budgetsUsedUp,

    /** Stops a running monthly campaign's series from next month on; answers that month, 'MM/YYYY'. */
    async stop(auth: AuthContext, id: string) {
      const row = await campaignInScope(auth.scope, id);
      return series.stopFromNextMonth(row, (trx, validUntil) => audit.stopped(trx, auth, row, validUntil));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
