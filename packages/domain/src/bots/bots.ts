// AI agents (bots) of SPEC §1-§4: their engines, the builder's sections, default intents, the
// multilingual defaults and when a bot hands a conversation to a human.

/** Every engine SPEC §1 names; only ENABLED_BOT_ENGINES can be picked until the others work. */
export const BOT_PLATFORMS = [
  'kompose',
  'openai',
  'gemini',
  'anthropic',
  'smartreply',
  'dialogflow',
  'dialogflowcx',
  'custom',
  'amazonlex',
  'watson',
  'viaKM',
] as const;
export type BotPlatform = (typeof BOT_PLATFORMS)[number];

export function isBotPlatform(value: string): value is BotPlatform {
  return (BOT_PLATFORMS as readonly string[]).includes(value);
}

export const BOT_PLATFORM_DISPLAY_NAMES: Readonly<Partial<Record<BotPlatform, string>>> = {
  dialogflow: 'Dialogflow',
  dialogflowcx: 'Dialogflow CX',
  amazonlex: 'Amazon Lex',
  custom: 'Custom',
  kompose: 'Kompose',
  watson: 'IBM Watson',
  openai: 'OpenAI',
  gemini: 'Gemini',
  anthropic: 'Anthropic',
};

/** Falls back to the raw key for platforms without a display name (smartreply, viaKM). */
export function botPlatformDisplayName(platform: string): string {
  return (BOT_PLATFORM_DISPLAY_NAMES as Readonly<Record<string, string | undefined>>)[platform] ?? platform;
}

/**
 * Engines trained and hosted elsewhere (issue 36): the bot forwards the customer's message to the
 * provider with the admin's credentials and sends what it answers.
 */
export const EXTERNAL_BOT_ENGINES = ['dialogflow', 'dialogflowcx', 'amazonlex', 'watson', 'custom'] as const;
export type ExternalBotEngine = (typeof EXTERNAL_BOT_ENGINES)[number];

export function isExternalEngine(engine: string): engine is ExternalBotEngine {
  return (EXTERNAL_BOT_ENGINES as readonly string[]).includes(engine);
}

/** Engines that need credentials of an external provider (viaKM: kompose first, then the provider). */
export function needsExternalCredentials(engine: string): boolean {
  return isExternalEngine(engine) || engine === 'viaKM';
}

/** The engines this release runs: every engine SPEC §1 names. */
export const ENABLED_BOT_ENGINES: readonly BotPlatform[] = [
  'kompose',
  'openai',
  'gemini',
  'anthropic',
  'smartreply',
  ...EXTERNAL_BOT_ENGINES,
  'viaKM',
];

/** Engines that answer through a language model and need a provider key (or a compatible URL). */
export const LLM_BOT_ENGINES: readonly BotPlatform[] = ['openai', 'gemini', 'anthropic'];

export function isLlmEngine(engine: BotPlatform): boolean {
  return LLM_BOT_ENGINES.includes(engine);
}

export type LlmBotEngine = 'openai' | 'gemini' | 'anthropic';

/**
 * The model an LLM bot uses when its settings name none: each provider's fast, inexpensive chat
 * model with tool calling (non-reasoning, so the first words arrive quickly).
 */
export const DEFAULT_LLM_MODELS: Readonly<Record<LlmBotEngine, string>> = {
  openai: 'gpt-4.1-mini',
  gemini: 'gemini-2.5-flash',
  anthropic: 'claude-haiku-4-5',
};

/** An OpenAI-compatible server (Ollama, vLLM, LM Studio) without a model in the settings. */
export const DEFAULT_OPENAI_COMPATIBLE_MODEL = 'llama3.1';

/** SPEC §3: the builder's operation mode defaults to classic (the Flow Designer comes later). */
export const BOT_OPERATION_MODES = ['classic', 'flow'] as const;
export type BotOperationMode = (typeof BOT_OPERATION_MODES)[number];
export const DEFAULT_BOT_OPERATION_MODE: BotOperationMode = 'classic';

/** SPEC §2 default intents. */
export const DEFAULT_INTENTS = {
  welcome: { name: 'welcome_event', displayName: 'Default Welcome Intent' },
  fallback: { name: 'fallback_intent', displayName: 'Default Fallback Intent' },
} as const;

/** SPEC §3 multilingual defaults: English, and the languages the product ships. */
export const BOT_DEFAULT_LANGUAGE = { name: 'English', code: 'en' } as const;
export const BOT_LANGUAGES = ['en', 'es', 'fr', 'kn'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];

export function isBotLanguage(value: string | null | undefined): value is BotLanguage {
  return value != null && (BOT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A bot's languages as stored, cleaned: its default first (English when the stored one is not a
 * language the product ships), then the other enabled ones.
 */
export function botLanguagesOf(bot: {
  defaultLanguage: string;
  languages: readonly string[];
}): BotLanguage[] {
  const first = isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : BOT_DEFAULT_LANGUAGE.code;
  return [first, ...bot.languages.filter(isBotLanguage).filter((l) => l !== first)];
}

export const BUILDER_SECTION_KEYS = [
  'agent-instructions',
  'welcome-message',
  'answers',
  'small-talk',
  'knowledge-source',
  'help-center-faq',
  'fallback',
  'generate-code',
] as const;
export type BuilderSectionKey = (typeof BUILDER_SECTION_KEYS)[number];

/**
 * SPEC §3 builder-section config. Texts are translation keys of the dashboard's `bots` namespace
 * (the dashboard owns wording, e.g. the agentic variant's "Agent Actions" for answers).
 */
export interface BuilderSection {
  key: BuilderSectionKey;
  /** Only answers and small talk have user-says phrases (SPEC §2). */
  hasUserSays: boolean;
  /** SPEC §2 placeholders for a new intent's name. */
  namePlaceholder: 'Enter Intent Name' | 'Enter Action Name' | null;
}

export function builderSections(variant: 'classic' | 'agentic'): readonly BuilderSection[] {
  const intentPlaceholder = variant === 'agentic' ? 'Enter Action Name' : 'Enter Intent Name';
  return [
    { key: 'agent-instructions', hasUserSays: false, namePlaceholder: null },
    { key: 'welcome-message', hasUserSays: false, namePlaceholder: null },
    { key: 'answers', hasUserSays: true, namePlaceholder: intentPlaceholder },
    { key: 'small-talk', hasUserSays: true, namePlaceholder: intentPlaceholder },
    { key: 'knowledge-source', hasUserSays: false, namePlaceholder: null },
    // SPEC §2 imported help-center FAQ editor: the help center's articles, edited as Q&A.
    { key: 'help-center-faq', hasUserSays: false, namePlaceholder: null },
    { key: 'fallback', hasUserSays: false, namePlaceholder: null },
    // SPEC §2 generate code: custom actions the application's LLM writes (issue 36 item 4).
    { key: 'generate-code', hasUserSays: false, namePlaceholder: null },
  ];
}

/** How many fallbacks in a row hand a conversation to a human unless the bot says otherwise. */
export const DEFAULT_FALLBACKS_BEFORE_HANDOFF = 2;

export type HandoffReason = 'customer-request' | 'repeated-fallback' | 'tool';

export interface HandoffInput {
  /** The customer asked for a person (see `asksForHuman`). */
  customerAskedForHuman: boolean;
  /** Fallback answers in a row, including the one about to be sent. */
  consecutiveFallbacks: number;
  /** 0 turns the repeated-fallback handoff off. */
  fallbacksBeforeHandoff: number;
  /** An LLM engine called its handoff tool. */
  toolRequested: boolean;
}

/** Whether (and why) the bot gives the conversation to the routing rules' agent or team now. */
export function handoffReason(input: HandoffInput): HandoffReason | null {
  if (input.customerAskedForHuman) return 'customer-request';
  if (input.toolRequested) return 'tool';
  if (input.fallbacksBeforeHandoff > 0 && input.consecutiveFallbacks >= input.fallbacksBeforeHandoff) {
    return 'repeated-fallback';
  }
  return null;
}

// Phrases customers use to ask for a person, per shipped language; matched on whole words after
// folding case and Latin accents, so "¿Puedo hablar con una PERSONA?" counts.
const HUMAN_REQUEST_PATTERNS: Readonly<Record<BotLanguage, readonly RegExp[]>> = {
  en: [
    /\b(talk|speak|chat)\s+(to|with)\s+(a|an|some|the)?\s*(human|person|agent|someone|somebody|representative|real person)\b/,
    /\b(human|live|real)\s+(agent|person|support)\b/,
    /\bagent please\b/,
  ],
  es: [
    /\b(hablar|chatear)\s+con\s+(un|una|el|la|alguien|algun)?\s*(humano|persona|agente|asesor)\b/,
    /\bagente humano\b/,
  ],
  fr: [
    /\b(parler|discuter)\s+(a|avec)\s+(un|une|quelqu'?un|le|la)?\s*(humain|personne|agent|conseiller|conseillere)\b/,
    /\bagent humain\b/,
  ],
  kn: [/ಮನುಷ್ಯ/, /ಏಜೆಂಟ್/, /ವ್ಯಕ್ತಿ/],
};

function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ');
}

/** True when the message asks for a human in any shipped language. */
export function asksForHuman(message: string): boolean {
  const folded = fold(message);
  return BOT_LANGUAGES.some((language) => HUMAN_REQUEST_PATTERNS[language].some((p) => p.test(folded)));
}

/**
 * True when the message holds one of the bot's own handoff words or phrases (the handover
 * settings), matched as whole words after folding case and Latin accents.
 */
export function mentionsHandoffWord(message: string, words: readonly string[]): boolean {
  const text = ` ${fold(message).replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')} `;
  return words.some((word) => {
    const folded = fold(word)
      .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
      .trim();
    return folded !== '' && text.includes(` ${folded} `);
  });
}

/** What a bot's handover settings add to the shipped phrases: the customer asks for a person. */
export function wantsHuman(message: string, handoffWords: readonly string[]): boolean {
  return asksForHuman(message) || mentionsHandoffWord(message, handoffWords);
}

/** The version of the bot export file (SPEC §2 /settings/export and /settings/import). */
export const BOT_EXPORT_FORMAT = 'convo-bot';
export const BOT_EXPORT_VERSION = 1;
