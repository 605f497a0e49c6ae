import { MS_IN_DAY } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { dayPart, firstName, planView, trialSummary } from './workspace';

describe('dayPart', () => {
  it('splits the day', () => {
    expect(dayPart(4)).toBe('evening');
    expect(dayPart(5)).toBe('morning');
    expect(dayPart(11)).toBe('morning');
    expect(dayPart(12)).toBe('afternoon');
    expect(dayPart(17)).toBe('afternoon');
    expect(dayPart(18)).toBe('evening');
  });
});

describe('firstName', () => {
  it('takes the first word', () => {
    expect(firstName('  Ada Lovelace ')).toBe('Ada');
    expect(firstName('')).toBe('');
  });
});

describe('trialSummary', () => {
  const created = Date.UTC(2025, 0, 1);

  it('counts the days left from creation time and trial period', () => {
    const app = { createdAtTime: created, trialPeriod: 14, subscriptionPlan: 'trial' };
    expect(trialSummary(app, created + 4 * MS_IN_DAY + 1000)).toEqual({ status: 'active', daysLeft: 10 });
  });

  it('reports an ended trial', () => {
    const app = { createdAtTime: created, trialPeriod: 14, subscriptionPlan: 'free' };
    expect(trialSummary(app, created + 20 * MS_IN_DAY)).toEqual({ status: 'expired', daysLeft: 0 });
  });

  it('has no trial on a paid plan', () => {
    const app = { createdAtTime: created, trialPeriod: 30, subscriptionPlan: 'professional' };
    expect(trialSummary(app, created).status).toBe('none');
  });

  it('falls back to the standard trial length when the period is missing', () => {
    const app = { createdAtTime: created, trialPeriod: 0, subscriptionPlan: 'trial' };
    expect(trialSummary(app, created).daysLeft).toBe(30);
  });
});

describe('planView', () => {
  const now = Date.UTC(2026, 0, 10);
  const onTrial = { createdAtTime: now - 2 * MS_IN_DAY, trialPeriod: 30, subscriptionPlan: 'trial' };
  it('shows no trial on a server without a billing provider', () => {
    expect(planView('operator', onTrial, now)).toEqual({ kind: 'operator' });
  });
  it('keeps the trial countdown with a billing provider', () => {
    expect(planView('billed', onTrial, now)).toEqual({ kind: 'plan', trial: trialSummary(onTrial, now) });
    expect(planView('billed', onTrial, now)).toMatchObject({ trial: { status: 'active', daysLeft: 28 } });
  });
  it('shows no countdown until the billing mode is known', () => {
    expect(planView(undefined, onTrial, now)).toEqual({ kind: 'plan', trial: null });
  });
});
