import { z } from 'zod';
import { sessionUserSchema } from '../user/session-user.schema.ts';

/**
 * What the onboarding routes answer (the requests are in onboarding.schema.ts): the API serialises
 * through these allowlists and the web client's calls are typed from them.
 */

/** PUT users/onboarding/campaign and progress: the session user with the train's flags. */
export const onboardingUserSchema = z.object({ details: sessionUserSchema });
export type OnboardingUser = z.infer<typeof onboardingUserSchema>;

/** POST users/onboarding/complete: the full session's user (its token also goes in the cookie). */
export const onboardingCompletedSchema = z.object({ accessToken: z.string(), details: sessionUserSchema });
export type OnboardingCompleted = z.infer<typeof onboardingCompletedSchema>;
