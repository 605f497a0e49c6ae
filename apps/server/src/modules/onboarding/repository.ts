import { and, asc, eq, sql } from 'drizzle-orm';
import { applications, onboardingFlags, onboardingSteps, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the setup guide's steps and the members' onboarding flags are read or written;
// every query names the application.

export type OnboardingStepRow = typeof onboardingSteps.$inferSelect;
export type OnboardingFlagsRow = typeof onboardingFlags.$inferSelect;

export async function listSteps(db: Db, applicationId: string): Promise<OnboardingStepRow[]> {
  return db
    .select()
    .from(onboardingSteps)
    .where(eq(onboardingSteps.applicationId, applicationId))
    .orderBy(asc(onboardingSteps.reachedAt), asc(onboardingSteps.state));
}

/** Inserts the states not reached yet; a reached state keeps its first time and member. */
export async function insertSteps(
  db: Db,
  applicationId: string,
  userId: string | null,
  states: readonly number[],
): Promise<void> {
  if (states.length === 0) return;
  await db
    .insert(onboardingSteps)
    .values(states.map((state) => ({ applicationId, state, userId })))
    .onConflictDoNothing();
}

/** Serialises the recordings of one application (the 'completed' check reads what the others wrote). */
export async function lockApplication(db: Db, applicationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  return rows.length > 0;
}

export async function findApplication(db: Db, applicationId: string) {
  const [row] = await db
    .select({ createdAt: applications.createdAt, trialPeriodDays: applications.trialPeriodDays })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
}

export async function findMemberRole(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select({ userIndustryRole: users.userIndustryRole })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.id, userId)));
  return row;
}

export async function findFlags(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<OnboardingFlagsRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingFlags)
    .where(and(eq(onboardingFlags.applicationId, applicationId), eq(onboardingFlags.userId, userId)));
  return row;
}

export type FlagsPatch = Partial<
  Pick<
    OnboardingFlagsRow,
    'kmOnBoarding' | 'closeOnBoardingModalPermanently' | 'closePseudoBanner' | 'closeTrialDaysLeftBanner'
  >
>;

export async function upsertFlags(db: Db, applicationId: string, userId: string, patch: FlagsPatch) {
  await db
    .insert(onboardingFlags)
    .values({ applicationId, userId, ...patch })
    .onConflictDoUpdate({
      target: [onboardingFlags.applicationId, onboardingFlags.userId],
      set: { ...patch, updatedAt: sql`now()` },
    });
}
