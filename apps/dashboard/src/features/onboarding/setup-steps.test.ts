import { SETUP_GUIDE_STEPS } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { setupSteps, testPageUrl } from './setup-steps';

describe('setup guide steps', () => {
  it('every guide step has a place where it is done, in the guide order', () => {
    const steps = setupSteps();
    expect(steps.map((s) => s.state)).toEqual([...SETUP_GUIDE_STEPS]);
    for (const step of steps) expect(step.to).toMatch(/^\/\w/);
    expect(new Set(steps.map((s) => s.key)).size).toBe(steps.length);
  });

  it('the test page names the application', () => {
    expect(testPageUrl('app 1')).toBe('/demo?appId=app%201');
  });
});
