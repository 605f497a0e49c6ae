// Pure helpers of the bots screens: paths, the engine picker's cards, the credentials form's body.

import type { Bot, BotEngineUpdate } from '@convo/api';
import {
  type BotPlatform,
  botPlatformDisplayName,
  ENABLED_BOT_ENGINES,
  isLlmEngine,
  needsExternalCredentials,
  type ProductVariant,
} from '@convo/domain';

export const BOT_SCREEN_PATHS = {
  manage: '/bots/manage-bots',
  integrations: '/bots/bot-integrations',
  builderList: '/bots/bot-builder-list',
  builder: '/bots/bot-builder',
  suggestions: '/bots/suggestions',
} as const;

/** The builder of a bot: one sub-path per engine, the bot in the query (`?botId=`). */
export function builderPath(bot: Pick<Bot, 'id' | 'engine'>): string {
  return `${BOT_SCREEN_PATHS.builder}/${encodeURIComponent(bot.engine)}?botId=${encodeURIComponent(bot.id)}`;
}

export interface EngineCard {
  engine: BotPlatform;
  displayName: string;
  /** LLM engines take a provider key and a model. */
  needsCredentials: boolean;
  /** OpenAI also speaks to OpenAI-compatible servers (Ollama, vLLM, LM Studio) at a base URL. */
  supportsBaseUrl: boolean;
  /** Dialogflow, Lex, Watson, custom and viaKM: the provider's credentials form. */
  external: boolean;
}

/** SPEC §3 display names; smartreply has none in the spec, so it gets a readable one here. */
export function engineDisplayName(engine: string): string {
  if (engine === 'smartreply') return 'Smart Reply';
  if (engine === 'viaKM') return 'viaKM (Kompose, then an external engine)';
  return botPlatformDisplayName(engine);
}

/** Only the engines this release runs (the others of SPEC §1 are not listed until they work). */
export const ENGINE_CARDS: readonly EngineCard[] = ENABLED_BOT_ENGINES.map((engine) => ({
  engine,
  displayName: engineDisplayName(engine),
  needsCredentials: isLlmEngine(engine),
  supportsBaseUrl: engine === 'openai',
  external: needsExternalCredentials(engine),
}));

export function engineCard(engine: string): EngineCard | undefined {
  return ENGINE_CARDS.find((card) => card.engine === engine);
}

export interface CredentialsValues {
  engine: string;
  model: string;
  baseUrl: string;
  /** Empty keeps the stored key (the field never shows it). */
  apiKey: string;
  removeKey: boolean;
}

export function credentialsInitial(bot: Bot, engine: string = bot.engine): CredentialsValues {
  const same = engine === bot.engine;
  return {
    engine,
    model: same ? (bot.settings.model ?? '') : '',
    baseUrl: same ? (bot.settings.baseUrl ?? '') : '',
    apiKey: '',
    removeKey: false,
  };
}

/** The PUT engine body: the key only when typed (or removed), the base URL only for OpenAI. */
export function credentialsBody(values: CredentialsValues): BotEngineUpdate {
  const card = engineCard(values.engine);
  const settings: BotEngineUpdate['settings'] = {};
  if (card?.needsCredentials) settings.model = values.model.trim();
  if (card?.supportsBaseUrl) settings.baseUrl = values.baseUrl.trim();
  const body: BotEngineUpdate = { engine: values.engine, settings };
  const key = values.apiKey.trim();
  if (key !== '') body.apiKey = key;
  else if (values.removeKey) body.apiKey = '';
  return body;
}

/** Returns a translation key of the `bots` namespace, or null when the base URL is fine. */
export function baseUrlError(value: string): 'integrations.errors.baseUrl' | null {
  const text = value.trim();
  if (text === '') return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'integrations.errors.baseUrl';
  } catch {
    return 'integrations.errors.baseUrl';
  }
}

/** Wording per variant: the agentic product says "AI agent" where the classic one says "bot". */
export type BotWording = 'classic' | 'agentic';
export const wordingOf = (variant: ProductVariant): BotWording =>
  variant === 'agentic' ? 'agentic' : 'classic';
