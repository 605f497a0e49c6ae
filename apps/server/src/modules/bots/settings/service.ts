import type { BotExportFile, BotImportPreview, BotWebhook, BotWebhookUpdate, IntentWrite } from '@convo/api';
import {
  BOT_EXPORT_FORMAT,
  BOT_EXPORT_VERSION,
  BOT_LANGUAGES,
  botLanguagesOf,
  DEFAULT_INTENTS,
  isBotLanguage,
} from '@convo/domain';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { outboundPolicy, webUrlProblem } from '../../../platform/outbound/index.js';
import { requireAdmin } from '../../teams/index.js';
import { findSecurity, sealSecret } from '../../webhooks/index.js';
import * as builderRepo from '../builder/repository.js';
import { checkEntity, checkIntent, listIntents, requireBot, scheduleTraining } from '../builder/service.js';
import { exportFlows, importFlows, previewFlowImport } from '../flows/service.js';
import { type BotRow, lockBot, updateBot } from '../repository.js';
import { dropClearedSettings, settingsView } from '../service.js';
import { FULFILLMENT_TIMEOUT_MS, webhookSettingsOf } from './fulfillment.js';

// The builder's settings pages that need more than the bots API: the fulfillment webhook (its
// secret sealed, never returned) and a bot's export file and import. The export holds what the
// builder edits — answers, small talk, welcome and fallback, entities, languages, non-secret
// settings — never the provider key or the webhook secret. An import keeps the target bot's name,
// engine and secrets; it adds or replaces intents and entities by name and merges the settings.

export interface BotSettingsDeps {
  db: Db;
  appSecret: string;
}

const botMissing = () => notFound('Bot not found.');
const DEFAULT_NAMES: readonly string[] = [DEFAULT_INTENTS.welcome.name, DEFAULT_INTENTS.fallback.name];

/** Refuses a plain-http URL when the application requires https (Settings → Webhooks security). */
async function assertUrlAllowed(db: Db, applicationId: string, url: string): Promise<void> {
  // The server must not post to its own network (unless OUTBOUND_ALLOW names it).
  const problem = webUrlProblem(url, outboundPolicy());
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The webhook URL ${problem}.`, [
      { path: 'url', message: problem },
    ]);
  if (!url.toLowerCase().startsWith('http:')) return;
  if ((await findSecurity(db, applicationId))?.requireHttps) {
    throw badRequest(
      'HTTPS_REQUIRED',
      'This application accepts https:// webhook URLs only (Settings → Webhooks security).',
    );
  }
}

function webhookView(bot: BotRow): BotWebhook {
  const webhook = webhookSettingsOf(bot.settings);
  return {
    url: webhook.url,
    intents: webhook.intents,
    hasSecret: bot.webhookSecretSealed !== null,
    timeoutMs: FULFILLMENT_TIMEOUT_MS,
  };
}

export async function getWebhook(deps: BotSettingsDeps, caller: AuthContext, botId: string) {
  return webhookView(await requireBot(deps.db, caller.applicationId, botId));
}

export async function updateWebhook(
  deps: BotSettingsDeps,
  caller: AuthContext,
  botId: string,
  input: BotWebhookUpdate,
): Promise<BotWebhook> {
  requireAdmin(caller, 'change bots');
  const url = input.url.trim();
  if (url !== '') await assertUrlAllowed(deps.db, caller.applicationId, url);
  const row = await deps.db.transaction(async (tx) => {
    const bot = await lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botMissing();
    let sealed = bot.webhookSecretSealed;
    if (input.secret !== undefined)
      sealed = input.secret === '' ? null : sealSecret(deps.appSecret, input.secret);
    if (url !== '' && sealed === null) {
      throw badRequest('SECRET_REQUIRED', 'Give the webhook a secret: every call is signed with it.');
    }
    const intents = [...new Set(input.intents)];
    if (intents.length > 0) {
      const known = new Set(
        (await builderRepo.listIntents(tx, caller.applicationId, botId)).map((i) => i.name),
      );
      const unknown = intents.filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw badRequest(
          'INTENT_NOT_FOUND',
          `The bot has no answer named ${unknown.map((n) => `'${n}'`).join(', ')}.`,
        );
      }
    }
    const settings: Record<string, unknown> = { ...bot.settings, webhookIntents: intents };
    if (url === '') delete settings.webhookUrl;
    else settings.webhookUrl = url;
    return (await updateBot(tx, caller.applicationId, botId, { settings, webhookSecretSealed: sealed }))!;
  });
  return webhookView(row);
}

// ---- export ----

export async function exportBot(
  deps: BotSettingsDeps,
  caller: AuthContext,
  botId: string,
): Promise<BotExportFile> {
  const bot = await requireBot(deps.db, caller.applicationId, botId);
  // The builder's list: it holds the welcome and fallback intents even before anybody opened them.
  const intents = await listIntents(deps.db, caller.applicationId, botId);
  const entities = await builderRepo.listEntities(deps.db, caller.applicationId, botId);
  const languages = bot.languages.filter(isBotLanguage);
  const webhook = webhookSettingsOf(bot.settings);
  return {
    format: BOT_EXPORT_FORMAT,
    version: BOT_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    bot: {
      name: bot.name,
      engine: bot.engine,
      defaultLanguage: isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : 'en',
      languages: languages.length > 0 ? languages : ['en'],
      operationMode: bot.operationMode === 'flow' ? 'flow' : 'classic',
      settings: settingsView(bot.settings),
      webhook: { url: webhook.url, intents: webhook.intents },
    },
    // Rows the builder would refuse (no reply, a language we do not ship) are left out.
    intents: intents.flatMap((row) => {
      if (row.botSays.length === 0 || !isBotLanguage(row.language)) return [];
      return [
        {
          language: row.language,
          section: row.section as IntentWrite['section'],
          name: row.name,
          userSays: row.userSays,
          botSays: row.botSays,
        },
      ];
    }),
    entities: entities.flatMap((row) =>
      isBotLanguage(row.locale) ? [{ entity: row.entity, locale: row.locale, values: row.values }] : [],
    ),
    flows: await exportFlows(deps.db, caller.applicationId, botId),
  };
}

// ---- import ----

/** The builder's own rules, each failure naming the item of the file it is about. */
function checkFile(file: BotExportFile): void {
  const where = (kind: string, index: number, name: string, err: unknown) => {
    if (err instanceof AppError) {
      return badRequest(err.code, `${kind}[${index}] '${name}': ${err.message}`, {
        path: `${kind}.${index}`,
      });
    }
    return err;
  };
  const intentKeys = new Set<string>();
  for (const [i, intent] of file.intents.entries()) {
    try {
      checkIntent(intent);
    } catch (err) {
      throw where('intents', i, intent.name, err);
    }
    const key = `${intent.language}\u0000${intent.name}`;
    if (intentKeys.has(key)) {
      throw badRequest(
        'DUPLICATE_IN_FILE',
        `intents[${i}] '${intent.name}' is listed twice for '${intent.language}'.`,
        { path: `intents.${i}` },
      );
    }
    intentKeys.add(key);
  }
  const entityKeys = new Set<string>();
  for (const [i, entity] of file.entities.entries()) {
    try {
      checkEntity(entity);
    } catch (err) {
      throw where('entities', i, entity.entity, err);
    }
    const key = `${entity.locale}\u0000${entity.entity}`;
    if (entityKeys.has(key)) {
      throw badRequest(
        'DUPLICATE_IN_FILE',
        `entities[${i}] '${entity.entity}' is listed twice for '${entity.locale}'.`,
        { path: `entities.${i}` },
      );
    }
    entityKeys.add(key);
  }
  if (!file.bot.languages.includes(file.bot.defaultLanguage)) {
    throw badRequest('INVALID_PARAMETER', 'bot.defaultLanguage must be one of bot.languages.', {
      path: 'bot.defaultLanguage',
    });
  }
}

/** Stable JSON for comparing settings (key order differs between jsonb and the file). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Previews (`dryRun`) or applies an export file to a bot. Applying runs in one transaction: the
 * languages and settings, every intent and entity, and the retraining of each touched language.
 */
export async function importBot(
  deps: BotSettingsDeps,
  caller: AuthContext,
  botId: string,
  file: BotExportFile,
  dryRun: boolean,
): Promise<BotImportPreview> {
  requireAdmin(caller, 'import bots');
  checkFile(file);
  const url = file.bot.webhook.url?.trim() ?? '';
  if (url !== '') {
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      throw badRequest('INVALID_PARAMETER', 'bot.webhook.url is not an http(s) URL.', {
        path: 'bot.webhook.url',
      });
    }
    await assertUrlAllowed(deps.db, caller.applicationId, url);
  }
  const baseUrlProblem = file.bot.settings.baseUrl
    ? webUrlProblem(file.bot.settings.baseUrl, outboundPolicy())
    : null;
  if (baseUrlProblem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `bot.settings.baseUrl ${baseUrlProblem}.`, [
      { path: 'bot.settings.baseUrl', message: baseUrlProblem },
    ]);
  const applicationId = caller.applicationId;

  const run = async (tx: Db): Promise<BotImportPreview> => {
    const bot = dryRun ? await requireBot(tx, applicationId, botId) : await lockBot(tx, applicationId, botId);
    if (!bot) throw botMissing();
    const [intents, entities] = await Promise.all([
      builderRepo.listIntents(tx, applicationId, botId),
      builderRepo.listEntities(tx, applicationId, botId),
    ]);
    // The default intents of the bot's languages exist for the builder even before they are stored.
    const existingIntents = new Set([
      ...intents.map((r) => `${r.language}\u0000${r.name}`),
      ...botLanguagesOf(bot).flatMap((l) => DEFAULT_NAMES.map((name) => `${l}\u0000${name}`)),
    ]);
    const existingEntities = new Map(entities.map((r) => [`${r.locale}\u0000${r.entity}`, r]));

    const preview: BotImportPreview = {
      applied: !dryRun,
      intents: { added: [], replaced: [] },
      entities: { added: [], replaced: [] },
      flows: { added: [], replaced: [] },
      languagesAdded: [],
      settingsChanged: false,
    };
    for (const intent of file.intents) {
      const item = { language: intent.language, name: intent.name };
      (existingIntents.has(`${intent.language}\u0000${intent.name}`)
        ? preview.intents.replaced
        : preview.intents.added
      ).push(item);
    }
    for (const entity of file.entities) {
      const item = { language: entity.locale, name: entity.entity };
      (existingEntities.has(`${entity.locale}\u0000${entity.entity}`)
        ? preview.entities.replaced
        : preview.entities.added
      ).push(item);
    }

    const flows = await previewFlowImport(tx, applicationId, botId, file.flows);
    preview.flows = {
      added: flows.added.map((name) => ({ language: '', name })),
      replaced: flows.replaced.map((name) => ({ language: '', name })),
    };

    // Every language the file uses is turned on; the bot's own default stays.
    const current = bot.languages.filter(isBotLanguage);
    const wanted = new Set<string>([
      ...current,
      ...file.bot.languages,
      ...file.intents.map((i) => i.language),
      ...file.entities.map((e) => e.locale),
    ]);
    const languages = BOT_LANGUAGES.filter((l) => wanted.has(l));
    preview.languagesAdded = languages.filter((l) => !current.includes(l));

    const webhookIntents = [...new Set(file.bot.webhook.intents)];
    const settings: Record<string, unknown> = { ...bot.settings, ...file.bot.settings, webhookIntents };
    if (url === '') delete settings.webhookUrl;
    else settings.webhookUrl = url;
    dropClearedSettings(settings);
    preview.settingsChanged = canonical(settings) !== canonical(bot.settings);
    if (url !== '' && bot.webhookSecretSealed === null) {
      throw badRequest(
        'SECRET_REQUIRED',
        'The file names a fulfillment webhook; give this bot its secret on the Webhook page first.',
      );
    }
    const answerNames = new Set([...intents.map((r) => r.name), ...file.intents.map((i) => i.name)]);
    const unknown = webhookIntents.filter((n) => !answerNames.has(n));
    if (unknown.length > 0) {
      throw badRequest(
        'INTENT_NOT_FOUND',
        `bot.webhook.intents names answers the bot would not have: ${unknown.map((n) => `'${n}'`).join(', ')}.`,
        { path: 'bot.webhook.intents' },
      );
    }
    if (dryRun) return preview;

    await updateBot(tx, applicationId, botId, { languages, settings });
    for (const intent of file.intents) {
      await builderRepo.upsertIntent(tx, applicationId, botId, {
        language: intent.language,
        section: intent.section,
        name: intent.name,
        userSays: intent.userSays,
        botSays: intent.botSays.map((b) => ({ ...b })),
      });
    }
    for (const entity of file.entities) {
      const found = existingEntities.get(`${entity.locale}\u0000${entity.entity}`);
      if (found) await builderRepo.updateEntity(tx, applicationId, botId, found.id, entity);
      else await builderRepo.insertEntity(tx, applicationId, botId, entity);
    }
    await importFlows(tx, applicationId, botId, file.flows);
    const touched = new Set([...file.intents.map((i) => i.language), ...file.entities.map((e) => e.locale)]);
    const trained = { ...bot, languages };
    for (const language of languages)
      if (touched.has(language)) await scheduleTraining(tx, trained, language);
    return preview;
  };
  return dryRun ? run(deps.db) : deps.db.transaction(run);
}
