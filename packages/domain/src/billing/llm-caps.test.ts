import { describe, expect, it } from 'vitest';
import { PLAN } from './billing.js';
import {
  DEFAULT_LLM_CAPS,
  effectiveLlmCaps,
  llmCapList,
  llmCapName,
  PLAN_LLM_CAPS,
  planLlmCaps,
} from './llm-caps.js';

describe('LLM spend ceilings', () => {
  it('uses the defaults where the bot sets nothing, and ignores values out of range', () => {
    expect(effectiveLlmCaps(undefined, null)).toEqual(DEFAULT_LLM_CAPS);
    expect(effectiveLlmCaps({ visitorPerHour: 0, addressPerDay: 2.5, visitorPerDay: 'x' }, null)).toEqual(
      DEFAULT_LLM_CAPS,
    );
    expect(effectiveLlmCaps({ visitorPerHour: 3, addressPerHour: 500 }, null)).toMatchObject({
      visitorPerHour: 3,
      addressPerHour: 500,
    });
  });

  it('bounds the application ceilings by the plan when billing is on, not the visitor ones', () => {
    const plan = { perHour: 300, perDay: 2_000 };
    expect(effectiveLlmCaps({}, plan)).toMatchObject({ applicationPerHour: 300, applicationPerDay: 2_000 });
    expect(
      effectiveLlmCaps({ applicationPerHour: 50, applicationPerDay: 90_000, visitorPerHour: 900 }, plan),
    ).toMatchObject({ applicationPerHour: 50, applicationPerDay: 2_000, visitorPerHour: 900 });
    // Without billing the bot's own number holds.
    expect(effectiveLlmCaps({ applicationPerDay: 90_000 }, null).applicationPerDay).toBe(90_000);
  });

  it('reads the plan level as feature access does', () => {
    const at = (plan: string, pricingVersion: number | null, trial: 'active' | 'none' = 'none') =>
      planLlmCaps({ plan, pricingVersion, trial, ended: false });
    expect(at(PLAN.STARTER, 9)).toEqual(PLAN_LLM_CAPS[1]);
    expect(at(PLAN.PROFESSIONAL, 9)).toEqual(PLAN_LLM_CAPS[2]);
    expect(at(PLAN.ENTERPRISE, 9)).toEqual(PLAN_LLM_CAPS[3]);
    expect(at(PLAN.FREE, 9)).toEqual(PLAN_LLM_CAPS[0]);
    expect(at(PLAN.TRIAL, 9, 'active')).toEqual(PLAN_LLM_CAPS[3]);
    expect(at(PLAN.STARTER, null)).toEqual(PLAN_LLM_CAPS[3]);
    expect(planLlmCaps({ plan: PLAN.ENTERPRISE, pricingVersion: 9, trial: 'none', ended: true })).toEqual(
      PLAN_LLM_CAPS[0],
    );
    // Higher plans never get less.
    for (const level of [1, 2, 3] as const) {
      expect(PLAN_LLM_CAPS[level].perHour).toBeGreaterThan(PLAN_LLM_CAPS[(level - 1) as 0 | 1 | 2].perHour);
      expect(PLAN_LLM_CAPS[level].perDay).toBeGreaterThan(PLAN_LLM_CAPS[level].perHour);
    }
  });

  it('counts the narrowest ceiling first and leaves out scopes it cannot tell', () => {
    const names = (known: { visitor: boolean; address: boolean }) =>
      llmCapList(DEFAULT_LLM_CAPS, known).map(llmCapName);
    expect(names({ visitor: true, address: true })).toEqual([
      'visitor-hour',
      'visitor-day',
      'address-hour',
      'address-day',
      'application-hour',
      'application-day',
    ]);
    expect(names({ visitor: true, address: false })).toEqual([
      'visitor-hour',
      'visitor-day',
      'application-hour',
      'application-day',
    ]);
  });
});
