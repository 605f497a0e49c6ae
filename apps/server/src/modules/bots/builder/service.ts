import type {
  BotEntity,
  BotSays,
  botSaysSchema,
  entityWriteSchema,
  Intent,
  intentWriteSchema,
  ThresholdPreview,
} from '@convo/api';
import {
  BOT_LANGUAGES,
  type BotLanguage,
  botLanguagesOf,
  DEFAULT_INTENTS,
  phraseKey,
  type TrainingWarning,
  trainingWarnings,
} from '@convo/domain';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { enqueue } from '../../../platform/jobs/job-queue.js';
import {
  KOMPOSE_TRAIN_MAX_ATTEMPTS,
  KOMPOSE_TRAIN_QUEUE,
  type TrainJobPayload,
} from '../engines/kompose/queue.js';
import { confidenceThreshold, outOfScopePhrases } from '../engines/kompose/settings.js';
import { type BotRow, findBot, lockBot, updateBot } from '../repository.js';
import { DEFAULT_FALLBACK_TEXT, DEFAULT_WELCOME_TEXT } from './defaults.js';
import * as repo from './repository.js';

// The builder's Classic View: intents per bot and language (welcome message, answers, small talk,
// fallback), custom entities, and kompose's training state. Every save bumps the language's model
// version and enqueues its training in the same transaction, so a committed change is always
// trained eventually and a stale training result is never stored over a newer one.

type IntentInput = z.output<typeof intentWriteSchema>;
type EntityInput = z.output<typeof entityWriteSchema>;
type BotSaysValue = z.output<typeof botSaysSchema>;

/** Rich templates the widget renders (apps/widget/src/app/rich.tsx). */
const RICH_TEMPLATE_IDS = new Set(['3', '6', '7', '9', '10', '11']);
const SECTIONS_WITH_USER_SAYS = new Set(['answers', 'small-talk']);
const SECTION_ORDER = ['welcome-message', 'answers', 'small-talk', 'fallback'];
const DEFAULT_NAMES = new Set<string>([DEFAULT_INTENTS.welcome.name, DEFAULT_INTENTS.fallback.name]);

const botMissing = () => notFound('Bot not found.');
const intentMissing = () => notFound('Intent not found.');
const entityMissing = () => notFound('Entity not found.');

export async function requireBot(db: Db, applicationId: string, botId: string): Promise<BotRow> {
  const bot = await findBot(db, applicationId, botId);
  if (!bot) throw botMissing();
  return bot;
}

export function enabledLanguages(bot: BotRow): BotLanguage[] {
  return botLanguagesOf(bot);
}

function requireEnabled(bot: BotRow, language: string): void {
  if (!enabledLanguages(bot).includes(language as BotLanguage)) {
    throw badRequest('LANGUAGE_NOT_ENABLED', `The language '${language}' is not enabled for this bot.`);
  }
}

function toBotSays(raw: Record<string, unknown>): BotSays | null {
  if (raw.kind === 'text' && typeof raw.text === 'string') return { kind: 'text', text: raw.text };
  if (
    raw.kind === 'rich' &&
    typeof raw.text === 'string' &&
    raw.metadata &&
    typeof raw.metadata === 'object'
  ) {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.metadata)) if (typeof v === 'string') metadata[k] = v;
    return { kind: 'rich', text: raw.text, metadata };
  }
  return null;
}

export function storedBotSays(raw: readonly Record<string, unknown>[]): BotSays[] {
  return raw.map(toBotSays).filter((b): b is BotSays => b !== null);
}

export function toIntentView(row: repo.IntentRow): Intent {
  return {
    id: row.id,
    language: row.language,
    section: row.section,
    name: row.name,
    userSays: row.userSays,
    botSays: storedBotSays(row.botSays),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toEntityView(row: repo.EntityRow): BotEntity {
  return {
    id: row.id,
    entity: row.entity,
    locale: row.locale as BotLanguage,
    values: row.values,
  };
}

/**
 * Rules the zod schema cannot say: user-says phrases only in answers and small talk, the default
 * intents' names kept to their sections, rich replies the widget can render. Throws 400.
 */
export function checkIntent(input: IntentInput): void {
  if (!SECTIONS_WITH_USER_SAYS.has(input.section) && input.userSays.length > 0) {
    throw badRequest(
      'USER_SAYS_NOT_ALLOWED',
      'Only answers and small talk have user-says phrases; remove them from this intent.',
    );
  }
  const expected =
    input.section === 'welcome-message'
      ? DEFAULT_INTENTS.welcome.name
      : input.section === 'fallback'
        ? DEFAULT_INTENTS.fallback.name
        : null;
  if (expected !== null && input.name !== expected) {
    throw badRequest(
      'INVALID_INTENT_NAME',
      `The ${input.section} section has one intent, named '${expected}'.`,
    );
  }
  if (expected === null && DEFAULT_NAMES.has(input.name)) {
    throw badRequest(
      'INVALID_INTENT_NAME',
      `'${input.name}' is the name of a default intent; choose another.`,
    );
  }
  if (SECTIONS_WITH_USER_SAYS.has(input.section) && input.userSays.length === 0) {
    throw badRequest('USER_SAYS_REQUIRED', 'Add at least one phrase the customer may say.');
  }
  const folded = new Set<string>();
  for (const phrase of input.userSays) {
    const key = phrase.toLowerCase();
    if (folded.has(key)) throw badRequest('DUPLICATE_USER_SAYS', `The phrase '${phrase}' is listed twice.`);
    folded.add(key);
  }
  for (const [i, says] of input.botSays.entries()) checkBotSays(says, i);
}

function checkBotSays(says: BotSaysValue, index: number): void {
  if (says.kind !== 'rich') return;
  const where = `botSays.${index}`;
  if (says.metadata.contentType !== '300') {
    throw badRequest('INVALID_RICH_MESSAGE', `${where}: a rich message has metadata.contentType '300'.`);
  }
  const templateId = says.metadata.templateId ?? '';
  if (!RICH_TEMPLATE_IDS.has(templateId)) {
    throw badRequest(
      'INVALID_RICH_MESSAGE',
      `${where}: templateId must be one of ${[...RICH_TEMPLATE_IDS].join(', ')} (quick replies 6, buttons and links 3/11, list 7, images 9, cards 10).`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(says.metadata.payload ?? '');
  } catch {
    throw badRequest('INVALID_RICH_MESSAGE', `${where}: metadata.payload must be a JSON string.`);
  }
  const wantsObject = templateId === '7';
  if (
    wantsObject ? !payload || typeof payload !== 'object' || Array.isArray(payload) : !Array.isArray(payload)
  ) {
    throw badRequest(
      'INVALID_RICH_MESSAGE',
      `${where}: the payload of template ${templateId} is ${wantsObject ? 'an object' : 'a list'}.`,
    );
  }
  if (!wantsObject && (payload as unknown[]).length === 0) {
    throw badRequest('INVALID_RICH_MESSAGE', `${where}: the payload of template ${templateId} is empty.`);
  }
}

/** Bumps the language's model version and enqueues its training; call inside the save's tx. */
export async function scheduleTraining(tx: Db, bot: BotRow, language: string): Promise<void> {
  if (bot.engine !== 'kompose') return;
  await repo.bumpModelVersion(tx, bot.applicationId, bot.id, language);
  const payload: TrainJobPayload = { botId: bot.id, language };
  await enqueue(tx, {
    queue: KOMPOSE_TRAIN_QUEUE,
    applicationId: bot.applicationId,
    payload: { ...payload },
    maxAttempts: KOMPOSE_TRAIN_MAX_ATTEMPTS,
  });
}

export function defaultIntents(language: BotLanguage): repo.IntentValues[] {
  return [
    {
      language,
      section: 'welcome-message',
      name: DEFAULT_INTENTS.welcome.name,
      userSays: [],
      botSays: [{ kind: 'text', text: DEFAULT_WELCOME_TEXT[language] }],
    },
    {
      language,
      section: 'fallback',
      name: DEFAULT_INTENTS.fallback.name,
      userSays: [],
      botSays: [{ kind: 'text', text: DEFAULT_FALLBACK_TEXT[language] }],
    },
  ];
}

/** A language's intents (every enabled language without `language`); creates missing defaults. */
export async function listIntents(
  db: Db,
  applicationId: string,
  botId: string,
  language?: BotLanguage,
): Promise<Intent[]> {
  const bot = await requireBot(db, applicationId, botId);
  const languages = language ? [language] : enabledLanguages(bot);
  if (language) requireEnabled(bot, language);
  let rows = await repo.listIntents(db, applicationId, botId, languages);
  const missing = languages.flatMap((l) =>
    defaultIntents(l).filter((d) => !rows.some((r) => r.language === l && r.name === d.name)),
  );
  if (missing.length > 0) {
    await repo.insertMissingIntents(db, applicationId, botId, missing);
    rows = await repo.listIntents(db, applicationId, botId, languages);
  }
  // The builder's order: language, then its sections as shown, then oldest first.
  const rank = (r: repo.IntentRow) => SECTION_ORDER.indexOf(r.section);
  return rows
    .sort(
      (a, b) =>
        a.language.localeCompare(b.language) ||
        rank(a) - rank(b) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    )
    .map(toIntentView);
}

/**
 * The welcome intent's replies in a language (the runtime sends them when a conversation opens);
 * the translated default when the builder never listed that language.
 */
export async function welcomeReplies(
  db: Db,
  applicationId: string,
  botId: string,
  language: BotLanguage,
): Promise<BotSays[]> {
  const row = await repo.findIntentByName(db, applicationId, botId, language, DEFAULT_INTENTS.welcome.name);
  const says = row ? storedBotSays(row.botSays) : [];
  return says.length > 0 ? says : [{ kind: 'text', text: DEFAULT_WELCOME_TEXT[language] }];
}

const duplicate = (name: string, language: string) =>
  conflict('INTENT_EXISTS', `An intent named '${name}' already exists in '${language}'.`);

const values = (input: IntentInput): repo.IntentValues => ({
  language: input.language,
  section: input.section,
  name: input.name,
  userSays: input.userSays,
  botSays: input.botSays.map((b) => ({ ...b })),
});

export async function createIntent(
  db: Db,
  applicationId: string,
  botId: string,
  input: IntentInput,
): Promise<Intent> {
  checkIntent(input);
  try {
    return await db.transaction(async (tx) => {
      const bot = await lockedBot(tx, applicationId, botId);
      requireEnabled(bot, input.language);
      if (await repo.findIntentByName(tx, applicationId, botId, input.language, input.name)) {
        throw duplicate(input.name, input.language);
      }
      const row = await repo.insertIntent(tx, applicationId, botId, values(input));
      await scheduleTraining(tx, bot, input.language);
      return toIntentView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.name, input.language);
    throw err;
  }
}

async function lockedBot(tx: Db, applicationId: string, botId: string): Promise<BotRow> {
  // Concurrent saves of one bot queue up here (name checks, model versions).
  if (!(await lockBot(tx, applicationId, botId))) throw botMissing();
  return requireBot(tx, applicationId, botId);
}

export async function updateIntent(
  db: Db,
  applicationId: string,
  botId: string,
  intentId: string,
  input: IntentInput,
): Promise<Intent> {
  checkIntent(input);
  try {
    return await db.transaction(async (tx) => {
      const bot = await lockedBot(tx, applicationId, botId);
      const current = await repo.findIntent(tx, applicationId, botId, intentId);
      if (!current) throw intentMissing();
      if (current.language !== input.language) {
        throw badRequest(
          'LANGUAGE_CHANGE_NOT_ALLOWED',
          "An intent's language cannot change; copy it to the other language instead.",
        );
      }
      if (
        DEFAULT_NAMES.has(current.name) &&
        (current.name !== input.name || current.section !== input.section)
      ) {
        throw badRequest(
          'DEFAULT_INTENT',
          'The default welcome and fallback intents keep their name and section.',
        );
      }
      if (
        current.name !== input.name &&
        (await repo.findIntentByName(tx, applicationId, botId, input.language, input.name))
      ) {
        throw duplicate(input.name, input.language);
      }
      const { language: _language, ...rest } = values(input);
      const row = await repo.updateIntent(tx, applicationId, botId, intentId, rest);
      if (!row) throw intentMissing();
      await scheduleTraining(tx, bot, input.language);
      return toIntentView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.name, input.language);
    throw err;
  }
}

/** Deletes an answer in its language, or (allLanguages) the answer of that name in every language. */
export async function deleteIntent(
  db: Db,
  applicationId: string,
  botId: string,
  intentId: string,
  allLanguages: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const bot = await lockedBot(tx, applicationId, botId);
    const current = await repo.findIntent(tx, applicationId, botId, intentId);
    if (!current) throw intentMissing();
    if (DEFAULT_NAMES.has(current.name)) {
      throw badRequest('DEFAULT_INTENT', 'The default welcome and fallback intents cannot be deleted.');
    }
    const languages = allLanguages ? [...BOT_LANGUAGES] : [current.language];
    const touched = await repo.deleteIntentsByName(tx, applicationId, botId, current.name, languages);
    for (const language of new Set(touched)) await scheduleTraining(tx, bot, language);
    return touched.length;
  });
}

/** 'Yes, copy!': the chosen intents (all answers and small talk by default) to every other enabled language. */
export async function copyIntents(
  db: Db,
  applicationId: string,
  botId: string,
  input: { from: BotLanguage; intentIds?: string[] | undefined },
): Promise<Intent[]> {
  return db.transaction(async (tx) => {
    const bot = await lockedBot(tx, applicationId, botId);
    requireEnabled(bot, input.from);
    const targets = enabledLanguages(bot).filter((l) => l !== input.from);
    if (targets.length === 0) {
      throw badRequest('NO_OTHER_LANGUAGE', 'Enable another language before copying answers to it.');
    }
    const source = await repo.listIntents(tx, applicationId, botId, [input.from]);
    const picked = input.intentIds
      ? source.filter((r) => input.intentIds?.includes(r.id))
      : source.filter((r) => SECTIONS_WITH_USER_SAYS.has(r.section));
    if (input.intentIds && picked.length !== new Set(input.intentIds).size) {
      throw notFound(`Some intents were not found in '${input.from}'.`);
    }
    const copies: Intent[] = [];
    for (const language of targets) {
      for (const row of picked) {
        const copy = await repo.upsertIntent(tx, applicationId, botId, {
          language,
          section: row.section,
          name: row.name,
          userSays: row.userSays,
          botSays: row.botSays,
        });
        copies.push(toIntentView(copy));
      }
      if (picked.length > 0) await scheduleTraining(tx, bot, language);
    }
    return copies;
  });
}

// ---- entities ----

export async function listEntities(
  db: Db,
  applicationId: string,
  botId: string,
  locale?: BotLanguage,
): Promise<BotEntity[]> {
  await requireBot(db, applicationId, botId);
  return (await repo.listEntities(db, applicationId, botId, locale)).map(toEntityView);
}

const entityDuplicate = (input: EntityInput) =>
  conflict('ENTITY_EXISTS', `An entity named '${input.entity}' already exists in '${input.locale}'.`);

export function checkEntity(input: EntityInput): void {
  const seen = new Set<string>();
  for (const v of input.values) {
    for (const word of [v.value, ...v.synonyms]) {
      const key = word.toLowerCase();
      if (seen.has(key))
        throw badRequest('DUPLICATE_ENTITY_VALUE', `'${word}' is listed twice in this entity.`);
      seen.add(key);
    }
  }
}

export async function createEntity(
  db: Db,
  applicationId: string,
  botId: string,
  input: EntityInput,
): Promise<BotEntity> {
  checkEntity(input);
  try {
    return await db.transaction(async (tx) => {
      const bot = await lockedBot(tx, applicationId, botId);
      const existing = await repo.listEntities(tx, applicationId, botId, input.locale);
      if (existing.some((e) => e.entity === input.entity)) throw entityDuplicate(input);
      const row = await repo.insertEntity(tx, applicationId, botId, input);
      // Answers fill {entity} placeholders from the trained snapshot: retrain that language.
      if (enabledLanguages(bot).includes(input.locale)) await scheduleTraining(tx, bot, input.locale);
      return toEntityView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw entityDuplicate(input);
    throw err;
  }
}

export async function updateEntity(
  db: Db,
  applicationId: string,
  botId: string,
  entityId: string,
  input: EntityInput,
): Promise<BotEntity> {
  checkEntity(input);
  try {
    return await db.transaction(async (tx) => {
      const bot = await lockedBot(tx, applicationId, botId);
      const current = await repo.findEntity(tx, applicationId, botId, entityId);
      if (!current) throw entityMissing();
      const row = await repo.updateEntity(tx, applicationId, botId, entityId, input);
      if (!row) throw entityMissing();
      for (const locale of new Set([current.locale, input.locale])) {
        if (enabledLanguages(bot).includes(locale as BotLanguage)) await scheduleTraining(tx, bot, locale);
      }
      return toEntityView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw entityDuplicate(input);
    throw err;
  }
}

export async function deleteEntity(
  db: Db,
  applicationId: string,
  botId: string,
  entityId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const bot = await lockedBot(tx, applicationId, botId);
    const row = await repo.deleteEntity(tx, applicationId, botId, entityId);
    if (!row) throw entityMissing();
    if (enabledLanguages(bot).includes(row.locale as BotLanguage))
      await scheduleTraining(tx, bot, row.locale);
  });
}

// ---- training ----

export interface TrainingState {
  language: string;
  warnings: TrainingWarning[];
  status: 'idle' | 'training' | 'ready' | 'failed';
  error: string | null;
  trainedAt: number | null;
  stale: boolean;
}

const STATUSES = new Set(['idle', 'training', 'ready', 'failed']);

export async function trainingStates(db: Db, applicationId: string, botId: string): Promise<TrainingState[]> {
  const bot = await requireBot(db, applicationId, botId);
  const languages = enabledLanguages(bot);
  const [rows, intents] = await Promise.all([
    repo.listModelStates(db, applicationId, botId),
    repo.listIntents(db, applicationId, botId, languages),
  ]);
  return languages.map((language) => {
    const row = rows.find((r) => r.language === language);
    // What will go wrong with the phrases as they are (they train all the same).
    const warnings =
      bot.engine === 'kompose'
        ? trainingWarnings({ language, intents: intents.filter((i) => i.language === language) })
        : [];
    if (!row) return { language, warnings, status: 'idle', error: null, trainedAt: null, stale: false };
    return {
      language,
      warnings,
      status: (STATUSES.has(row.status) ? row.status : 'idle') as TrainingState['status'],
      error: row.error,
      trainedAt: row.trainedAt ? row.trainedAt.getTime() : null,
      stale: row.version > row.trainedVersion,
    };
  });
}

/** "Train now": every enabled language, or one. */
export async function trainNow(
  db: Db,
  applicationId: string,
  botId: string,
  language?: BotLanguage,
): Promise<TrainingState[]> {
  await db.transaction(async (tx) => {
    const bot = await lockedBot(tx, applicationId, botId);
    if (bot.engine !== 'kompose') {
      throw badRequest(
        'NOT_TRAINABLE',
        'Only kompose bots are trained; this bot answers through its engine.',
      );
    }
    if (language) requireEnabled(bot, language);
    for (const l of language ? [language] : enabledLanguages(bot)) await scheduleTraining(tx, bot, l);
  });
  return trainingStates(db, applicationId, botId);
}

// ---- "this should have been…" (the test panel) ----

/** Most messages a language keeps marked "none of these answers". */
const MAX_OUT_OF_SCOPE_PHRASES = 500;
/** An intent's most phrases (intentWriteSchema). */
const MAX_USER_SAYS = 500;

/**
 * The test panel's correction: the message becomes a phrase of `intent` (an answer or small talk),
 * or with `intent` null one of the messages marked "none of these answers". The same phrase is
 * taken out of the other intents (unless it is their only one) and of the out-of-scope list, so the
 * correction is not fighting an earlier one; the language retrains.
 */
export async function correctPhrase(
  db: Db,
  applicationId: string,
  botId: string,
  input: { message: string; language: BotLanguage; intent: string | null },
): Promise<void> {
  const message = input.message.trim();
  const key = phraseKey(message);
  if (key === '') throw badRequest('INVALID_PHRASE', 'The message has no words to learn from.');
  await db.transaction(async (tx) => {
    const bot = await lockedBot(tx, applicationId, botId);
    if (bot.engine !== 'kompose') {
      throw badRequest(
        'NOT_TRAINABLE',
        'Only kompose bots are trained; this bot answers through its engine.',
      );
    }
    requireEnabled(bot, input.language);
    const intents = (await repo.listIntents(tx, applicationId, botId, [input.language])).filter((i) =>
      SECTIONS_WITH_USER_SAYS.has(i.section),
    );
    const target = input.intent === null ? null : intents.find((i) => i.name === input.intent);
    if (input.intent !== null && !target) throw intentMissing();

    for (const intent of intents) {
      const has = intent.userSays.some((p) => phraseKey(p) === key);
      if (intent === target) {
        if (has) continue;
        if (intent.userSays.length >= MAX_USER_SAYS) {
          throw badRequest('TOO_MANY_PHRASES', `An intent has at most ${MAX_USER_SAYS} phrases.`);
        }
        await repo.updateIntent(tx, applicationId, botId, intent.id, {
          section: intent.section,
          name: intent.name,
          userSays: [...intent.userSays, message],
          botSays: intent.botSays,
        });
        continue;
      }
      const kept = intent.userSays.filter((p) => phraseKey(p) !== key);
      if (!has || kept.length === 0) continue;
      await repo.updateIntent(tx, applicationId, botId, intent.id, {
        section: intent.section,
        name: intent.name,
        userSays: kept,
        botSays: intent.botSays,
      });
    }

    const marked = outOfScopePhrases(bot.settings, input.language);
    const others = marked.filter((p) => phraseKey(p) !== key);
    const next = input.intent === null ? [...others, message].slice(-MAX_OUT_OF_SCOPE_PHRASES) : others;
    if (next.length !== marked.length || input.intent === null) {
      const stored = bot.settings.outOfScopePhrases;
      const all: Record<string, unknown> =
        stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...stored } : {};
      if (next.length > 0) all[input.language] = next;
      else delete all[input.language];
      const settings: Record<string, unknown> = { ...bot.settings, outOfScopePhrases: all };
      if (Object.keys(all).length === 0) delete settings.outOfScopePhrases;
      await updateBot(tx, applicationId, botId, { settings });
    }
    await scheduleTraining(tx, bot, input.language);
  });
}

// ---- threshold preview ----

/** How the bot's recent answers would split at another threshold (stored confidences in percent). */
export function previewThreshold(
  confidences: readonly number[],
  threshold: number,
  current: number,
): ThresholdPreview {
  const percent = (t: number) => Math.round(t * 100);
  const answered = confidences.filter((c) => c >= percent(threshold)).length;
  const changed = confidences.filter((c) => c >= percent(threshold) !== c >= percent(current)).length;
  return {
    threshold,
    currentThreshold: current,
    total: confidences.length,
    answered,
    fallBack: confidences.length - answered,
    changed,
  };
}

export async function thresholdPreview(
  db: Db,
  applicationId: string,
  botId: string,
  threshold: number,
): Promise<ThresholdPreview> {
  const bot = await requireBot(db, applicationId, botId);
  const confidences = await repo.recentAnswerConfidences(db, applicationId, botId, 1000);
  return previewThreshold(confidences, threshold, confidenceThreshold(bot.settings));
}
