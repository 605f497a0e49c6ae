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
