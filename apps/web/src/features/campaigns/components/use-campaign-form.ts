import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { can, canOpen } from '@krowd/domain/access/access.rules';
import {
  backtestRequestSchema,
  backtestRuleFields,
  type BacktestRequestInput,
} from '@krowd/domain/backtest/backtest.schema';
import { awaitsBrandDecision } from '@krowd/domain/branch/branch.rules';
import {
  campaignMonthWindow,
  periodOf,
  shiftMonth,
  type IsoMonth,
} from '@krowd/domain/campaign/campaign-dates.rules';
import {
  campaignName,
  campaignNameForMonth,
  cardNetworkCampaignName,
  fixedDiscountPercent,
} from '@krowd/domain/campaign/campaign.rules';
import { formValuesOf } from '@krowd/domain/campaign/campaign-response.schema';
import {
  campaignFormSchema,
  defaultCampaignForm,
  type CampaignFormInput,
} from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  projectionDelayMs,
  type ProjectionFigures,
  type ProjectionInput,
} from '@krowd/domain/projection/projection.rules';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser, pathAfter } from '@/lib/access';
import { notify } from '@/lib/notify';
import { sessionQueryKey, useSessionUser } from '@/lib/session';
import { useScreenSessionModalVariant } from '@/lib/session-modal-variant';
import { useSettings } from '@/lib/settings';
import { useAcceptTerms } from '../api/accept-terms.ts';
import { useBrandDetails } from '../api/get-brand-details.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignNameParts } from '../api/get-campaign-name-parts.ts';
import { useDistributorDeals } from '../api/get-distributor-deals.ts';
import { useMerchants } from '../api/get-merchants.ts';
import { draftStore, useCampaignDraft } from '../draft-store.ts';

/** Months from `first` to `last`, as the picker's options (MM/YYYY). */
function monthsBetween(first: IsoMonth, last: IsoMonth) {
  const months: { value: string; label: string }[] = [];
  for (let month = first; month <= last; month = shiftMonth(month, 1)) {
    months.push({ value: `${month}-01`, label: periodOf(month) });
  }
  return months;
}

/**
 * A guest's campaign step (spec 1 §4 'Create flow (guest user)'): the campaign runs at every branch
 * they add in the onboarding train (type 'All'), so the form has no branch choice; Next saves it
 * with the terms accepted and the train follows. There is no template step.
 */
export interface GuestCampaignStep {
  /** The values saved before (stepOneData), when the guest comes back from the train. */
  savedValues: CampaignFormInput | null;
  /** Saves the form with the terms accepted; the page then gives way to the train. */
  onSave: (values: CampaignFormInput) => Promise<unknown>;
  /** Why the guest is back on the form, when the server sent them (the saved month has gone by). */
  notice?: string;
}

/**
 * The campaign form's state and behaviour (spec 1 §2): the values, the name that follows the brand
 * and month, the fixed discount, the branch problems told before the form is filled in, the month
 * options, the projection's input, and Next (the terms once, then the template step or, for a
 * guest, the save). The page and its sections only draw it.
 */
export function useCampaignForm({ mode, guest }: { mode: 'create' | 'edit'; guest?: GuestCampaignStep }) {
  const user = useSessionUser()!;
  const timeZone = useSettings().data?.timezone ?? 'America/New_York';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editId = mode === 'edit' ? (search.get('id') ?? undefined) : undefined;
  const existing = useCampaign(editId);
  const draft = useCampaignDraft();
  const now = useMemo(() => new Date(), []);
  /** A session from a card-network link (spec 1 §2, §6): fixed 10%, month-in-full name, no figures. */
  const cardNetwork = user.source === 'cardNetwork';
  const discountFixed = user.isInternalDemo || cardNetwork;
  const initialBrandId =
    (mode === 'edit' ? existing.data?.brandId : undefined) ??
    draft?.form.brandId ??
    search.get('brandId') ??
    user.brandId ??
    user.brandIds[0]?.brandId ??
    '';

  const form = useZodForm(
    campaignFormSchema,
    guest
      ? {
          ...defaultCampaignForm({ now, timeZone, brandId: initialBrandId }),
          ...guest.savedValues,
          type: 'All',
          merchantIds: [],
        }
      : draft && draft.campaignId === editId
        ? draft.form
        : defaultCampaignForm({ now, timeZone, brandId: initialBrandId }),
  );
  const { control, setValue, formState } = form;
  const values = useWatch({ control }) as CampaignFormInput;
  const brandId = values.brandId || initialBrandId;

  const brand = useBrandDetails(brandId);
  // A guest's campaign runs at the branches they add in the train: nothing to choose from here.
  const merchants = useMerchants(guest ? undefined : brandId);
  const deals = useDistributorDeals(brandId);
  const nameParts = useCampaignNameParts(mode === 'create' ? brandId : undefined);
  const acceptTerms = useAcceptTerms();

  const [termsOpened, setTermsOpened] = useState(false);
  const [guestSaving, setGuestSaving] = useState(false);
  const [allBranchesHint, setAllBranchesHint] = useState(false);
  const [status, setStatus] = useState<string | null>(guest?.notice ?? null);
  const figures = useRef<ProjectionFigures | null>(null);
  const leaving = useRef(false);

  // Editing: fill the form with the campaign once it has loaded (unless coming back from the template step).
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (mode !== 'edit' || !existing.data || loadedFor.current === existing.data._id) return;
    loadedFor.current = existing.data._id;
    if (draft?.campaignId === existing.data._id) return;
    form.reset(formValuesOf(existing.data));
  }, [mode, existing.data, draft, form]);

  // The name follows the brand and month (create); an edit to another month changes the month
  // part of the campaign's name and keeps its sequence number, as the server does.
  useEffect(() => {
    if (!values.start_date) return;
    if (mode === 'create' && nameParts.data) {
      const { brandName, count } = nameParts.data;
      setValue(
        'name',
        cardNetwork
          ? cardNetworkCampaignName(brandName, values.start_date)
          : campaignName(brandName, values.start_date, count),
      );
    } else if (mode === 'edit' && existing.data) {
      setValue('name', campaignNameForMonth(existing.data.name, existing.data.start_date, values.start_date));
    }
  }, [mode, nameParts.data, existing.data, values.start_date, cardNetwork, setValue]);

  // The fixed discount shows as what the server will store.
  useEffect(() => {
    if (discountFixed && values.discountType === 'dp' && values.discountPercent !== fixedDiscountPercent) {
      setValue('discountPercent', fixedDiscountPercent);
    }
  }, [discountFixed, values.discountType, values.discountPercent, setValue]);

  // Said before the user fills the form in: branches the operator side created that the brand has
  // not approved or rejected yet, which hold up a new campaign until it has (spec 1 §8, the server
  // refuses it too), or no branch to run one at.
  const branchProblem: 'pending' | 'none' | null =
    !merchants.data || guest
      ? null
      : mode === 'create' && merchants.data.some(awaitsBrandDecision)
        ? 'pending'
        : !merchants.data.some((branch) => branch.selectable)
          ? 'none'
          : null;
  const [branchAlertDismissed, setBranchAlertDismissed] = useState(false);
  // A session ending on this screen is told with its own modal: 'Try Again' when no branch can run it.
  useScreenSessionModalVariant(branchProblem === 'none' ? 'tryAgain' : 'loginAgain');
  const branchAlert = branchAlertDismissed ? null : branchProblem;
  const branchesReachable = canOpen(audienceOfUser(user), 'branches');
  const handleGoToBranches = () => {
    leaving.current = true;
    void navigate(pathAfter('goToBranches', user));
  };

  const kind = user.isFirstLogin || cardNetwork ? 'cardNetworkOrFirstLogin' : 'standard';
  const window = campaignMonthWindow(now, timeZone, kind);
  const monthOptions = monthsBetween(window.first, window.last);
  const startMonth = (values.start_date ?? '').slice(0, 7) || window.first;
  const validUntilOptions = monthsBetween(startMonth, shiftMonth(startMonth, 12)).map((o) => ({
    value: o.value.slice(0, 7),
    label: o.label,
  }));
  const usableBranches = (merchants.data ?? []).filter((branch) => branch.selectable);
  const branchValue: 'All' | string[] = values.type === 'All' ? 'All' : (values.merchantIds ?? []);
  const noBranchChosen = usableBranches.length > 0 && branchValue !== 'All' && branchValue.length === 0;

  const projectionInput: ProjectionInput = {
    customerType: values.discountType === 'dp' ? 'all' : (values.customerType ?? 'all'),
    discountType: values.discountType ?? 'dp',
    discountPercent: values.discountPercent as ProjectionInput['discountPercent'],
    discountAmount: values.discountAmount as ProjectionInput['discountAmount'],
    discountValue: values.discountValue as ProjectionInput['discountValue'],
    discountSpreadValue: values.discountSpreadValue as ProjectionInput['discountSpreadValue'],
    successFee: values.successFee as ProjectionInput['successFee'],
    maxCashbackPerTransaction:
      values.maxCashbackPerTransaction as ProjectionInput['maxCashbackPerTransaction'],
    maxTransactionsPerCard: values.maxTransactionsPerCard as ProjectionInput['maxTransactionsPerCard'],
    maxTransactionsPerCardPerInterval:
      values.maxTransactionsPerCardPerInterval as ProjectionInput['maxTransactionsPerCardPerInterval'],
    maxSpendPerCardPerInterval:
      values.maxSpendPerCardPerInterval as ProjectionInput['maxSpendPerCardPerInterval'],
  };
  // Had this campaign run last month (docs/decisions/0131): the draft's rule fields once they
  // settle (the projection's delay) and the form would take them; undefined where the backtest is
  // not offered (a guest's onboarding, a card-network session, a caller the route refuses).
  const backtestOffered = !guest && !cardNetwork && can(audienceOfUser(user), 'campaigns.backtest');
  const ruleFields = JSON.stringify(
    Object.fromEntries(
      backtestRuleFields.map((field) => [field, field === 'brandId' ? brandId : values[field]]),
    ),
  );
  const [settledRuleFields] = useDebouncedValue(ruleFields, projectionDelayMs);
  const backtestDraft = useMemo((): BacktestRequestInput | null | undefined => {
    if (!backtestOffered) return undefined;
    const draft = JSON.parse(settledRuleFields) as BacktestRequestInput;
    return backtestRequestSchema.safeParse(draft).success ? draft : null;
  }, [backtestOffered, settledRuleFields]);
  const handleFigures = useCallback((next: ProjectionFigures | null) => {
    figures.current = next;
  }, []);

  const goToTemplates = (input: CampaignFormInput) => {
    draftStore.set({
      form: input,
      campaignId: editId,
      brandName: brand.data?.name ?? user.brandName ?? '',
      expectedReach: figures.current?.expected_reach,
    });
    leaving.current = true;
    void navigate(paths.page('campaignsCreatePreview'));
  };

  /** The guest's save (the terms accepted with it); a failure says so in the spec's words (spec 1 §8). */
  const saveGuestCampaign = async (onboarding: GuestCampaignStep) => {
    setGuestSaving(true);
    try {
      leaving.current = true;
      await onboarding.onSave(form.getValues());
    } catch {
      leaving.current = false;
      setStatus(messages.onboarding.updateFailed);
      notify.error(messages.onboarding.updateFailed);
    } finally {
      setGuestSaving(false);
    }
  };

  const handleNext = () =>
    form.handleSubmit(
      () => {
        setStatus(null);
        if (!user.isTAndCAccepted) {
          setTermsOpened(true);
          return;
        }
        if (guest) void saveGuestCampaign(guest);
        else goToTemplates(form.getValues());
      },
      () => setStatus(messages.campaign.correctHighlighted),
    )();

  const handleAcceptTerms = async () => {
    if (guest) {
      await saveGuestCampaign(guest);
      setTermsOpened(false);
      return;
    }
    try {
      await acceptTerms.mutateAsync();
      queryClient.setQueryData(sessionQueryKey, { ...user, isTAndCAccepted: true });
      setTermsOpened(false);
      goToTemplates(form.getValues());
    } catch (error) {
      setTermsOpened(false);
      setStatus(serverErrorOf(error));
    }
  };

  const errors = formState.errors;
  // Read while rendering: react-hook-form only tracks isDirty for a form that reads it then, so
  // reading it first at the moment of leaving always gave false and the guard never asked.
  const dirty = formState.isDirty;
  const editBlocked = mode === 'edit' && existing.data && !existing.data.editable;

  return {
    user,
    form,
    values,
    brandId,
    errors,
    dirty,
    editId,
    existing,
    editBlocked: Boolean(editBlocked),
    discountFixed,
    cardNetwork,
    brand,
    merchants,
    deals,
    acceptTerms,
    leaving,
    terms: { opened: termsOpened, close: () => setTermsOpened(false), accept: handleAcceptTerms },
    guestSaving,
    status,
    branchProblem,
    branchAlert,
    dismissBranchAlert: () => setBranchAlertDismissed(true),
    allBranchesHint,
    setAllBranchesHint,
    branchesReachable,
    handleGoToBranches,
    monthOptions,
    validUntilOptions,
    usableBranches,
    branchValue,
    noBranchChosen,
    projectionInput,
    backtestDraft,
    handleFigures,
    handleNext,
  };
}

export type CampaignFormState = ReturnType<typeof useCampaignForm>;
