import { PLAN_LLM_CAPS, ROLE_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { memoryLimitStore } from '../../../http/limit-store.js';
import { openTestDatabase, testDatabaseKinds } from '../../../testing/test-database.js';
import { provisionWorkspace } from '../../accounts/provision.js';
import { createEntitlements } from '../../billing/entitlements.js';
import { setPlan } from '../../billing/service.js';
import { createLlmCapGuard } from './llm-caps.js';

// The application's LLM ceilings by plan when billing is on (issue 32 item 3): read from the
// subscription through the entitlements, as productBots (app.ts) wires them.

describe.each(testDatabaseKinds())('LLM ceilings by plan on %s', (kind) => {
  it('reads the plan when billing is on, none without it, and bounds a bot that asks for more', async () => {
    const database = await openTestDatabase(kind);
    try {
      const provision = (name: string) =>
        database.db.transaction((tx) =>
          provisionWorkspace(tx, {
            companyName: name,
            owner: {
              email: `o@${name}.test`,
              name: 'Owner',
              passwordHash: null,
              roleType: ROLE_TYPE.SUPER_ADMIN,
            },
            product: 'classic',
          }),
        );
      const { application } = await provision('acme');
      const { application: second } = await provision('globex');
      const billed = createEntitlements(database.db, 'manual');
      const operator = createEntitlements(database.db, null);

      // A running trial counts as the top plan; without billing there is no plan ceiling.
      expect((await billed.of(application.id)).llmCalls).toEqual(PLAN_LLM_CAPS[3]);
      expect((await operator.of(application.id)).llmCalls).toBeNull();
      await setPlan(database.db, { applicationId: application.id, plan: 'starter', provider: 'manual' });
      billed.invalidate(application.id);
      expect((await billed.of(application.id)).llmCalls).toEqual(PLAN_LLM_CAPS[1]);

      // A bot asking for more than its plan pays for gets the plan's; the other application its own.
      const guard = createLlmCapGuard({
        limits: memoryLimitStore(),
        planCaps: async (id) => (await billed.of(id)).llmCalls,
      });
      const settings = { llmCaps: { applicationPerHour: 1_000_000 } };
      const refusedAt = async (applicationId: string, upTo: number) => {
        for (let i = 1; i <= upTo; i++) {
          const cap = await guard.charge({ applicationId, settings, visitorId: `v${i}`, address: null });
          if (cap) return { i, cap };
        }
        return null;
      };
      const starterHour = PLAN_LLM_CAPS[1].perHour;
      expect(await refusedAt(application.id, starterHour + 1)).toEqual({
        i: starterHour + 1,
        cap: { scope: 'application', window: 'hour', max: starterHour },
      });
      expect(await refusedAt(second.id, starterHour + 1)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
