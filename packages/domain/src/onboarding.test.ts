import { describe, expect, it } from 'vitest';
import {
  hasReachedOnboardingState,
  isOnboardingState,
  ONBOARDING_STATE,
  ONBOARDING_STATES,
} from './onboarding';

describe('onboarding states', () => {
  it('match SPEC values', () => {
    expect(ONBOARDING_STATE.ACCOUNT_CREATED).toBe(1);
    expect(ONBOARDING_STATE.ONBOARDING_COMPLETED).toBe(8);
    expect(ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION).toBe(15);
    expect(ONBOARDING_STATE.DEMO_POP_MESSAGE).toBe(19);
    expect(ONBOARDING_STATE.BOT_CREATED).toBe(20);
    expect(ONBOARDING_STATES).toHaveLength(17);
  });

  it('isOnboardingState skips the unused 16-18', () => {
    expect(isOnboardingState(15)).toBe(true);
    expect(isOnboardingState(16)).toBe(false);
    expect(isOnboardingState(18)).toBe(false);
    expect(isOnboardingState(20)).toBe(true);
    expect(isOnboardingState(0)).toBe(false);
  });

  it('hasReachedOnboardingState', () => {
    expect(hasReachedOnboardingState([1, 2, 20], ONBOARDING_STATE.BOT_CREATED)).toBe(true);
    expect(hasReachedOnboardingState([1, 2], ONBOARDING_STATE.BOT_CREATED)).toBe(false);
    expect(hasReachedOnboardingState(null, ONBOARDING_STATE.ACCOUNT_CREATED)).toBe(false);
  });
});
