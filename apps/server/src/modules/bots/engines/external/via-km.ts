import type { ExternalBotEngine } from '@convo/domain';
import { isExternalEngine } from '@convo/domain';
import { type BotEngine, BotEngineError } from '../../engine.js';

// viaKM: kompose answers first (the bot's own answers and knowledge); when it falls back, the
// message goes on to the external engine whose credentials the bot holds, and its answer is sent.

export function createViaKmEngine(deps: {
  kompose: BotEngine;
  externals: ReadonlyMap<ExternalBotEngine, BotEngine>;
}): BotEngine {
  const longest = Math.max(0, ...[...deps.externals.values()].map((e) => e.deadlineMs ?? 0));
  return {
    kind: 'viaKM',
    deadlineMs: longest > 0 ? longest : undefined,
    async reply(input) {
      const first = await deps.kompose.reply(input);
      if (!first.fallback) return first;
      const engine = (input.bot.credentials as { engine?: unknown } | null | undefined)?.engine;
      const next =
        typeof engine === 'string' && isExternalEngine(engine) ? deps.externals.get(engine) : undefined;
      if (!next)
        throw new BotEngineError(
          'INVALID_CREDENTIALS',
          'viaKM needs an external engine: add its credentials on the bot integrations page.',
        );
      return next.reply(input);
    },
  };
}
