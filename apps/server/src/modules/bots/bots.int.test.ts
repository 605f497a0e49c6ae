import {
  BOT_PATHS,
  type Bot,
  botPath,
  type Suggestion,
  TEAM_ADMIN_PATHS,
  TEAM_USER_STATS_PATHS,
} from '@convo/api';
import { DEFAULT_TEAM, USER_STATUS } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { botConversations, botFirstResponders, bots, messages, users } from '../../db/schema/index.js';
import { openSealedJson } from '../../platform/crypto.js';
import { signedInMember } from '../../testing/members.js';
import { newVisitorConversation } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { findFirstResponderBot, findTeamId, loadBotRuntime } from './repository.js';

// Bots management API: CRUD, status, engine and its write-only key, first responders, suggestions;
// tenant isolation, privileges and bad input.

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const SECRET_KEY = 'sk-test-THIS-MUST-NEVER-LEAK-1234567890';

describe.each(testDatabaseKinds())('bots management on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let admin: Headers;
  let otherAdmin: Headers;
  let agent: Headers;
  /** Every response body of the file, to prove the key never appears in any of them. */
  const bodies: string[] = [];

  beforeAll(async () => {
    admin = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
    otherAdmin = { authorization: `Bearer ${other.admin['x-authorization']}` };
    agent = (await signedInMember(t.database, tenant.applicationId, '2')).headers;
  });

  async function call(method: Method, url: string, headers: Headers, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    bodies.push(res.body);
    return res;
  }

  async function create(name: string, engine = 'kompose', headers = admin): Promise<Bot> {
    const res = await call('POST', BOT_PATHS.bots, headers, { name, engine });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Bot;
  }

  const list = async (headers = admin) => {
    const res = await call('GET', BOT_PATHS.bots, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Bot[];
  };

  it('creates a bot as a member of role type 3 and lists it', async () => {
    const bot = await create('  Store Helper ');
    expect(bot).toMatchObject({
      name: 'Store Helper',
      engine: 'kompose',
      enabled: true,
      defaultLanguage: 'en',
      languages: ['en'],
      operationMode: 'classic',
      hasApiKey: false,
      firstResponder: false,
      firstResponderTeamIds: [],
      conversationsThisWeek: 0,
      lastError: null,
    });
    expect(bot.userName).toMatch(/^bot-store-helper-[0-9a-f]{6}$/);
    const [member] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, bot.userName)));
    expect(member).toMatchObject({ roleType: '3', displayName: 'Store Helper', passwordHash: null });
    expect((await list()).map((b) => b.id)).toContain(bot.id);
    const one = await call('GET', botPath(BOT_PATHS.bot, { botId: bot.id }), admin);
    expect(one.json().data).toEqual(bot);
  });

  it('refuses bad input with clear messages', async () => {
    // Every engine of SPEC §1 runs now (issue 36): an engine no one names is refused.
    const unknown = await call('POST', BOT_PATHS.bots, admin, { name: 'X', engine: 'rasa' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_PARAMETER');
    expect(unknown.json().message).toMatch(/engine/);
    const empty = await call('POST', BOT_PATHS.bots, admin, { name: '   ', engine: 'kompose' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/name/);
    const language = await call('POST', BOT_PATHS.bots, admin, {
      name: 'X',
      engine: 'kompose',
      defaultLanguage: 'de',
    });
    expect(language.statusCode).toBe(400);
    const bot = await create('Bad input');
    const url = botPath(BOT_PATHS.bot, { botId: bot.id });
    expect((await call('PATCH', url, admin, {})).statusCode).toBe(400);
    expect((await call('PATCH', url, admin, { operationMode: 'robot' })).statusCode).toBe(400);
    const offDefault = await call('PATCH', url, admin, { languages: ['es'] });
    expect(offDefault.statusCode).toBe(400);
    expect(offDefault.json().message).toMatch(/default language/);
    const engineUrl = botPath(BOT_PATHS.botEngine, { botId: bot.id });
    const badUrl = await call('PUT', engineUrl, admin, { settings: { baseUrl: 'ftp://x' } });
    expect(badUrl.statusCode).toBe(400);
    const badThreshold = await call('PUT', engineUrl, admin, { settings: { confidenceThreshold: 2 } });
    expect(badThreshold.statusCode).toBe(400);
    const notUuid = await call('GET', '/api/bots/not-a-uuid', admin);
    expect(notUuid.statusCode).toBe(400);
  });

  it('renames, changes languages and the operation mode; the member follows the name', async () => {
    const bot = await create('Old name');
    const url = botPath(BOT_PATHS.bot, { botId: bot.id });
    const res = await call('PATCH', url, admin, {
      name: 'New name',
      languages: ['en', 'fr', 'fr'],
      operationMode: 'flow',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'New name',
      languages: ['en', 'fr'],
      operationMode: 'flow',
    });
    // A new default language is enabled with it.
    const es = await call('PATCH', url, admin, { defaultLanguage: 'es' });
    expect(es.json().data).toMatchObject({ defaultLanguage: 'es', languages: ['es', 'en', 'fr'] });
    const [member] = await t.database.db.select().from(users).where(eq(users.userId, bot.userName));
    expect(member?.displayName).toBe('New name');
  });

  it('enables and disables a bot', async () => {
    const bot = await create('Toggle');
    const url = botPath(BOT_PATHS.botStatus, { botId: bot.id });
    const off = await call('PUT', url, admin, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const on = await call('PUT', url, admin, { enabled: true });
    expect(on.json().data.enabled).toBe(true);
    expect((await call('PUT', url, admin, { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('stores the engine key sealed, says only hasApiKey, removes it with an empty key', async () => {
    const bot = await create('LLM', 'openai');
    const url = botPath(BOT_PATHS.botEngine, { botId: bot.id });
    const res = await call('PUT', url, admin, {
      settings: { model: 'gpt-4o-mini', baseUrl: 'http://127.0.0.1:11434/v1', instructions: 'Be brief.' },
      apiKey: SECRET_KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      hasApiKey: true,
      settings: { model: 'gpt-4o-mini', baseUrl: 'http://127.0.0.1:11434/v1', instructions: 'Be brief.' },
    });
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row?.apiKeyEncrypted).not.toContain(SECRET_KEY);
    expect(openSealedJson(t.config.appSecret, row!.apiKeyEncrypted!)).toBe(SECRET_KEY);
    const runtime = await loadBotRuntime(t.database.db, tenant.applicationId, bot.id, t.config.appSecret);
    expect(runtime).toMatchObject({
      engine: 'openai',
      apiKey: SECRET_KEY,
      settings: { model: 'gpt-4o-mini' },
    });
    // Another application cannot load it, even with the right id.
    expect(
      await loadBotRuntime(t.database.db, other.applicationId, bot.id, t.config.appSecret),
    ).toBeUndefined();

    // Settings merge: a model change keeps the instructions and the key; '' clears the base URL.
    const merged = await call('PUT', url, admin, { settings: { model: 'gpt-4.1', baseUrl: '' } });
    expect(merged.json().data).toMatchObject({
      hasApiKey: true,
      settings: { model: 'gpt-4.1', instructions: 'Be brief.' },
    });
    expect(merged.json().data.settings.baseUrl).toBeUndefined();

    const removed = await call('PUT', url, admin, { settings: {}, apiKey: '' });
    expect(removed.json().data.hasApiKey).toBe(false);
    const runtimeAfter = await loadBotRuntime(
      t.database.db,
      tenant.applicationId,
      bot.id,
      t.config.appSecret,
    );
    expect(runtimeAfter?.apiKey).toBeNull();

    // A new engine drops the old provider's key and model.
    await call('PUT', url, admin, { settings: {}, apiKey: SECRET_KEY });
    const switched = await call('PUT', url, admin, { engine: 'anthropic', settings: {} });
    expect(switched.json().data).toMatchObject({ engine: 'anthropic', hasApiKey: false });
    expect(switched.json().data.settings.model).toBeUndefined();
    expect(switched.json().data.settings.instructions).toBe('Be brief.');
    const unknownEngine = await call('PUT', url, admin, { engine: 'rasa', settings: {} });
    expect(unknownEngine.statusCode).toBe(400);
  });

  it('first responder: one per application and one per team, another tenant’s team is 404', async () => {
    const a = await create('Responder A');
    const b = await create('Responder B');
    const setA = await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id });
    expect(setA.statusCode, setA.body).toBe(200);
    const setB = await call('PUT', BOT_PATHS.firstResponder, admin, { botId: b.id });
    const after = setB.json().data as Bot[];
    expect(after.filter((x) => x.firstResponder).map((x) => x.id)).toEqual([b.id]);

    // Per team, by its wire teamId; independent of the application's.
    const team = await call('POST', TEAM_USER_STATS_PATHS.teamCreate, tenant.admin, { teamName: 'Returns' });
    expect(team.statusCode, team.body).toBe(200);
    const teamId = team.json().response.teamId as string;
    await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id, teamId });
    const teamB = await call('PUT', BOT_PATHS.firstResponder, admin, {
      botId: b.id,
      teamId: DEFAULT_TEAM.clientGroupId,
    });
    const now = teamB.json().data as Bot[];
    expect(now.find((x) => x.id === a.id)).toMatchObject({
      firstResponder: false,
      firstResponderTeamIds: [teamId],
    });
    expect(now.find((x) => x.id === b.id)).toMatchObject({
      firstResponder: true,
      firstResponderTeamIds: [DEFAULT_TEAM.clientGroupId],
    });
    const replaced = await call('PUT', BOT_PATHS.firstResponder, admin, { botId: b.id, teamId });
    const replacedList = replaced.json().data as Bot[];
    expect(replacedList.find((x) => x.id === a.id)?.firstResponderTeamIds).toEqual([]);
    expect(replacedList.find((x) => x.id === b.id)?.firstResponderTeamIds.sort()).toEqual(
      [DEFAULT_TEAM.clientGroupId, teamId].sort(),
    );

    // The runtime's choice: the team's bot for its conversations, the application's otherwise.
    const db = t.database.db;
    const returnsId = await findTeamId(db, tenant.applicationId, teamId);
    const defaultId = await findTeamId(db, tenant.applicationId, DEFAULT_TEAM.clientGroupId);
    expect((await findFirstResponderBot(db, tenant.applicationId, returnsId!))?.id).toBe(b.id);
    expect((await findFirstResponderBot(db, tenant.applicationId, null))?.id).toBe(b.id);
    await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id });
    expect((await findFirstResponderBot(db, tenant.applicationId, null))?.id).toBe(a.id);
    expect((await findFirstResponderBot(db, tenant.applicationId, defaultId!))?.id).toBe(b.id);
    expect(await findFirstResponderBot(db, other.applicationId, null)).toBeUndefined();
    // A disabled team bot leaves the team's conversations to the application's bot.
    await call('PUT', botPath(BOT_PATHS.botStatus, { botId: b.id }), admin, { enabled: false });
    expect((await findFirstResponderBot(db, tenant.applicationId, defaultId!))?.id).toBe(a.id);
    await call('PUT', botPath(BOT_PATHS.botStatus, { botId: b.id }), admin, { enabled: true });
    await call('PUT', BOT_PATHS.firstResponder, admin, { botId: b.id });

    const unknownTeam = await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id, teamId: 'nope' });
    expect(unknownTeam.statusCode).toBe(404);
    const otherTeam = await call('POST', TEAM_USER_STATS_PATHS.teamCreate, other.admin, {
      teamName: 'Theirs',
    });
    const otherTeamId = otherTeam.json().response.teamId as string;
    expect(
      (await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id, teamId: otherTeamId })).statusCode,
    ).toBe(404);

    // A disabled bot cannot be made first responder.
    await call('PUT', botPath(BOT_PATHS.botStatus, { botId: a.id }), admin, { enabled: false });
    const disabled = await call('PUT', BOT_PATHS.firstResponder, admin, { botId: a.id });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().code).toBe('BOT_DISABLED');

    const cleared = await call('DELETE', `${BOT_PATHS.firstResponder}?teamId=${teamId}`, admin);
    expect((cleared.json().data as Bot[]).find((x) => x.id === b.id)?.firstResponderTeamIds).toEqual([
      DEFAULT_TEAM.clientGroupId,
    ]);
    const clearedApp = await call('DELETE', BOT_PATHS.firstResponder, admin);
    expect((clearedApp.json().data as Bot[]).some((x) => x.firstResponder)).toBe(false);
  });

  it('counts the conversations each bot handled this week', async () => {
    const bot = await create('Counter');
    // No first responder (application or team): an earlier test's bot must not take these.
    await t.database.db
      .delete(botFirstResponders)
      .where(eq(botFirstResponders.applicationId, tenant.applicationId));
    const recent = await newVisitorConversation(t, tenant);
    const old = await newVisitorConversation(t, tenant);
    await t.database.db.insert(botConversations).values([
      { conversationId: recent.groupId, applicationId: tenant.applicationId, botId: bot.id },
      {
        conversationId: old.groupId,
        applicationId: tenant.applicationId,
        botId: bot.id,
        createdAt: new Date(Date.now() - 8 * 24 * 3_600_000),
      },
    ]);
    const found = (await list()).find((b) => b.id === bot.id);
    expect(found?.conversationsThisWeek).toBe(1);
  });

  it('deletes the bot, deactivates its member and keeps its messages with their sender', async () => {
    const bot = await create('Short lived');
    const [member] = await t.database.db.select().from(users).where(eq(users.userId, bot.userName));
    const { groupId } = await newVisitorConversation(t, tenant);
    await t.database.db.insert(messages).values({
      applicationId: tenant.applicationId,
      conversationId: groupId,
      senderId: member!.id,
      senderType: 1,
      message: 'Hello from the bot',
      clientKey: `bot-${bot.id}`,
    });
    await call('PUT', BOT_PATHS.firstResponder, admin, { botId: bot.id });
    const url = botPath(BOT_PATHS.bot, { botId: bot.id });
    expect((await call('DELETE', url, agent)).statusCode).toBe(403);
    const res = await call('DELETE', url, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', url, admin)).statusCode).toBe(404);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
    expect((await list()).some((b) => b.id === bot.id || b.firstResponder)).toBe(false);
    const [kept] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.clientKey, `bot-${bot.id}`));
    expect(kept).toMatchObject({ senderId: member!.id, message: 'Hello from the bot' });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, member!.id));
    expect(after?.status).toBe(USER_STATUS.DELETED);
  });

  it('never shows or changes another application’s bot', async () => {
    const mine = await create('Mine');
    const theirs = await create('Theirs', 'kompose', otherAdmin);
    expect((await list()).map((b) => b.id)).not.toContain(theirs.id);
    expect((await list(otherAdmin)).map((b) => b.id)).not.toContain(mine.id);
    const id = { botId: theirs.id };
    const attempts: [Method, string, unknown][] = [
      ['GET', botPath(BOT_PATHS.bot, id), undefined],
      ['PATCH', botPath(BOT_PATHS.bot, id), { name: 'Hijacked' }],
      ['PUT', botPath(BOT_PATHS.botStatus, id), { enabled: false }],
      ['PUT', botPath(BOT_PATHS.botEngine, id), { settings: { model: 'x' }, apiKey: 'stolen' }],
      ['PUT', BOT_PATHS.firstResponder, { botId: theirs.id }],
      ['POST', BOT_PATHS.suggestions, { botId: theirs.id, name: 'n', content: 'c' }],
      ['DELETE', botPath(BOT_PATHS.bot, id), undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = (await list(otherAdmin)).find((b) => b.id === theirs.id);
    expect(still).toMatchObject({ name: 'Theirs', enabled: true, hasApiKey: false, firstResponder: false });
  });

  it('lets agents read and only admins change', async () => {
    const bot = await create('Readable');
    expect((await list(agent)).map((b) => b.id)).toContain(bot.id);
    const refused: [Method, string, unknown][] = [
      ['POST', BOT_PATHS.bots, { name: 'Agent bot', engine: 'kompose' }],
      ['PATCH', botPath(BOT_PATHS.bot, { botId: bot.id }), { name: 'x' }],
      ['PUT', botPath(BOT_PATHS.botStatus, { botId: bot.id }), { enabled: false }],
      ['PUT', botPath(BOT_PATHS.botEngine, { botId: bot.id }), { settings: {} }],
      ['PUT', BOT_PATHS.firstResponder, { botId: bot.id }],
      ['POST', BOT_PATHS.suggestions, { name: 'n', content: 'c' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(method, url, agent, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const operator = (await signedInMember(t.database, tenant.applicationId, '12')).headers;
    expect((await call('GET', BOT_PATHS.bots, operator)).statusCode).toBe(403);
    expect((await call('GET', BOT_PATHS.bots, {})).statusCode).toBe(401);
  });

  it('suggestions: create, list per bot or all, update, delete, tenant-scoped', async () => {
    const bot = await create('Suggests');
    const created = await call('POST', BOT_PATHS.suggestions, admin, {
      botId: bot.id,
      category: 'Orders',
      name: 'Where is my order',
      content: 'You can track it from the e-mail we sent.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json().data as Suggestion;
    expect(s).toMatchObject({
      botKey: bot.id,
      applicationId: tenant.applicationId,
      supportsRichMessage: false,
    });
    const general = await call('POST', BOT_PATHS.suggestions, admin, { name: 'Hours', content: '9 to 5' });
    expect(general.json().data.botKey).toBeNull();

    const perBot = await call('GET', `${BOT_PATHS.suggestions}?botId=${bot.id}`, agent);
    expect((perBot.json().data as Suggestion[]).map((x) => x.id)).toEqual([s.id]);
    const all = await call('GET', BOT_PATHS.suggestions, admin);
    expect((all.json().data as Suggestion[]).length).toBeGreaterThanOrEqual(2);
    expect(((await call('GET', BOT_PATHS.suggestions, otherAdmin)).json().data as Suggestion[]).length).toBe(
      0,
    );

    const url = botPath(BOT_PATHS.suggestion, { suggestionId: s.id });
    const updated = await call('PUT', url, admin, {
      botId: bot.id,
      category: 'Orders',
      name: 'Track my order',
      content: 'Use the tracking link.',
      supportsRichMessage: true,
    });
    expect(updated.json().data).toMatchObject({ name: 'Track my order', supportsRichMessage: true });
    expect((await call('PUT', url, otherAdmin, { name: 'x', content: 'y' })).statusCode).toBe(404);
    expect((await call('DELETE', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', BOT_PATHS.suggestions, admin, { name: '', content: 'y' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', url, admin)).statusCode).toBe(200);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
  });

  it('the team page’s bot creation makes a full kompose bot', async () => {
    const userName = `teambot-${Date.now()}`;
    const res = await call('POST', TEAM_ADMIN_PATHS.bots, admin, { name: 'Team Bot', userName });
    expect(res.statusCode, res.body).toBe(200);
    const found = (await list()).find((b) => b.userName === userName);
    expect(found).toMatchObject({ name: 'Team Bot', engine: 'kompose', defaultLanguage: 'en' });
    const again = await call('POST', TEAM_ADMIN_PATHS.bots, admin, { name: 'Team Bot', userName });
    expect(again.statusCode).toBe(409);
  });

  it('never returns the raw key in any response', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toContain(SECRET_KEY);
      expect(body).not.toContain('stolen');
    }
  });
});
