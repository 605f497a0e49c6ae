import { type ExternalCredentials, externalCredentialsSchema } from '@convo/api';
import type { ExternalBotEngine } from '@convo/domain';
import { BotEngineError, type BotRuntimeConfig } from '../../engine.js';

// The sealed credentials of an external engine as its engine reads them: validated again on every
// use (a record sealed by an older release, or for another engine, is refused with a clear error).

type Of<E extends ExternalBotEngine> = Extract<ExternalCredentials, { engine: E }>;

export function credentialsFor<E extends ExternalBotEngine>(bot: BotRuntimeConfig, engine: E): Of<E> {
  const stored = bot.credentials;
  if (stored === undefined || stored === null)
    throw new BotEngineError(
      'INVALID_CREDENTIALS',
      'No credentials are configured for this bot: add them on the bot integrations page.',
    );
  const parsed = externalCredentialsSchema.safeParse(stored);
  if (!parsed.success || parsed.data.engine !== engine)
    throw new BotEngineError(
      'INVALID_CREDENTIALS',
      'The stored credentials do not fit this engine: enter them again on the bot integrations page.',
    );
  const oauth = (stored as { oauth?: unknown }).oauth;
  const refreshToken =
    typeof oauth === 'object' && oauth !== null
      ? (oauth as { refreshToken?: unknown }).refreshToken
      : undefined;
  return {
    ...(parsed.data as Of<E>),
    ...(typeof refreshToken === 'string' ? { oauth: { refreshToken } } : {}),
  };
}
