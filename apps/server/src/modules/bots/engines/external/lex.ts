import http from 'node:http';
import {
  LexRuntimeV2Client,
  RecognizeTextCommand,
  type RecognizeTextCommandOutput,
} from '@aws-sdk/client-lex-runtime-v2';
import { DEFAULT_INTENTS } from '@convo/domain';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { outbound } from '../../../../platform/outbound/index.js';
import { type BotEngine, BotEngineError, type BotMessage, type BotReply } from '../../engine.js';
import { credentialsFor } from './credentials.js';
import { callError, sessionIdOf } from './http.js';

// Amazon Lex V2 RecognizeText with the official SDK (it signs with SigV4). Its connections go
// through the outbound guard: the endpoint is checked first (address literals) and the agents
// resolve names with the guard's lookup. LEX_RUNTIME_URL points every region at a local fake.

export interface LexConfig {
  /** One endpoint for every region (a local fake); undefined: AWS's regional endpoint. */
  endpoint?: string | undefined;
}

const PROVIDER = 'Amazon Lex';
const FALLBACK_INTENT = 'FallbackIntent';

function sdkError(err: unknown): BotEngineError {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  const name = err instanceof Error ? err.name : '';
  if (status === 401 || status === 403 || /Signature|Unrecognized|AccessDenied|Forbidden/.test(name))
    return new BotEngineError(
      'INVALID_CREDENTIALS',
      'Amazon Lex refused the credentials. Check the access key, secret, region and bot ids on the bot integrations page.',
    );
  if (status === 429 || name === 'ThrottlingException')
    return new BotEngineError('RATE_LIMITED', 'Amazon Lex is rate limiting the bot.');
  if (status === 404 || name === 'ResourceNotFoundException')
    return new BotEngineError('PROVIDER_ERROR', 'Amazon Lex has no such bot, alias or locale.');
  if (typeof status === 'number')
    return new BotEngineError('PROVIDER_ERROR', `Amazon Lex answered ${status}.`);
  return callError(err, PROVIDER);
}

/** A CustomPayload message: JSON with text and metadata (KM_ASSIGN_TO hands off), or plain text. */
function payloadMessage(content: string): { message: BotMessage | null; handoff?: BotReply['handoff'] } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { message: content.trim() ? { kind: 'text', text: content } : null };
  }
  if (typeof json !== 'object' || json === null) return { message: null };
  const o = json as Record<string, unknown>;
  const metadata: Record<string, string> = {};
  const raw =
    typeof o.metadata === 'object' && o.metadata !== null ? (o.metadata as Record<string, unknown>) : o;
  for (const [k, v] of Object.entries(raw))
    if (k !== 'message' && v != null) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
  const assignTo = metadata.KM_ASSIGN_TO;
  const assignTeam = metadata.KM_ASSIGN_TEAM;
  delete metadata.KM_ASSIGN_TO;
  delete metadata.KM_ASSIGN_TEAM;
  const text = typeof o.message === 'string' ? o.message : '';
  const message: BotMessage | null =
    Object.keys(metadata).length > 0
      ? { kind: 'rich', text, metadata }
      : text.trim()
        ? { kind: 'text', text }
        : null;
  return {
    message,
    ...(assignTo || assignTeam
      ? { handoff: { reason: 'the Lex bot handed off', assignTo, assignTeam } }
      : {}),
  };
}

export function createLexEngine(config: LexConfig): BotEngine {
  return {
    kind: 'amazonlex',
    async reply(input) {
      const creds = credentialsFor(input.bot, 'amazonlex');
      const endpoint = config.endpoint ?? `https://runtime-v2-lex.${creds.region}.amazonaws.com`;
      const text = input.turns.at(-1)?.text ?? '';
      let out: RecognizeTextCommandOutput;
      const client = new LexRuntimeV2Client({
        region: creds.region,
        endpoint,
        credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.secretAccessKey },
        maxAttempts: 1,
        requestHandler: new NodeHttpHandler({
          httpAgent: new http.Agent({ lookup: outbound.lookup, keepAlive: false }),
          httpsAgent: outbound.httpsAgent,
        }),
      });
      try {
        await outbound.assertUrl(endpoint);
        out = await client.send(
          new RecognizeTextCommand({
            botId: creds.botId,
            botAliasId: creds.botAliasId,
            localeId: creds.localeId,
            sessionId: sessionIdOf(input.bot.id, input.message?.conversationId),
            text: text.slice(0, 1024),
          }),
          { abortSignal: input.signal },
        );
      } catch (err) {
        throw sdkError(err);
      } finally {
        client.destroy();
      }
      const messages: BotMessage[] = [];
      let handoff: BotReply['handoff'];
      for (const m of out.messages ?? []) {
        if (!m.content) continue;
        if (m.contentType === 'CustomPayload') {
          const read = payloadMessage(m.content);
          if (read.message) messages.push(read.message);
          handoff ??= read.handoff;
        } else messages.push({ kind: 'text', text: m.content });
      }
      const intent = out.sessionState?.intent?.name ?? out.interpretations?.[0]?.intent?.name ?? '';
      const fallback = (intent === '' || intent === FALLBACK_INTENT) && handoff === undefined;
      const score = out.interpretations?.find((i) => i.intent?.name === intent)?.nluConfidence?.score;
      return {
        messages: fallback ? [] : messages,
        intent: fallback ? DEFAULT_INTENTS.fallback.name : intent,
        confidence: fallback ? 0 : (score ?? 1),
        fallback,
        ...(handoff ? { handoff } : {}),
      };
    },
  };
}
