import type { StarterBot, StarterBotCreate } from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { requireAdmin } from '../../http/policy.js';
import { assertAiAgentAvailable } from '../billing/index.js';
import { insertMissingIntents } from './builder/repository.js';
import { defaultIntents, scheduleTraining } from './builder/service.js';
import * as knowledge from './knowledge/service.js';
import * as repo from './repository.js';
import { type BotDeps, createBotIn, viewOf } from './service.js';

// The setup guide's starter bot (issue 40 item 1): what took eight actions over three screens
// (create, first responder, builder, answer, phrases, save, train) is one call. The bot answers
// from the company's own material through the knowledge source, so it needs no phrases: its
// welcome and fallback are the builder's defaults, and the training queued here makes it ready.

export const STARTER_BOT_NAME = 'Assistant';
const LANGUAGE = 'en';

export async function createStarterBot(
  deps: BotDeps,
  caller: AuthContext,
  input: StarterBotCreate,
): Promise<StarterBot> {
  requireAdmin(caller, 'create bots');
  const { applicationId } = caller;
  const row = await deps.db.transaction(async (tx) => {
    if (deps.entitlements) await assertAiAgentAvailable(tx, deps.entitlements, applicationId);
    const bot = await createBotIn(tx, applicationId, {
      name: STARTER_BOT_NAME,
      engine: 'kompose',
      defaultLanguage: LANGUAGE,
    });
    await insertMissingIntents(tx, applicationId, bot.id, defaultIntents(LANGUAGE));
    await scheduleTraining(tx, bot, LANGUAGE);
    await repo.setFirstResponder(tx, applicationId, null, bot.id);
    // The source in the same transaction: a refused URL (a private address) leaves no half-made bot.
    const source =
      input.source === 'helpcenter'
        ? await knowledge.addHelpCenter(tx, applicationId, bot.id)
        : input.source === 'url'
          ? await knowledge.addUrl(tx, applicationId, bot.id, input.url)
          : null;
    return { bot, source };
  });
  return { bot: await viewOf(deps.db, applicationId, row.bot), source: row.source };
}
