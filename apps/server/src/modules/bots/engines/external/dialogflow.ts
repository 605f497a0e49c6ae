import { DEFAULT_INTENTS } from '@convo/domain';
import { z } from 'zod';
import {
  type BotEngine,
  BotEngineError,
  type BotMessage,
  type BotReply,
  type BotReplyInput,
} from '../../engine.js';
import { credentialsFor } from './credentials.js';
import type { GoogleAuth, GoogleCredential } from './google-auth.js';
import { callJson, sessionIdOf } from './http.js';

// Dialogflow ES (`projects.agent.sessions.detectIntent`, v2) and CX (`projects.locations.agents.
// sessions.detectIntent`, v3) over REST: the customer's text in, the agent's text and custom
// payload messages out. A payload may carry KM_ASSIGN_TO / KM_ASSIGN_TEAM (hand the conversation
// to an agent or a team), as Kommunicate's Dialogflow integration reads them.

export interface DialogflowConfig {
  /** https://dialogflow.googleapis.com (ES and CX 'global'); the fake's URL in tests. */
  apiUrl: string;
  /**
   * CX regional agents live at https://<location>-dialogflow.googleapis.com; when the server's
   * URL is not Google's (a local fake), every location uses it.
   */
  auth: GoogleAuth;
}

const GOOGLE_API = 'https://dialogflow.googleapis.com';

const textSchema = z.object({ text: z.object({ text: z.array(z.string()).default([]) }) });
const payloadSchema = z.object({ payload: z.record(z.string(), z.unknown()) });
const messageSchema = z.union([textSchema, payloadSchema, z.record(z.string(), z.unknown())]);

const esResponseSchema = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z.array(messageSchema).optional(),
    intent: z.object({ displayName: z.string().optional(), isFallback: z.boolean().optional() }).optional(),
    intentDetectionConfidence: z.number().optional(),
    languageCode: z.string().optional(),
  }),
});

const cxResponseSchema = z.object({
  queryResult: z.object({
    responseMessages: z.array(messageSchema).optional(),
    match: z
      .object({
        intent: z.object({ displayName: z.string().optional() }).optional(),
        confidence: z.number().optional(),
        matchType: z.string().optional(),
      })
      .optional(),
    languageCode: z.string().optional(),
  }),
});

type Handoff = BotReply['handoff'];

/** Text messages and payloads (rich messages, handoff keys) of a Dialogflow answer. */
function readMessages(list: readonly z.infer<typeof messageSchema>[]): {
  messages: BotMessage[];
  handoff: Handoff;
} {
  const messages: BotMessage[] = [];
  let handoff: Handoff;
  for (const m of list) {
    const text = textSchema.safeParse(m);
    if (text.success) {
      const joined = text.data.text.text.join('\n').trim();
      if (joined !== '') messages.push({ kind: 'text', text: joined });
      continue;
    }
    const payload = payloadSchema.safeParse(m);
    if (!payload.success) continue;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(payload.data.payload)) {
      if (value === null || value === undefined) continue;
      metadata[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    const assignTo = metadata.KM_ASSIGN_TO;
    const assignTeam = metadata.KM_ASSIGN_TEAM;
    if (assignTo || assignTeam) {
      handoff = { reason: 'the Dialogflow agent handed off', assignTo, assignTeam };
      delete metadata.KM_ASSIGN_TO;
      delete metadata.KM_ASSIGN_TEAM;
    }
    const text2 = typeof payload.data.payload.message === 'string' ? payload.data.payload.message : '';
    if (Object.keys(metadata).length > 0) messages.push({ kind: 'rich', text: text2, metadata });
  }
  return { messages, handoff };
}

function googleCredential(creds: {
  serviceAccountKey?:
    | { client_email: string; private_key: string; private_key_id?: string | undefined }
    | undefined;
  oauth?: { refreshToken: string } | undefined;
}): GoogleCredential {
  if (creds.serviceAccountKey)
    return {
      kind: 'service-account',
      clientEmail: creds.serviceAccountKey.client_email,
      privateKey: creds.serviceAccountKey.private_key,
      keyId: creds.serviceAccountKey.private_key_id,
    };
  if (creds.oauth) return { kind: 'refresh-token', refreshToken: creds.oauth.refreshToken };
  throw new BotEngineError(
    'INVALID_CREDENTIALS',
    'Add a service account key or authorize the agent with Google on the bot integrations page.',
  );
}

function customerText(input: BotReplyInput): string {
  const last = input.turns.at(-1);
  if (last?.role !== 'customer') throw new BotEngineError('PROVIDER_ERROR', 'Nothing to answer.');
  return last.text.slice(0, 256); // Dialogflow refuses a text input over 256 characters.
}

function languageOf(input: BotReplyInput): string {
  return input.bot.defaultLanguage;
}

function fallbackReply(
  messages: BotMessage[],
  intent: string,
  confidence: number,
  fallback: boolean,
  handoff: Handoff,
): BotReply {
  return {
    messages,
    intent: fallback ? DEFAULT_INTENTS.fallback.name : intent || 'dialogflow',
    confidence: fallback ? 0 : confidence,
    fallback,
    ...(handoff ? { handoff } : {}),
  };
}

export function createDialogflowEngine(config: DialogflowConfig): BotEngine {
  return {
    kind: 'dialogflow',
    async reply(input) {
      const creds = credentialsFor(input.bot, 'dialogflow');
      const token = await config.auth.accessToken(input.bot.id, googleCredential(creds), input.signal);
      const session = sessionIdOf(input.bot.id, input.message?.conversationId);
      const url = `${config.apiUrl}/v2/projects/${encodeURIComponent(creds.projectId)}/agent/sessions/${session}:detectIntent`;
      const json = await callJson({
        url,
        headers: { authorization: `Bearer ${token}` },
        body: { queryInput: { text: { text: customerText(input), languageCode: languageOf(input) } } },
        signal: input.signal,
        provider: 'Dialogflow',
      }).catch((err: unknown) => {
        if (err instanceof BotEngineError && err.code === 'INVALID_CREDENTIALS')
          config.auth.forget(input.bot.id);
        throw err;
      });
      const parsed = esResponseSchema.safeParse(json);
      if (!parsed.success)
        throw new BotEngineError('PROVIDER_ERROR', 'Dialogflow answered an unexpected body.');
      const result = parsed.data.queryResult;
      const read = readMessages(result.fulfillmentMessages ?? []);
      if (read.messages.length === 0 && result.fulfillmentText)
        read.messages.push({ kind: 'text', text: result.fulfillmentText });
      const fallback = result.intent?.isFallback === true || result.intent === undefined;
      return fallbackReply(
        fallback ? [] : read.messages,
        result.intent?.displayName ?? '',
        result.intentDetectionConfidence ?? 1,
        fallback && read.handoff === undefined,
        read.handoff,
      );
    },
  };
}

export function createDialogflowCxEngine(config: DialogflowConfig): BotEngine {
  return {
    kind: 'dialogflowcx',
    async reply(input) {
      const creds = credentialsFor(input.bot, 'dialogflowcx');
      const token = await config.auth.accessToken(input.bot.id, googleCredential(creds), input.signal);
      const session = sessionIdOf(input.bot.id, input.message?.conversationId);
      const base =
        config.apiUrl === GOOGLE_API && creds.location !== 'global'
          ? `https://${creds.location}-dialogflow.googleapis.com`
          : config.apiUrl;
      const agent = `projects/${encodeURIComponent(creds.projectId)}/locations/${encodeURIComponent(creds.location)}/agents/${encodeURIComponent(creds.agentId)}`;
      const json = await callJson({
        url: `${base}/v3/${agent}/sessions/${session}:detectIntent`,
        headers: { authorization: `Bearer ${token}` },
        body: { queryInput: { text: { text: customerText(input) }, languageCode: languageOf(input) } },
        signal: input.signal,
        provider: 'Dialogflow CX',
      }).catch((err: unknown) => {
        if (err instanceof BotEngineError && err.code === 'INVALID_CREDENTIALS')
          config.auth.forget(input.bot.id);
        throw err;
      });
      const parsed = cxResponseSchema.safeParse(json);
      if (!parsed.success)
        throw new BotEngineError('PROVIDER_ERROR', 'Dialogflow CX answered an unexpected body.');
      const result = parsed.data.queryResult;
      const read = readMessages(result.responseMessages ?? []);
      // CX answers its no-match event with the flow's own words; they are kept unless there are none.
      const noMatch = result.match?.matchType === 'NO_MATCH' || result.match?.matchType === 'NO_INPUT';
      const fallback = noMatch && read.handoff === undefined;
      return fallbackReply(
        fallback && read.messages.length === 0 ? [] : read.messages,
        result.match?.intent?.displayName ?? '',
        result.match?.confidence ?? 1,
        fallback,
        read.handoff,
      );
    },
  };
}
