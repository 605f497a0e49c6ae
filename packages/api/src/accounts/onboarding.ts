import { z } from 'zod';
import { successEnvelope } from './accounts.js';

// Product API (/api/onboarding): the setup guide's reached steps and the member's onboarding flags
// (SPEC §3, §7 onboarding GET and POST). Steps are recorded by the actions themselves; the POST only
// sets the flags a member may set for themselves.

export const onboardingStepSchema = z.object({
  state: z.number().int(),
  /** Epoch ms of the first time the step was reached. */
  reachedAt: z.number(),
  /** The member whose action reached it; null for the system or a visitor's page. */
  userId: z.string().nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingFlagsSchema = z.object({
  kmOnBoarding: z.boolean(),
  closeOnBoardingModalPermanently: z.boolean(),
  closePseudoBanner: z.boolean(),
  closeTrialDaysLeftBanner: z.boolean(),
  /** Computed from the application's trial; never set by a member. */
  trialDaysLeft: z.number().int(),
});
export type OnboardingFlags = z.infer<typeof onboardingFlagsSchema>;

export const onboardingSchema = z.object({
  applicationId: z.string(),
  steps: z.array(onboardingStepSchema),
  progress: z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() }),
  flags: onboardingFlagsSchema,
  /** SPEC §3: 'student' skips the user-onboarding script. */
  skipUserOnboarding: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
export const onboardingResponseSchema = successEnvelope(onboardingSchema);

/** Only the flags a member sets for themselves; unknown keys (steps, states, trial days) are refused. */
export const onboardingFlagsUpdateSchema = z
  .strictObject({
    kmOnBoarding: z.boolean().optional(),
    closeOnBoardingModalPermanently: z.boolean().optional(),
    closePseudoBanner: z.boolean().optional(),
    closeTrialDaysLeftBanner: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Give at least one flag.' });
export type OnboardingFlagsUpdate = z.input<typeof onboardingFlagsUpdateSchema>;
