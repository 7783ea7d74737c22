import { z } from 'zod';

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
