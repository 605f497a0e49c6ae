import { describe, expect, it } from 'vitest';
import {
  hasReachedOnboardingState,
  isOnboardingState,
  ONBOARDING_STATE,
  ONBOARDING_STATES,
  onboardingStatesToRecord,
  SETUP_GUIDE_STEPS,
  setupGuideProgress,
  skipsUserOnboarding,
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

describe('setup guide', () => {
  const all = [...SETUP_GUIDE_STEPS];

  it('records a new state once; a reached one adds nothing (forward only)', () => {
    expect(onboardingStatesToRecord([1], ONBOARDING_STATE.QUICK_REPLY)).toEqual([14]);
    expect(onboardingStatesToRecord([1, 14], ONBOARDING_STATE.QUICK_REPLY)).toEqual([]);
  });

  it('the last guide step also records onboarding completed, once', () => {
    const lastMissing = all.filter((s) => s !== ONBOARDING_STATE.SEND_REPLY);
    expect(onboardingStatesToRecord(lastMissing, ONBOARDING_STATE.SEND_REPLY)).toEqual([13, 8]);
    expect(
      onboardingStatesToRecord(
        [...all, 8].filter((s) => s !== 19),
        ONBOARDING_STATE.DEMO_POP_MESSAGE,
      ),
    ).toEqual([19]);
    expect(onboardingStatesToRecord(lastMissing, ONBOARDING_STATE.DEMO_POP_MESSAGE)).toEqual([19]);
  });

  it('progress counts guide steps only', () => {
    expect(setupGuideProgress([1, 19])).toEqual({ done: 0, total: all.length, percent: 0 });
    expect(setupGuideProgress([1, 2, 3])).toMatchObject({ done: 2 });
    expect(setupGuideProgress(all).percent).toBe(100);
  });

  it('students skip the user-onboarding script', () => {
    expect(skipsUserOnboarding('student')).toBe(true);
    expect(skipsUserOnboarding('developer')).toBe(false);
    expect(skipsUserOnboarding(null)).toBe(false);
  });
});
