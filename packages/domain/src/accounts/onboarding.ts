// Onboarding progress states of SPEC §3. Values 16-18 are unused by the spec.

export const ONBOARDING_STATE = {
  ACCOUNT_CREATED: 1,
  PROFILE_UPDATED: 2,
  SCRIPT_INSTALLED: 3,
  WIDGET_CUSTOMIZED: 4,
  MAILBOX_CONFIGURED: 5,
  WELCOME_MESSAGE_CREATED: 6,
  TEAM_INVITATION_SENT: 7,
  ONBOARDING_COMPLETED: 8,
  BOT_INTEGRATION: 9,
  CHANNEL_INTEGRATION: 10,
  GREETING_MESSAGE: 11,
  CONVERSATION_ASSIGNMENT: 12,
  SEND_REPLY: 13,
  QUICK_REPLY: 14,
  RESOLVE_FIRST_CONVERSATION: 15,
  DEMO_POP_MESSAGE: 19,
  BOT_CREATED: 20,
} as const;
export type OnboardingState = (typeof ONBOARDING_STATE)[keyof typeof ONBOARDING_STATE];

export const ONBOARDING_STATES: readonly OnboardingState[] = Object.values(ONBOARDING_STATE);

export function isOnboardingState(value: unknown): value is OnboardingState {
  return typeof value === 'number' && (ONBOARDING_STATES as readonly number[]).includes(value);
}

/** True when the list of reached states includes the given step. */
export function hasReachedOnboardingState(
  reached: readonly number[] | null | undefined,
  state: OnboardingState,
): boolean {
  return reached?.includes(state) ?? false;
}

/**
 * The setup guide's steps, in the order /welcome shows them: the states the product has an action
 * for. Mailbox (5) and channel (10) join the list when those integrations exist; bot integration (9)
 * is recorded but optional (an engine key); account created (1) is every application's starting
 * point, not a step to do.
 */
export const SETUP_GUIDE_STEPS: readonly OnboardingState[] = [
  // First: a bot that answers from what the company already has (issue 40, the starter bot).
  ONBOARDING_STATE.BOT_CREATED,
  ONBOARDING_STATE.PROFILE_UPDATED,
  ONBOARDING_STATE.SCRIPT_INSTALLED,
  ONBOARDING_STATE.WIDGET_CUSTOMIZED,
  ONBOARDING_STATE.WELCOME_MESSAGE_CREATED,
  ONBOARDING_STATE.GREETING_MESSAGE,
  ONBOARDING_STATE.TEAM_INVITATION_SENT,
  ONBOARDING_STATE.CONVERSATION_ASSIGNMENT,
  ONBOARDING_STATE.QUICK_REPLY,
  ONBOARDING_STATE.SEND_REPLY,
  ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION,
];

/**
 * What recording `state` adds to the reached states: nothing when already reached (a step keeps its
 * first time: state only moves forward), the state itself, and 'onboarding completed' (8) once every
 * guide step is reached. Returns the states to store, in order.
 */
export function onboardingStatesToRecord(
  reached: readonly number[],
  state: OnboardingState,
): OnboardingState[] {
  if (reached.includes(state)) return [];
  const after = [...reached, state];
  const completes =
    !after.includes(ONBOARDING_STATE.ONBOARDING_COMPLETED) &&
    SETUP_GUIDE_STEPS.every((step) => after.includes(step));
  return completes ? [state, ONBOARDING_STATE.ONBOARDING_COMPLETED] : [state];
}

/** Done guide steps out of all of them, and the percentage for the progress bar (whole number). */
export function setupGuideProgress(reached: readonly number[]): {
  done: number;
  total: number;
  percent: number;
} {
  const total = SETUP_GUIDE_STEPS.length;
  const done = SETUP_GUIDE_STEPS.filter((step) => reached.includes(step)).length;
  return { done, total, percent: Math.round((done / total) * 100) };
}

/** SPEC §3: a student skips the user-onboarding script. */
export function skipsUserOnboarding(userIndustryRole: string | null | undefined): boolean {
  return userIndustryRole === 'student';
}
