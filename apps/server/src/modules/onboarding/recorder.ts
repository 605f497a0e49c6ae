import { isOnboardingState, type OnboardingState, onboardingStatesToRecord } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Records a setup-guide step when the action that reaches it happens (see step-sources.ts for which
// actions). The step is stored once, with its first time; 'onboarding completed' follows the last
// guide step. Recording never fails the action that triggered it: errors are logged.

export interface OnboardingRecorder {
  /** `userId` is the member whose action it was (null: a visitor's page, the system). */
  record(applicationId: string, userId: string | null, state: OnboardingState): Promise<void>;
}

export function createOnboardingRecorder(
  db: Db,
  log: { warn(obj: object, msg?: string): void },
): OnboardingRecorder {
  // Most actions are repeated (every reply, every resolve): a step known reached needs no query.
  const reached = new Map<string, Set<number>>();
  const known = (applicationId: string, state: number) => reached.get(applicationId)?.has(state) ?? false;
  return {
    async record(applicationId, userId, state) {
      if (!isOnboardingState(state) || known(applicationId, state)) return;
      try {
        const states = await db.transaction(async (tx) => {
          if (!(await repo.lockApplication(tx, applicationId))) return [];
          const stored = (await repo.listSteps(tx, applicationId)).map((s) => s.state);
          const added = onboardingStatesToRecord(stored, state);
          await repo.insertSteps(tx, applicationId, userId, added);
          return [...stored, ...added];
        });
        if (states.length > 0) reached.set(applicationId, new Set(states));
      } catch (err) {
        log.warn({ err, applicationId, state }, 'onboarding step not recorded');
      }
    },
  };
}
