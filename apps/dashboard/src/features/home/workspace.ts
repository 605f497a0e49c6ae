import { type TrialStatus, trialDaysLeft, trialStatus } from '@convo/domain';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Part of the day for the greeting: 5-11 morning, 12-17 afternoon, else evening. */
export function dayPart(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export interface TrialSummary {
  status: TrialStatus;
  daysLeft: number;
}

/** Trial state of the application: its creation time and trial length (days), on free/trial plans only. */
export function trialSummary(
  application: { createdAtTime: number; trialPeriod: number; subscriptionPlan: string },
  now: number,
): TrialSummary {
  const trialDays = application.trialPeriod > 0 ? application.trialPeriod : undefined;
  const input = {
    createdAt: application.createdAtTime,
    now,
    ...(trialDays === undefined ? {} : { trialDays }),
  };
  const status = trialStatus({ ...input, plan: application.subscriptionPlan });
  return { status, daysLeft: status === 'active' ? trialDaysLeft(input) : 0 };
}

/** What the home page says about the plan: the operator plan, or the session's plan and trial. */
export type PlanView = { kind: 'operator' } | { kind: 'plan'; trial: TrialSummary | null };

/**
 * One story with the billing page: a server without a billing provider (billing mode `operator`)
 * runs every workspace on the operator plan, so there is no trial to count down. Until the billing
 * state is known (`mode` undefined) the plan shows without a countdown, never a trial that may not be.
 */
export function planView(
  mode: 'operator' | 'billed' | undefined,
  application: { createdAtTime: number; trialPeriod: number; subscriptionPlan: string },
  now: number,
): PlanView {
  if (mode === 'operator') return { kind: 'operator' };
  return { kind: 'plan', trial: mode === 'billed' ? trialSummary(application, now) : null };
}
