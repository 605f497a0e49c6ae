import { type CustomWebhookRequest, customWebhookResponseSchema } from '@convo/api';
import { DEFAULT_INTENTS } from '@convo/domain';
import { type BotEngine, BotEngineError, type BotMessage, type BotReply } from '../../engine.js';
import { credentialsFor } from './credentials.js';
import { callJson } from './http.js';

// The custom engine: the admin's own server answers (docs/bots/custom-webhook.md). Each customer
// message is POSTed as the documented request; the answer is an array of { message, metadata }.
// KM_ASSIGN_TO / KM_ASSIGN_TEAM in a message's metadata hand the conversation to that agent or
// team. A call that times out, cannot connect or gets a 5xx is tried once more; after that the
// runtime sends the bot's fallback message and shows the error on the bot.

export const CUSTOM_WEBHOOK_TIMEOUT_MS = 60_000;
const PROVIDER = 'The custom bot webhook';

export interface CustomEngineOptions {
  /** One attempt's deadline (default 60 s; tests shorten it). */
  timeoutMs?: number | undefined;
}

function retriable(err: unknown): boolean {
  if (!(err instanceof BotEngineError)) return false;
  return err.code === 'TIMEOUT' || (err.code === 'PROVIDER_ERROR' && !/answered 4\d\d/.test(err.message));
}

export function createCustomEngine(options: CustomEngineOptions = {}): BotEngine {
  const timeoutMs = options.timeoutMs ?? CUSTOM_WEBHOOK_TIMEOUT_MS;
  return {
    kind: 'custom',
    // Two attempts and a margin: the runtime's own deadline must not cut the retry short.
    deadlineMs: timeoutMs * 2 + 1000,
    async reply(input) {
      const creds = credentialsFor(input.bot, 'custom');
      const m = input.message;
      const request: CustomWebhookRequest = {
        botId: input.bot.id,
        key: m?.key ?? '',
        from: m?.from ?? '',
        message: input.turns.at(-1)?.text ?? '',
        groupId: m?.conversationId ?? 0,
        metadata: m?.metadata ?? {},
        contentType: m?.contentType ?? 0,
        applicationKey: m?.applicationKey ?? '',
        source: m?.source ?? '',
        eventName: 'message',
        createdAt: m?.createdAt ?? Date.now(),
      };
      const call = () =>
        callJson({
          url: creds.webhookUrl,
          headers: {
            'user-agent': 'Convo-Custom-Bot/1.0',
            ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
          },
          body: request,
          signal: AbortSignal.any([input.signal, AbortSignal.timeout(timeoutMs)]),
          provider: PROVIDER,
        });
      let json: unknown;
      try {
        json = await call();
      } catch (err) {
        if (!retriable(err) || input.signal.aborted) throw err;
        json = await call();
      }
      const parsed = customWebhookResponseSchema.safeParse(json);
      if (!parsed.success)
        throw new BotEngineError(
          'PROVIDER_ERROR',
          `${PROVIDER} did not answer an array of { "message": "…", "metadata": {…} }.`,
        );
      const messages: BotMessage[] = [];
      let handoff: BotReply['handoff'];
      for (const item of parsed.data) {
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(item.metadata ?? {}))
          if (v != null) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
        const assignTo = metadata.KM_ASSIGN_TO;
        const assignTeam = metadata.KM_ASSIGN_TEAM;
        if (assignTo || assignTeam) handoff = { reason: 'the custom bot handed off', assignTo, assignTeam };
        delete metadata.KM_ASSIGN_TO;
        delete metadata.KM_ASSIGN_TEAM;
        const text = item.message ?? '';
        if (Object.keys(metadata).length > 0) messages.push({ kind: 'rich', text, metadata });
        else if (text.trim()) messages.push({ kind: 'text', text });
      }
      const fallback = messages.length === 0 && handoff === undefined;
      return {
        messages,
        intent: fallback ? DEFAULT_INTENTS.fallback.name : 'custom',
        confidence: fallback ? 0 : 1,
        fallback,
        ...(handoff ? { handoff } : {}),
      };
    },
  };
}
