import { DEFAULT_INTENTS } from '@convo/domain';
import { z } from 'zod';
import { type BotEngine, BotEngineError, type BotMessage, type BotReply } from '../../engine.js';
import { credentialsFor } from './credentials.js';
import { callJson, sessionIdOf } from './http.js';

// IBM Watson Assistant v2, stateless message (`POST {serviceUrl}/v2/assistants/{id}/message`),
// authenticated with the instance's API key as IBM documents for basic auth (user `apikey`). The
// official SDK is not used: it brings axios, whose connections would bypass the outbound guard.

export const WATSON_API_VERSION = '2021-11-27';

const responseSchema = z.object({
  output: z.object({
    generic: z
      .array(
        z.object({
          response_type: z.string(),
          text: z.string().optional(),
          user_defined: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .default([]),
    intents: z.array(z.object({ intent: z.string(), confidence: z.number() })).default([]),
  }),
});

/** Below this the assistant's answer is its "anything else" node: the bot falls back. */
const MIN_CONFIDENCE = 0.2;

export function createWatsonEngine(): BotEngine {
  return {
    kind: 'watson',
    async reply(input) {
      const creds = credentialsFor(input.bot, 'watson');
      const base = creds.serviceUrl.replace(/\/+$/, '');
      const url = `${base}/v2/assistants/${encodeURIComponent(creds.assistantId)}/message?version=${WATSON_API_VERSION}`;
      const json = await callJson({
        url,
        headers: { authorization: `Basic ${Buffer.from(`apikey:${creds.apiKey}`).toString('base64')}` },
        body: {
          input: { message_type: 'text', text: (input.turns.at(-1)?.text ?? '').slice(0, 2048) },
          user_id: sessionIdOf(input.bot.id, input.message?.conversationId),
        },
        signal: input.signal,
        provider: 'IBM Watson',
      });
      const parsed = responseSchema.safeParse(json);
      if (!parsed.success)
        throw new BotEngineError('PROVIDER_ERROR', 'IBM Watson answered an unexpected body.');
      const messages: BotMessage[] = [];
      let handoff: BotReply['handoff'];
      for (const g of parsed.data.output.generic) {
        if (g.response_type === 'text' && g.text?.trim()) messages.push({ kind: 'text', text: g.text });
        if (g.response_type === 'user_defined' && g.user_defined) {
          const metadata: Record<string, string> = {};
          for (const [k, v] of Object.entries(g.user_defined))
            if (v != null) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
          const assignTo = metadata.KM_ASSIGN_TO;
          const assignTeam = metadata.KM_ASSIGN_TEAM;
          if (assignTo || assignTeam)
            handoff = { reason: 'the Watson assistant handed off', assignTo, assignTeam };
          delete metadata.KM_ASSIGN_TO;
          delete metadata.KM_ASSIGN_TEAM;
          const text = metadata.message ?? '';
          delete metadata.message;
          if (Object.keys(metadata).length > 0) messages.push({ kind: 'rich', text, metadata });
          else if (text.trim()) messages.push({ kind: 'text', text });
        }
      }
      const top = parsed.data.output.intents[0];
      const fallback = (top === undefined || top.confidence < MIN_CONFIDENCE) && handoff === undefined;
      return {
        messages: fallback ? [] : messages,
        intent: fallback ? DEFAULT_INTENTS.fallback.name : (top?.intent ?? 'watson'),
        confidence: fallback ? 0 : (top?.confidence ?? 1),
        fallback,
        ...(handoff ? { handoff } : {}),
      };
    },
  };
}
