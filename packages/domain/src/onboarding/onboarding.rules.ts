import { messages } from '../messages/messages.ts';
import type { OnboardingStep } from './onboarding.schema.ts';

/** The user's train flags, in the session user's names (spec 1 §3, spec 2 §4). */
export interface OnboardingFlags {
  stepOne: boolean;
  stepTwo: boolean;
  stepThree: boolean;
  proceesCompleted: boolean;
}

/** Where the train stands: the step to show, or 'completed' once the account is set up. */
export type OnboardingPosition = OnboardingStep | 'completed';

/**
 * The step a guest resumes at (spec 1 §4, spec 2 §4): the one after the last step passed. Without
 * a saved campaign the form comes first whatever else was passed: completing resets stepOne when
 * the saved month has gone by, and the guest then chooses another month before going on.
 */
export function resumeStepOf(flags: OnboardingFlags): OnboardingPosition {
  if (flags.proceesCompleted) return 'completed';
  if (!flags.stepOne) return 'campaign';
  if (flags.stepTwo && flags.stepThree) return 'password';
  if (flags.stepTwo) return 'branch';
  return 'payment';
}

/**
 * What a guest's menu says instead of going anywhere (a guest's menu never navigates, spec 2 §2.1).
 * Before the first campaign is saved: that the features come with it (spec 2). Once it is saved and
 * the train runs: the guest flow's leave alert, 'Please complete the onboarding process in order to
 * move on another page.' (spec 1 §8), since leaving now would leave the onboarding half done.
 */
export function guestMenuAlert(flags: Pick<OnboardingFlags, 'stepOne'>): string {
  return flags.stepOne ? messages.campaign.leaveGuardGuest : messages.auth.guestFeatureLocked;
}
