import { z } from 'zod';
import { createPasswordFormSchema, deviceInfoSchema, whenObject } from '../auth/auth.schema.ts';
import {
  campaignFormSchema,
  campaignFormSchemaFor,
  type CampaignForm,
  type CampaignFormContext,
} from '../campaign/campaign.schema.ts';
import { messages } from '../messages/messages.ts';
import { profileUpdateSchema } from '../user/profile.schema.ts';

/**
 * The guest onboarding train (spec 1 §2, §4; spec 2 §2.10–2.11, §4): four steps in this order.
 * The user's flags say how far they got: stepOne (campaign saved), stepTwo (payment step passed:
 * a mandate set up, or direct debit skipped), stepThree (branch step passed), proceesCompleted.
 */
export const onboardingSteps = ['campaign', 'payment', 'branch', 'password'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const onboardingStepLabels: Record<OnboardingStep, string> = {
  campaign: 'Create Campaign',
  payment: 'Payment Details',
  branch: 'Branch',
  password: 'Account Settings',
};

/** The steps a progress call records: Payment Details and Branch (the others have routes of their own). */
export const progressSteps = ['payment', 'branch'] as const satisfies readonly OnboardingStep[];

const m = messages.onboarding;

/**
 * A guest's first campaign runs at all the branches they add in the Branch step, which come after
 * the form: so the form chooses 'All' and names no branch.
 */
function allBranchesOnly(form: CampaignForm, ctx: z.RefinementCtx) {
  if (form.merchantIds !== undefined && form.merchantIds.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['merchantIds'], message: m.allBranchesOnly });
  } else if (form.type !== 'All') {
    ctx.addIssue({ code: 'custom', path: ['type'], message: m.allBranchesOnly });
  }
}

/**
 * PUT users/onboarding/campaign (spec 1 §4 'Create flow (guest user)', §7 'PUT user without
 * branch'): the campaign form, saved on the user until the account is complete, and the terms
 * dialog's acceptance. With a context the month window of the user's kind is checked as well.
 */
export function onboardingCampaignSchemaFor(context?: CampaignFormContext) {
  const form = context ? campaignFormSchemaFor(context) : campaignFormSchema;
  return z.strictObject({
    stepOneData: form.superRefine(allBranchesOnly),
    /** The terms dialog comes before the first save: the train starts only once they are accepted. */
    isTAndCAccepted: z.literal(true, { error: messages.campaign.termsRequired }),
    /** Accepted and ignored, as at login: the server reads the request itself. */
    deviceInfo: z.optional(deviceInfoSchema),
  });
}
export const onboardingCampaignSchema = onboardingCampaignSchemaFor();
export type OnboardingCampaignInput = z.input<typeof onboardingCampaignSchema>;

/**
 * PUT users/onboarding/progress (spec 2 §7 'Update onboarding progress'): stepTwo true when the
 * Payment Details step is passed (a mandate set up, or direct debit skipped), stepThree true when
 * the Branch step is, false when the guest goes Back from it. Each step sends its own flag.
 */
export const onboardingProgressSchema = z
  .strictObject({
    step: z.enum(progressSteps, { error: messages.validation.invalidValue }),
    stepTwo: z.boolean({ error: messages.validation.invalidValue }).optional(),
    stepThree: z.boolean({ error: messages.validation.invalidValue }).optional(),
    /** Sent by the spec's client; the session names the brand, so only the caller's own passes. */
    brandId: z.uuid({ error: messages.validation.invalidValue }).optional(),
    /** Sent by the spec's client and ignored: the brand's mandate is looked up, not taken on trust. */
    payerAuthorisationId: z.string().trim().max(100, messages.validation.tooLong).optional(),
  })
  .superRefine(
    (progress, ctx) => {
      const flag = progress.step === 'payment' ? 'stepTwo' : 'stepThree';
      if (progress[flag] === undefined) {
        ctx.addIssue({ code: 'custom', path: [flag], message: messages.validation.invalidValue });
      }
    },
    { when: (payload) => onboardingProgressStepKnown(payload.value) },
  );
export type OnboardingProgressInput = z.input<typeof onboardingProgressSchema>;
export type OnboardingProgress = z.output<typeof onboardingProgressSchema>;

function onboardingProgressStepKnown(value: unknown): boolean {
  const step = (value as { step?: unknown } | null)?.step;
  return whenObject({ value }) && progressSteps.includes(step as (typeof progressSteps)[number]);
}

/**
 * POST users/onboarding/complete: the Account Settings step (spec 2 §2.11, §7 'Create password'):
 * the person's names and contact number by My Profile's rules, and a first password by the
 * create-password form's.
 */
export const onboardingCompleteSchema = createPasswordFormSchema.safeExtend({
  ...profileUpdateSchema.pick({ firstName: true, lastName: true, phone: true }).shape,
  deviceInfo: z.optional(deviceInfoSchema),
});
export type OnboardingCompleteInput = z.input<typeof onboardingCompleteSchema>;
export type OnboardingComplete = z.output<typeof onboardingCompleteSchema>;
