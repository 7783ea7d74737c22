import { resumeStepOf, type OnboardingPosition } from '@krowd/domain/onboarding/onboarding.rules';
import { onboardingSteps } from '@krowd/domain/onboarding/onboarding.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';

/**
 * Where the train opens (spec 1 §4): the step asked for, else the one the user's flags resume at.
 * The train follows the campaign form, so it never opens on the form itself.
 */
export function trainStartOf(user: SessionUser, asked?: OnboardingPosition): OnboardingPosition {
  const position = asked ?? resumeStepOf(user);
  return position === 'campaign' ? 'payment' : position;
}

/** The Stepper's active index: every step before it shows as passed; 'completed' passes them all. */
export function stepperIndexOf(position: OnboardingPosition): number {
  return position === 'completed' ? onboardingSteps.length : onboardingSteps.indexOf(position);
}
