import type { AiModelCredential, AiModelTestResult } from '@convo/api';
import { type BotPlatform, isLlmEngine } from '@convo/domain';
import { notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { type BotEngine, BotEngineError } from '../engine.js';
import { listBots, loadBotRuntime } from '../repository.js';

// Issue 38 item 6: the AI agents' provider keys as the integrations hub shows them (masked, never
// returned) and their "test connection": one short turn through the bot's own engine, so what is
// tested is exactly what answers customers (key, model, base URL, the outbound guard).

export interface CredentialTestDeps {
  db: Db;
  appSecret: string;
  /** The LLM engines this server runs (provider base URLs from config). */
  engines: Partial<Record<BotPlatform, BotEngine>>;
  /** Per test (default 20 s). */
  timeoutMs?: number | undefined;
}

const LLM = ['openai', 'gemini', 'anthropic'] as const;
type LlmKind = (typeof LLM)[number];
const isLlm = (engine: string): engine is LlmKind => (LLM as readonly string[]).includes(engine);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** "••••abcd": enough to tell keys apart, never enough to use one. */
export const maskKey = (key: string | null): string | null => (key ? `••••${key.slice(-4)}` : null);

export async function listCredentials(
  db: Db,
  appSecret: string,
  applicationId: string,
): Promise<AiModelCredential[]> {
  const out: AiModelCredential[] = [];
  for (const row of await listBots(db, applicationId)) {
    if (!isLlm(row.engine)) continue;
    const runtime = await loadBotRuntime(db, applicationId, row.id, appSecret);
    out.push({
      botId: row.id,
      botName: row.name,
      engine: row.engine,
      model: text(row.settings.model),
      baseUrl: text(row.settings.baseUrl),
      maskedKey: maskKey(runtime?.apiKey ?? null),
      lastError: row.lastError,
    });
  }
  return out;
}

export async function testCredential(
  deps: CredentialTestDeps,
  applicationId: string,
  botId: string,
): Promise<AiModelTestResult> {
  const bot = await loadBotRuntime(deps.db, applicationId, botId, deps.appSecret);
  if (!bot || !isLlmEngine(bot.engine)) throw notFound('No AI agent with a model provider here.');
  const engine = deps.engines[bot.engine];
  const started = Date.now();
  const result = (ok: boolean, code: string | null, message: string): AiModelTestResult => ({
    ok,
    code,
    message,
    latencyMs: Date.now() - started,
  });
  if (!engine) return result(false, 'PROVIDER_ERROR', 'This server does not run this provider.');
  try {
    await engine.reply({
      bot,
      turns: [{ role: 'customer', text: 'Reply with the single word: ok' }],
      // No knowledge: the test is about the provider, and must not read the bot's documents.
      tools: { searchKnowledge: async () => [] },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 20_000),
    });
    return result(true, null, 'Connected');
  } catch (err) {
    if (err instanceof BotEngineError) return result(false, err.code, err.message);
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      return result(false, 'TIMEOUT', 'The provider did not answer in time.');
    return result(false, 'PROVIDER_ERROR', 'The provider could not be reached.');
  }
}
