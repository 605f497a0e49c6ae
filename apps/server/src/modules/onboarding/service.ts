import type { Onboarding, OnboardingFlagsUpdate } from '@convo/api';
import { ONBOARDING_STATE, setupGuideProgress, skipsUserOnboarding, trialDaysLeft } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// The setup guide as a member reads it (SPEC §7 onboarding GET) and the flags they set themselves
// (onboarding POST). Steps are never written here: see recorder.ts and step-sources.ts.

export async function readOnboarding(db: Db, caller: AuthContext, now = new Date()): Promise<Onboarding> {
  const application = await repo.findApplication(db, caller.applicationId);
  if (!application) throw notFound('Application not found.');
  const [rows, flags, member] = await Promise.all([
    repo.listSteps(db, caller.applicationId),
    repo.findFlags(db, caller.applicationId, caller.userId),
    repo.findMemberRole(db, caller.applicationId, caller.userId),
  ]);
  // Every application starts at 'account created', when it was created.
  const steps = [
    ...(rows.some((r) => r.state === ONBOARDING_STATE.ACCOUNT_CREATED)
      ? []
      : [
          {
            state: ONBOARDING_STATE.ACCOUNT_CREATED,
            reachedAt: application.createdAt.getTime(),
            userId: null,
          },
        ]),
    ...rows.map((r) => ({ state: r.state, reachedAt: r.reachedAt.getTime(), userId: r.userId })),
  ];
  return {
    applicationId: caller.applicationId,
    steps,
    progress: setupGuideProgress(steps.map((s) => s.state)),
    flags: {
      kmOnBoarding: flags?.kmOnBoarding ?? true,
      closeOnBoardingModalPermanently: flags?.closeOnBoardingModalPermanently ?? false,
      closePseudoBanner: flags?.closePseudoBanner ?? false,
      closeTrialDaysLeftBanner: flags?.closeTrialDaysLeftBanner ?? false,
      trialDaysLeft: trialDaysLeft({
        createdAt: application.createdAt,
        now,
        trialDays: application.trialPeriodDays,
      }),
    },
    skipUserOnboarding: skipsUserOnboarding(member?.userIndustryRole),
  };
}

export async function updateFlags(
  db: Db,
  caller: AuthContext,
  patch: OnboardingFlagsUpdate,
): Promise<Onboarding> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await repo.upsertFlags(db, caller.applicationId, caller.userId, defined);
  return readOnboarding(db, caller);
}
