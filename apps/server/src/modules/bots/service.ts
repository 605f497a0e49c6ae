import type {
  Bot,
  BotCreate,
  BotEngineUpdate,
  BotUpdate,
  FirstResponderUpdate,
  Suggestion,
  SuggestionWrite,
} from '@convo/api';
import { botEngineSettingsSchema, suggestionWriteSchema } from '@convo/api';
import { type BotPlatform, isBotLanguage, isLlmEngine, needsExternalCredentials } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { randomHex, sealJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { outboundPolicy, webUrlProblem } from '../../platform/outbound/index.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import type { Entitlements } from '../billing/index.js';
import { assertAiAgentAvailable, assertFeatures } from '../billing/index.js';
import { requireAdmin } from '../teams/index.js';
import { CREDENTIALS_SUMMARY_KEY, storedSummary } from './credentials/view.js';
import * as knowledge from './knowledge/repository.js';
import * as repo from './repository.js';

// AI agents as members of the application (SPEC §3, §4): create, rename, enable/disable, delete,
// engine and its write-only key, first responders, auto-suggest. Members holding the 'bots'
// privilege read; only admins change anything. The provider key is sealed with the app secret and
// never leaves the server: views say `hasApiKey` only.

export interface BotDeps {
  db: Db;
  /** Seals provider keys (config.appSecret). */
  appSecret: string;
  /** Where the bots' knowledge documents are kept (deleted with their bot). */
  storage: FileStorage;
  /** The plan's limits (issue 19); absent: none (the operator plan). */
  entitlements?: Entitlements | undefined;
}

const WEEK_MS = 7 * 24 * 3_600_000;

/** '' clears an optional text setting (the base URL, the model, the handover's choices). */
export function dropClearedSettings(settings: Record<string, unknown>): void {
  for (const key of ['baseUrl', 'model', 'handoffAssignTo', 'handoffTeam', 'handoffMessage']) {
    if (settings[key] === '') delete settings[key];
  }
}
const botNotFound = () => notFound('Bot not found.');

/** Only the settings the contract knows; a stored value it refuses is left out, not a 500. */
export function settingsView(stored: Record<string, unknown>): Bot['settings'] {
  const view: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(botEngineSettingsSchema.shape)) {
    if (stored[key] === undefined) continue;
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) view[key] = parsed.data;
  }
  return botEngineSettingsSchema.parse(view);
}

interface ViewExtras {
  userNames: Map<string, string>;
  responders: repo.FirstResponderRow[];
  teamWireIds: Map<string, string>;
  weekCounts: Map<string, number>;
}

function toView(row: repo.BotRow, x: ViewExtras): Bot {
  const mine = x.responders.filter((r) => r.botId === row.id);
  return {
    id: row.id,
    userName: x.userNames.get(row.userId) ?? '',
    name: row.name,
    engine: row.engine,
    enabled: row.enabled,
    defaultLanguage: row.defaultLanguage,
    languages: row.languages,
    operationMode: row.operationMode,
    settings: settingsView(row.settings),
    hasApiKey: row.apiKeyEncrypted !== null,
    credentials:
      needsExternalCredentials(row.engine) && row.apiKeyEncrypted !== null
        ? storedSummary(row.settings)
        : null,
    firstResponder: mine.some((r) => r.teamId === null),
    firstResponderTeamIds: mine.flatMap((r) =>
      r.teamId === null ? [] : [x.teamWireIds.get(r.teamId) ?? r.teamId],
    ),
    conversationsThisWeek: x.weekCounts.get(row.id) ?? 0,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

async function viewsOf(db: Db, applicationId: string, rows: readonly repo.BotRow[]): Promise<Bot[]> {
  const responders = await repo.listFirstResponders(db, applicationId);
  const teamIds = responders.flatMap((r) => (r.teamId === null ? [] : [r.teamId]));
  const [userNames, teamWireIds, weekCounts] = await Promise.all([
    repo.userNamesOf(
      db,
      applicationId,
      rows.map((r) => r.userId),
    ),
    repo.teamWireIds(db, applicationId, teamIds),
    repo.countConversationsSince(db, applicationId, new Date(Date.now() - WEEK_MS)),
  ]);
  return rows.map((row) => toView(row, { userNames, responders, teamWireIds, weekCounts }));
}

export async function viewOf(db: Db, applicationId: string, row: repo.BotRow): Promise<Bot> {
  const [view] = await viewsOf(db, applicationId, [row]);
  return view!;
}

export async function listBots(deps: BotDeps, caller: AuthContext): Promise<Bot[]> {
  return viewsOf(deps.db, caller.applicationId, await repo.listBots(deps.db, caller.applicationId));
}

export async function getBot(deps: BotDeps, caller: AuthContext, botId: string): Promise<Bot> {
  const row = await repo.findBot(deps.db, caller.applicationId, botId);
  if (!row) throw botNotFound();
  return viewOf(deps.db, caller.applicationId, row);
}

/** A readable, unique member user name: `bot-<name>-<6 hex>` (SPEC §7: the default bot is "bot"). */
export function botUserName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `bot-${slug === '' ? '' : `${slug}-`}${randomHex(3)}`;
}

/**
 * The bots row and its member (role type '3') in one transaction; `userName` names the member
 * (the team page chooses it), else one is made from the name.
 */
export async function createBotIn(
  tx: Db,
  applicationId: string,
  input: { name: string; engine: string; defaultLanguage: string; userName?: string | undefined },
): Promise<repo.BotRow> {
  let userName = input.userName ?? botUserName(input.name);
  if (await repo.userNameTaken(tx, applicationId, userName)) {
    if (input.userName !== undefined) {
      throw conflict('USER_ALREADY_EXIST', 'A user with this user name already exists.');
    }
    userName = botUserName(input.name);
  }
  return repo.insertBot(tx, {
    applicationId,
    userName,
    name: input.name,
    engine: input.engine,
    defaultLanguage: input.defaultLanguage,
  });
}

export async function createBot(deps: BotDeps, caller: AuthContext, input: BotCreate): Promise<Bot> {
  requireAdmin(caller, 'create bots');
  const row = await deps.db.transaction(async (tx) => {
    if (deps.entitlements) await assertAiAgentAvailable(tx, deps.entitlements, caller.applicationId);
    return createBotIn(tx, caller.applicationId, {
      name: input.name.trim(),
      engine: input.engine,
      defaultLanguage: input.defaultLanguage ?? 'en',
    });
  });
  return viewOf(deps.db, caller.applicationId, row);
}

export async function updateBot(
  deps: BotDeps,
  caller: AuthContext,
  botId: string,
  input: BotUpdate,
): Promise<Bot> {
  requireAdmin(caller, 'change bots');
  const row = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botNotFound();
    const defaultLanguage: string = input.defaultLanguage ?? bot.defaultLanguage;
    let languages: string[] = input.languages
      ? [...new Set(input.languages)]
      : bot.languages.filter(isBotLanguage);
    // The default language is always enabled: choosing a new default enables it.
    if (!languages.includes(defaultLanguage)) {
      if (input.languages && input.defaultLanguage === undefined) {
        throw badRequest(
          'INVALID_PARAMETER',
          `The default language (${defaultLanguage}) cannot be turned off; choose another default first.`,
        );
      }
      languages = [defaultLanguage, ...languages];
    }
    const changes: repo.BotChanges = { languages, defaultLanguage };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.operationMode !== undefined) changes.operationMode = input.operationMode;
    if (changes.name !== undefined && changes.name !== bot.name) {
      await repo.renameBotMember(tx, caller.applicationId, bot.userId, changes.name);
    }
    return (await repo.updateBot(tx, caller.applicationId, botId, changes))!;
  });
  return viewOf(deps.db, caller.applicationId, row);
}

export async function setBotStatus(
  deps: BotDeps,
  caller: AuthContext,
  botId: string,
  enabled: boolean,
): Promise<Bot> {
  requireAdmin(caller, 'enable or disable bots');
  const row = await repo.updateBot(deps.db, caller.applicationId, botId, { enabled });
  if (!row) throw botNotFound();
  return viewOf(deps.db, caller.applicationId, row);
}

export async function deleteBot(deps: BotDeps, caller: AuthContext, botId: string): Promise<void> {
  requireAdmin(caller, 'delete bots');
  const fileKeys = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botNotFound();
    const keys = (await knowledge.listSources(tx, caller.applicationId, bot.id)).flatMap((s) =>
      s.fileKey ? [s.fileKey] : [],
    );
    await repo.deleteBot(tx, caller.applicationId, bot);
    return keys;
  });
  // After the commit: a failed delete leaves an unreferenced file, never a source without its file.
  await Promise.all(fileKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
}

/**
 * The engine, its settings and the write-only key. Settings merge into the stored ones (a screen
 * that edits the model keeps the builder's instructions); `baseUrl: ''` clears the base URL.
 * `apiKey`: absent keeps the key, '' removes it, anything else replaces it. A new engine drops the
 * old engine's key and model unless new ones come with it: another provider would refuse them.
 */
export async function updateEngine(
  deps: BotDeps,
  caller: AuthContext,
  botId: string,
  input: BotEngineUpdate,
): Promise<Bot> {
  requireAdmin(caller, 'change bots');
  const baseUrl = input.settings.baseUrl;
  const problem = baseUrl ? webUrlProblem(baseUrl, outboundPolicy()) : null;
  // The bot's key would be sent there: never to the server's own network (unless OUTBOUND_ALLOW names it).
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The base URL ${problem}.`, [
      { path: 'settings.baseUrl', message: problem },
    ]);
  const row = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botNotFound();
    const engine = input.engine ?? bot.engine;
    const engineChanged = engine !== bot.engine;
    // SPEC §6 llmBots: switching to an LLM engine needs the plan; a bot already on one keeps its
    // settings editable after a downgrade (what it may answer is the runtime's business).
    if (engineChanged && deps.entitlements && isLlmEngine(engine as BotPlatform)) {
      assertFeatures(caller, await deps.entitlements.of(caller.applicationId, tx), ['llmBots']);
    }
    const settings: Record<string, unknown> = { ...bot.settings };
    if (engineChanged) {
      delete settings.model;
      // The key column held the old engine's credentials: their summary goes with them.
      delete settings[CREDENTIALS_SUMMARY_KEY];
    }
    for (const [key, value] of Object.entries(input.settings)) {
      if (value !== undefined) settings[key] = value;
    }
    dropClearedSettings(settings);
    let apiKeyEncrypted = engineChanged ? null : bot.apiKeyEncrypted;
    if (input.apiKey !== undefined) {
      const key = input.apiKey.trim();
      apiKeyEncrypted = key === '' ? null : sealJson(deps.appSecret, key);
    }
    return (await repo.updateBot(tx, caller.applicationId, botId, { engine, settings, apiKeyEncrypted }))!;
  });
  return viewOf(deps.db, caller.applicationId, row);
}

/** The team's internal id from its wire teamId (clientGroupId); 404 for another tenant's team. */
async function teamIdOf(db: Db, applicationId: string, wireTeamId: string | undefined) {
  if (wireTeamId === undefined) return null;
  const id = await repo.findTeamId(db, applicationId, wireTeamId);
  if (id === undefined) throw notFound('Team not found.');
  return id;
}

export async function setFirstResponder(
  deps: BotDeps,
  caller: AuthContext,
  input: FirstResponderUpdate,
): Promise<Bot[]> {
  requireAdmin(caller, 'choose the first responder');
  await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, input.botId);
    if (!bot) throw botNotFound();
    if (!bot.enabled) {
      throw conflict('BOT_DISABLED', 'Enable the bot before making it the first responder.');
    }
    const teamId = await teamIdOf(tx, caller.applicationId, input.teamId);
    await repo.setFirstResponder(tx, caller.applicationId, teamId, bot.id);
  });
  return listBots(deps, caller);
}

export async function clearFirstResponder(
  deps: BotDeps,
  caller: AuthContext,
  wireTeamId: string | undefined,
): Promise<Bot[]> {
  requireAdmin(caller, 'choose the first responder');
  await deps.db.transaction(async (tx) => {
    const teamId = await teamIdOf(tx, caller.applicationId, wireTeamId);
    await repo.clearFirstResponder(tx, caller.applicationId, teamId);
  });
  return listBots(deps, caller);
}

// ---- Suggestions (SPEC §7 auto-suggest) ------------------------------------------------------

function toSuggestion(row: repo.SuggestionRow): Suggestion {
  return {
    id: row.id,
    botKey: row.botId,
    applicationId: row.applicationId,
    category: row.category,
    name: row.name,
    content: row.content,
    supportsRichMessage: row.supportsRichMessage,
  };
}

const suggestionNotFound = () => notFound('Suggestion not found.');

async function suggestionValues(
  db: Db,
  applicationId: string,
  input: SuggestionWrite,
): Promise<repo.SuggestionValues> {
  const parsed = suggestionWriteSchema.parse(input);
  const botId = parsed.botId ?? null;
  if (botId !== null && !(await repo.findBot(db, applicationId, botId))) throw botNotFound();
  return {
    botId,
    category: parsed.category,
    name: parsed.name,
    content: parsed.content,
    supportsRichMessage: parsed.supportsRichMessage,
  };
}

export async function listSuggestions(
  deps: BotDeps,
  caller: AuthContext,
  botId: string | undefined,
): Promise<Suggestion[]> {
  return (await repo.listSuggestions(deps.db, caller.applicationId, botId)).map(toSuggestion);
}

export async function createSuggestion(
  deps: BotDeps,
  caller: AuthContext,
  input: SuggestionWrite,
): Promise<Suggestion> {
  requireAdmin(caller, 'change suggestions');
  const values = await suggestionValues(deps.db, caller.applicationId, input);
  return toSuggestion(await repo.insertSuggestion(deps.db, caller.applicationId, values));
}

export async function updateSuggestion(
  deps: BotDeps,
  caller: AuthContext,
  id: string,
  input: SuggestionWrite,
): Promise<Suggestion> {
  requireAdmin(caller, 'change suggestions');
  const values = await suggestionValues(deps.db, caller.applicationId, input);
  const row = await repo.updateSuggestion(deps.db, caller.applicationId, id, values);
  if (!row) throw suggestionNotFound();
  return toSuggestion(row);
}

export async function deleteSuggestion(deps: BotDeps, caller: AuthContext, id: string): Promise<void> {
  requireAdmin(caller, 'change suggestions');
  if (!(await repo.deleteSuggestion(deps.db, caller.applicationId, id))) throw suggestionNotFound();
}
