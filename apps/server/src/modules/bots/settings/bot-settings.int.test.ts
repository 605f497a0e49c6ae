import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BOT_PATHS,
  BOT_SETTINGS_PATHS,
  type Bot,
  type BotExportFile,
  type BotImportPreview,
  type BotWebhook,
  botPath,
  type FulfillmentRequest,
  type Intent,
  MESSAGING_PATHS,
} from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  botFirstResponders,
  bots,
  conversations,
  messages,
  webhookSecurity,
} from '../../../db/schema/index.js';
import { JobWorker } from '../../../platform/jobs/job-queue.js';
import { listJobs } from '../../../platform/jobs/job-repository.js';
import { configureOutbound } from '../../../platform/outbound/index.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { signedInMember } from '../../../testing/members.js';
import { newVisitor, newVisitorConversation, sendTestMessage } from '../../../testing/messaging-fixtures.js';
import { createRuleEngine, STORE_INTENTS } from '../../../testing/rule-engine.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { createRealtime } from '../../realtime/realtime.js';
import { verifyWebhookSignature } from '../../webhooks/signature.js';
import { KOMPOSE_TRAIN_QUEUE } from '../engines/kompose/queue.js';
import { BOT_REPLY_QUEUE } from '../runtime/enqueue.js';
import { botReplyHandler } from '../runtime/reply-job.js';

// The builder's settings pages on the API: export → import round trip (preview, one transaction,
// retraining, never a secret), bad files, the fulfillment webhook (signed call, the webhook's
// messages instead of the static reply, timeout fallback with the bot's last error, the secret
// never returned), the handover words and message at run time, and another tenant's bot refused.

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const API_KEY = 'sk-provider-key-NEVER-EXPORTED-123456';
const WEBHOOK_SECRET = 'whsec-bot-fulfillment-NEVER-RETURNED-987';
const silent = { warn: () => {}, error: () => {} };

/** A local fulfillment server: records each call and answers as the test says. */
interface Receiver {
  url: string;
  calls: { headers: IncomingMessage['headers']; body: string }[];
  respond: (res: ServerResponse, body: string) => void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = {
    calls: [],
    respond: (res: ServerResponse) => res.end('{}'),
  } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.calls.push({ headers: req.headers, body });
      receiver.respond(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fulfill`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

describe.each(testDatabaseKinds())('bot settings pages on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  const { t, tenants } = useTestApp(kind, { tenants: 2, pubsub });
  const [tenant, other] = tenants;
  let admin: Headers;
  let otherAdmin: Headers;
  let agent: Headers;
  let receiver: Receiver;
  let worker: JobWorker;
  const bodies: string[] = [];

  beforeAll(async () => {
    admin = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
    otherAdmin = { authorization: `Bearer ${other.admin['x-authorization']}` };
    agent = (await signedInMember(t.database, tenant.applicationId, '2')).headers;
    receiver = await startReceiver();
    worker = new JobWorker({
      db: t.database.db,
      log: silent,
      handlers: {
        [BOT_REPLY_QUEUE]: botReplyHandler({
          db: t.database.db,
          realtime: createRealtime(pubsub, silent),
          engines: new Map([['kompose' as const, createRuleEngine(STORE_INTENTS)]]),
          appSecret: t.config.appSecret,
          log: silent,
          fulfillmentTimeoutMs: 400,
        }),
      },
      backoffBaseMs: 0,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await pubsub.close();
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
  const path = (p: string, botId: string, query = '') => `${botPath(p, { botId })}${query}`;

  async function createBot(name: string): Promise<Bot> {
    const res = await call('POST', BOT_PATHS.bots, admin, { name, engine: 'kompose' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Bot;
  }
  async function addIntent(botId: string, body: object): Promise<Intent> {
    const res = await call('POST', path(BOT_PATHS.intents, botId), admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Intent;
  }
  const intentsOf = async (botId: string) => {
    const res = await call('GET', path(BOT_PATHS.intents, botId), admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Intent[]).map(({ language, section, name, userSays, botSays }) => ({
      language,
      section,
      name,
      userSays,
      botSays,
    }));
  };
  const exportOf = async (botId: string, headers = admin) => {
    const res = await call('GET', path(BOT_SETTINGS_PATHS.export, botId), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.convo-bot\.json"/);
    return res.json() as BotExportFile;
  };

  let source: Bot;
  let exported: BotExportFile;

  it('exports a bot as a versioned file without its secrets', async () => {
    source = await createBot('Export Source');
    let res = await call('PATCH', path(BOT_PATHS.bot, source.id), admin, { languages: ['en', 'es'] });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('PUT', path(BOT_PATHS.botEngine, source.id), admin, {
      apiKey: API_KEY,
      settings: {
        confidenceThreshold: 0.6,
        fallbacksBeforeHandoff: 3,
        handoffWords: ['refund manager'],
        handoffMessage: 'A teammate joins you now.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await addIntent(source.id, {
      language: 'en',
      section: 'answers',
      name: 'shipping',
      userSays: ['how long does shipping take', 'delivery time to {city}'],
      botSays: [{ kind: 'text', text: 'We ship to {city} in 2 days.' }],
    });
    await addIntent(source.id, {
      language: 'es',
      section: 'small-talk',
      name: 'gracias',
      userSays: ['gracias'],
      botSays: [{ kind: 'text', text: '¡De nada!' }],
    });
    res = await call('POST', path(BOT_PATHS.entities, source.id), admin, {
      entity: 'city',
      locale: 'en',
      values: [{ value: 'Paris', synonyms: ['paree'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('PUT', path(BOT_SETTINGS_PATHS.webhook, source.id), admin, {
      url: 'https://fulfil.example.com/hook',
      intents: ['shipping'],
      secret: WEBHOOK_SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);

    exported = await exportOf(source.id);
    expect(exported).toMatchObject({
      format: 'convo-bot',
      version: 1,
      bot: {
        name: 'Export Source',
        engine: 'kompose',
        defaultLanguage: 'en',
        languages: ['en', 'es'],
        settings: {
          confidenceThreshold: 0.6,
          fallbacksBeforeHandoff: 3,
          handoffWords: ['refund manager'],
          handoffMessage: 'A teammate joins you now.',
        },
        webhook: { url: 'https://fulfil.example.com/hook', intents: ['shipping'] },
      },
      entities: [{ entity: 'city', locale: 'en', values: [{ value: 'Paris', synonyms: ['paree'] }] }],
    });
    // Welcome and fallback of both languages, the answer and the small talk.
    expect(exported.intents.map((i) => `${i.language}/${i.section}/${i.name}`).sort()).toEqual([
      'en/answers/shipping',
      'en/fallback/fallback_intent',
      'en/welcome-message/welcome_event',
      'es/fallback/fallback_intent',
      'es/small-talk/gracias',
      'es/welcome-message/welcome_event',
    ]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it('previews an import, then applies it in one go and retrains the touched languages', async () => {
    const target = await createBot('Import Target');
    await addIntent(target.id, {
      language: 'en',
      section: 'answers',
      name: 'shipping',
      userSays: ['old phrase'],
      botSays: [{ kind: 'text', text: 'Old reply' }],
    });
    await addIntent(target.id, {
      language: 'en',
      section: 'answers',
      name: 'opening hours',
      userSays: ['when are you open'],
      botSays: [{ kind: 'text', text: '9 to 5' }],
    });
    // The webhook in the file needs the target's own secret (secrets never travel in files).
    let res = await call('PUT', path(BOT_SETTINGS_PATHS.webhook, target.id), admin, {
      url: '',
      intents: [],
      secret: 'target-own-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = await intentsOf(target.id);

    res = await call('POST', path(BOT_SETTINGS_PATHS.import, target.id, '?dryRun=true'), admin, exported);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as BotImportPreview;
    expect(preview.applied).toBe(false);
    expect(preview.intents.replaced).toEqual(
      expect.arrayContaining([
        { language: 'en', name: 'shipping' },
        { language: 'en', name: 'welcome_event' },
      ]),
    );
    expect(preview.intents.added).toEqual(
      expect.arrayContaining([
        { language: 'es', name: 'gracias' },
        { language: 'es', name: 'welcome_event' },
      ]),
    );
    expect(preview.entities).toEqual({ added: [{ language: 'en', name: 'city' }], replaced: [] });
    expect(preview.languagesAdded).toEqual(['es']);
    expect(preview.settingsChanged).toBe(true);
    // A dry run changes nothing.
    expect(await intentsOf(target.id)).toEqual(before);

    const jobsBefore = (await listJobs(t.database.db, KOMPOSE_TRAIN_QUEUE, 100_000)).filter(
      (j) => (j.payload as { botId?: string }).botId === target.id,
    ).length;
    res = await call('POST', path(BOT_SETTINGS_PATHS.import, target.id), admin, exported);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as BotImportPreview).applied).toBe(true);
    const jobsAfter = (await listJobs(t.database.db, KOMPOSE_TRAIN_QUEUE, 100_000)).filter(
      (j) => (j.payload as { botId?: string }).botId === target.id,
    ).length;
    expect(jobsAfter - jobsBefore).toBe(2);

    // Round trip: the target now exports what the source did, plus its own other answer; its
    // name and secrets stay its own.
    const again = await exportOf(target.id);
    expect(again.bot.name).toBe('Import Target');
    expect(again.bot.languages).toEqual(['en', 'es']);
    expect(again.bot.settings).toEqual(exported.bot.settings);
    expect(again.bot.webhook).toEqual(exported.bot.webhook);
    expect(again.entities).toEqual(exported.entities);
    const key = (i: { language: string; name: string }) => `${i.language}/${i.name}`;
    const sorted = <T extends { language: string; name: string }>(list: T[]) =>
      [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(again.intents.filter((i) => i.name !== 'opening hours'))).toEqual(sorted(exported.intents));
    expect(again.intents.some((i) => i.name === 'opening hours')).toBe(true);
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, target.id));
    expect(row!.apiKeyEncrypted).toBeNull();
    const hook = (await call('GET', path(BOT_SETTINGS_PATHS.webhook, target.id), admin)).json()
      .data as BotWebhook;
    expect(hook).toMatchObject({ url: 'https://fulfil.example.com/hook', hasSecret: true });

    // Importing the same file again replaces everything and adds nothing.
    res = await call('POST', path(BOT_SETTINGS_PATHS.import, target.id, '?dryRun=true'), admin, exported);
    const second = res.json().data as BotImportPreview;
    expect(second.intents.added).toEqual([]);
    expect(second.entities.added).toEqual([]);
    expect(second.settingsChanged).toBe(false);
  });

  it('refuses a bad file with a clear 4xx and changes nothing', async () => {
    const target = await createBot('Bad Import');
    const before = await intentsOf(target.id);
    const url = path(BOT_SETTINGS_PATHS.import, target.id);
    const base = { ...exported, bot: { ...exported.bot, webhook: { url: null, intents: [] } } };

    let res = await call('POST', url, admin, { ...base, version: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(res.json().message).toContain('version');

    res = await call('POST', url, admin, { ...base, surprise: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');

    res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"format": "convo-bot", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');

    // The builder's own rules, naming the item.
    const welcome = base.intents.findIndex((i) => i.section === 'welcome-message');
    const withPhrases = base.intents.map((i, n) => (n === welcome ? { ...i, userSays: ['hi'] } : i));
    res = await call('POST', url, admin, { ...base, intents: withPhrases });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'USER_SAYS_NOT_ALLOWED' });
    expect(res.json().message).toContain(`intents[${welcome}]`);

    res = await call('POST', url, admin, { ...base, intents: [...base.intents, base.intents[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('DUPLICATE_IN_FILE');

    // A webhook without this bot's secret.
    res = await call('POST', url, admin, exported);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SECRET_REQUIRED');

    // Only admins import.
    res = await call('POST', url, agent, base);
    expect(res.statusCode).toBe(403);

    expect(await intentsOf(target.id)).toEqual(before);
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, target.id));
    expect(row!.languages).toEqual(['en']);
  });

  it('keeps the webhook secret write-only and checks the URL and answers', async () => {
    const bot = await createBot('Webhook Rules');
    const url = path(BOT_SETTINGS_PATHS.webhook, bot.id);
    let res = await call('GET', url, admin);
    expect(res.json().data).toEqual({ url: null, intents: [], hasSecret: false, timeoutMs: 5000 });

    res = await call('PUT', url, admin, { url: 'https://x.example.com/', intents: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SECRET_REQUIRED');
    res = await call('PUT', url, admin, { url: 'ftp://x.example.com/', intents: [], secret: 's' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
    res = await call('PUT', url, admin, { url: 'https://x.example.com/', intents: ['nope'], secret: 's' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INTENT_NOT_FOUND');
    res = await call('PUT', url, agent, { url: 'https://x.example.com/', intents: [], secret: 's' });
    expect(res.statusCode).toBe(403);

    // https required by the application's webhook security.
    await t.database.db
      .insert(webhookSecurity)
      .values({ applicationId: tenant.applicationId, requireHttps: true })
      .onConflictDoUpdate({ target: webhookSecurity.applicationId, set: { requireHttps: true } });
    res = await call('PUT', url, admin, { url: 'http://x.example.com/', intents: [], secret: 's' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HTTPS_REQUIRED');
    await t.database.db
      .update(webhookSecurity)
      .set({ requireHttps: false })
      .where(eq(webhookSecurity.applicationId, tenant.applicationId));

    res = await call('PUT', url, admin, {
      url: 'https://x.example.com/',
      intents: [],
      secret: WEBHOOK_SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hasSecret: true, url: 'https://x.example.com/' });
    // Absent keeps the secret; '' with a URL is refused; removing both works.
    res = await call('PUT', url, admin, { url: 'https://y.example.com/', intents: [] });
    expect(res.json().data).toMatchObject({ hasSecret: true, url: 'https://y.example.com/' });
    res = await call('PUT', url, admin, { url: '', intents: [], secret: '' });
    expect(res.json().data).toMatchObject({ hasSecret: false, url: null });
  });

  describe('at run time', () => {
    const db = () => t.database.db;
    let bot: Bot;
    let groupId: number;
    let visitor: { headers: Headers };

    const botReplies = async (id: number) =>
      (
        await db()
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.conversationId, id),
              eq(messages.senderType, SENDER_TYPE.BOT),
              eq(messages.contentType, 0),
              sql`${messages.metadata}->>'KM_BOT_WELCOME' is null`,
            ),
          )
          .orderBy(asc(messages.id))
      ).map((m) => m.message);
    const ask = async (text: string) => {
      const res = await sendTestMessage(t, visitor.headers, groupId, `${text}-${Math.random()}`, text);
      expect(res.statusCode, res.body).toBe(200);
      await worker.drain();
    };

    beforeAll(async () => {
      bot = await createBot('Fulfilled Bot');
      await addIntent(bot.id, {
        language: 'en',
        section: 'answers',
        name: 'shipping',
        userSays: ['how long does shipping take'],
        botSays: [{ kind: 'text', text: 'static' }],
      });
      await call('POST', path(BOT_PATHS.entities, bot.id), admin, {
        entity: 'city',
        locale: 'en',
        values: [{ value: 'Paris', synonyms: ['paree'] }],
      });
      const res = await call('PUT', path(BOT_SETTINGS_PATHS.webhook, bot.id), admin, {
        url: receiver.url,
        intents: ['shipping'],
        secret: WEBHOOK_SECRET,
      });
      expect(res.statusCode, res.body).toBe(200);
      await db().delete(botFirstResponders).where(eq(botFirstResponders.applicationId, tenant.applicationId));
      await db().insert(botFirstResponders).values({ applicationId: tenant.applicationId, botId: bot.id });
      const opened = await newVisitorConversation(t, tenant);
      groupId = opened.groupId;
      visitor = opened.visitor;
    });

    it('signs the call and sends the webhook messages instead of the static reply', async () => {
      receiver.respond = (res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ messages: [{ text: 'Paris parcels leave today.' }] }));
      };
      await ask('how long does shipping take to paree');
      expect(await botReplies(groupId)).toEqual(['Paris parcels leave today.']);
      const last = receiver.calls.at(-1)!;
      expect(verifyWebhookSignature(WEBHOOK_SECRET, last.body, last.headers['x-convo-signature'])).toBe(true);
      expect(verifyWebhookSignature('another-secret', last.body, last.headers['x-convo-signature'])).toBe(
        false,
      );
      const sent = JSON.parse(last.body) as FulfillmentRequest;
      expect(sent).toMatchObject({
        botId: bot.id,
        groupId,
        message: 'how long does shipping take to paree',
        intent: 'shipping',
        language: 'en',
        entities: { city: 'Paris' },
      });
      const view = (await call('GET', path(BOT_PATHS.bot, bot.id), admin)).json().data as Bot;
      expect(view.lastError).toBeNull();
    });

    it('falls back to the static reply on a timeout and shows the admin why', async () => {
      receiver.respond = (res) => {
        setTimeout(() => res.end(JSON.stringify({ messages: [{ text: 'too late' }] })), 1500);
      };
      await ask('shipping cost');
      expect((await botReplies(groupId)).at(-1)).toBe(STORE_INTENTS[0]!.reply);
      const view = (await call('GET', path(BOT_PATHS.bot, bot.id), admin)).json().data as Bot;
      expect(view.lastError).toBe('WEBHOOK_ERROR: timeout');

      // A wrong answer also falls back; a good one clears the error.
      receiver.respond = (res) => res.end('not json');
      await ask('delivery time');
      expect((await botReplies(groupId)).at(-1)).toBe(STORE_INTENTS[0]!.reply);
      expect(((await call('GET', path(BOT_PATHS.bot, bot.id), admin)).json().data as Bot).lastError).toBe(
        'WEBHOOK_ERROR: the answer is not JSON',
      );
      receiver.respond = (res) =>
        res.end(JSON.stringify({ messages: [{ kind: 'text', text: 'Back again.' }] }));
      await ask('when will my order arrive');
      expect((await botReplies(groupId)).at(-1)).toBe('Back again.');
      expect(
        ((await call('GET', path(BOT_PATHS.bot, bot.id), admin)).json().data as Bot).lastError,
      ).toBeNull();
    });

    it('never calls a webhook on the server’s own network by default: refused at save, static reply at run time', async () => {
      const before = receiver.calls.length;
      receiver.respond = (res) => res.end(JSON.stringify({ messages: [{ text: 'internal answer' }] }));
      configureOutbound([]);
      try {
        const refused = await call('PUT', path(BOT_SETTINGS_PATHS.webhook, bot.id), admin, {
          url: receiver.url,
          intents: ['shipping'],
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
        // The URL saved while the operator allowed 127.0.0.1: the bot answers its static reply.
        await ask('how long does shipping take');
        expect((await botReplies(groupId)).at(-1)).toBe(STORE_INTENTS[0]!.reply);
        const view = (await call('GET', path(BOT_PATHS.bot, bot.id), admin)).json().data as Bot;
        expect(view.lastError).toBe('WEBHOOK_ERROR: could not reach the address');
        expect(receiver.calls.length).toBe(before);
      } finally {
        configureOutbound(t.config.outboundAllow);
      }
    });

    it('answers a conversation created through the messaging API with the bot as assignee', async () => {
      // The inline-code page's API snippet: no first responder, the bot named as the assignee.
      await db().delete(botFirstResponders).where(eq(botFirstResponders.applicationId, tenant.applicationId));
      const customer = await newVisitor(t, tenant);
      const res = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.groupCreate,
        headers: customer.headers,
        payload: {
          groupName: 'API',
          groupMemberList: [bot.userName],
          metadata: { CONVERSATION_ASSIGNEE: bot.userName },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      groupId = res.json().response.id as number;
      visitor = customer;
      const [conv] = await db().select().from(conversations).where(eq(conversations.id, groupId));
      expect(conv!.botActive).toBe(true);
      receiver.respond = (r) => r.end(JSON.stringify({ messages: [{ text: 'From the API.' }] }));
      await ask('how long does shipping take');
      expect(await botReplies(groupId)).toEqual(['From the API.']);
      await db().insert(botFirstResponders).values({ applicationId: tenant.applicationId, botId: bot.id });
    });

    it("hands over on the bot's own words with its own message", async () => {
      const res = await call('PUT', path(BOT_PATHS.botEngine, bot.id), admin, {
        settings: {
          handoffWords: ['refund manager'],
          handoffMessage: 'Ana from billing takes it from here.',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const opened = await newVisitorConversation(t, tenant);
      groupId = opened.groupId;
      visitor = opened.visitor;
      await ask('I need the Refund Manager');
      expect(await botReplies(groupId)).toEqual(['Ana from billing takes it from here.']);
      const [conv] = await db().select().from(conversations).where(eq(conversations.id, groupId));
      expect(conv!.botActive).toBe(false);
    });
  });

  it("refuses another tenant's bot", async () => {
    const url = (p: string) => path(p, source.id);
    let res = await call('GET', url(BOT_SETTINGS_PATHS.export), otherAdmin);
    expect(res.statusCode).toBe(404);
    res = await call('POST', url(BOT_SETTINGS_PATHS.import), otherAdmin, {
      ...exported,
      bot: { ...exported.bot, webhook: { url: null, intents: [] } },
    });
    expect(res.statusCode).toBe(404);
    res = await call('GET', url(BOT_SETTINGS_PATHS.webhook), otherAdmin);
    expect(res.statusCode).toBe(404);
    res = await call('PUT', url(BOT_SETTINGS_PATHS.webhook), otherAdmin, {
      url: '',
      intents: [],
      secret: '',
    });
    expect(res.statusCode).toBe(404);
    // The source is untouched by all of it.
    expect((await exportOf(source.id)).bot.webhook.url).toBe('https://fulfil.example.com/hook');
  });

  it('never returned a secret in any response', async () => {
    // Its own bot holding both secrets, read through every page that shows a bot (so the check
    // runs over bodies even when this test runs alone); then every body of the file is checked.
    const before = bodies.length;
    const bot = await createBot('Secret Holder');
    const writes = [
      await call('PUT', path(BOT_PATHS.botEngine, bot.id), admin, { apiKey: API_KEY, settings: {} }),
      await call('PUT', path(BOT_SETTINGS_PATHS.webhook, bot.id), admin, {
        url: 'https://fulfil.example.com/secret-holder',
        intents: [],
        secret: WEBHOOK_SECRET,
      }),
    ];
    for (const res of writes) expect(res.statusCode, res.body).toBe(200);
    const reads = [
      await call('GET', BOT_PATHS.bots, admin),
      await call('GET', path(BOT_PATHS.bot, bot.id), admin),
      await call('GET', path(BOT_PATHS.bot, bot.id), agent),
      await call('GET', path(BOT_SETTINGS_PATHS.webhook, bot.id), admin),
      await call('GET', path(BOT_SETTINGS_PATHS.export, bot.id), admin),
      await call('GET', path(BOT_PATHS.intents, bot.id), admin),
      await call('GET', path(BOT_PATHS.training, bot.id), admin),
    ];
    for (const res of reads) expect(res.statusCode, res.body).toBe(200);
    // The secrets are stored (the pages say so) and still never shown.
    expect(reads[3]!.json().data).toMatchObject({ hasSecret: true });
    const checked = bodies.length;
    expect(checked - before).toBeGreaterThanOrEqual(reads.length + writes.length + 1);
    for (const body of bodies) {
      expect(body).not.toContain(WEBHOOK_SECRET);
      expect(body).not.toContain(API_KEY);
    }
  });
});
