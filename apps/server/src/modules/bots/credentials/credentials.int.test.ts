import { BOT_CREDENTIALS_PATHS, BOT_PATHS, type Bot, botPath } from '@convo/api';
import { DEFAULT_BOT_FALLBACK_MESSAGE } from '@convo/domain';
import {
  type FakeCustomBot,
  type FakeDialogflow,
  startFakeCustomBot,
  startFakeDialogflow,
} from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBots, startWorkers } from '../../../app.js';
import { bots, conversations, users } from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { listJobs } from '../../../platform/jobs/job-repository.js';
import { configureOutbound } from '../../../platform/outbound/index.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { isBotAnswerFrame } from '../../../testing/bots.js';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { Client } from '../../../testing/ws-client.js';
import { BOT_REPLY_QUEUE } from '../runtime/enqueue.js';

// External engines through the product: the credentials API (validated, sealed, never returned),
// two applications each with their own, the custom webhook contract end to end through the worker's
// reply jobs with the KM_ASSIGN_TO handoff, a refused webhook answering the fallback, and Google's
// authorization of a Dialogflow agent (/dialogflow-callback's code exchange).

const silent = { warn: () => {}, error: () => {} };
const HOOK_TOKEN = 'custom-hook-token-NEVER-RETURNED';

describe.each(testDatabaseKinds())('external bot engines on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  let hook: FakeCustomBot;
  let google: FakeDialogflow;
  beforeAll(async () => {
    [hook, google] = await Promise.all([startFakeCustomBot({ token: HOOK_TOKEN }), startFakeDialogflow()]);
  });
  afterAll(async () => {
    await Promise.all([hook?.close(), google?.close()]);
    await pubsub.close();
  });

  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    pubsub,
    env: () => ({
      OUTBOUND_ALLOW: '127.0.0.1',
      DIALOGFLOW_API_URL: google.url,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_CLIENT_ID: google.oauthClient.clientId,
      GOOGLE_CLIENT_SECRET: google.oauthClient.clientSecret,
      CUSTOM_BOT_TIMEOUT_MS: '500',
    }),
  });
  const [tenant, other] = tenants;
  let worker: JobRunner;
  let base: string;
  beforeAll(async () => {
    configureOutbound(['127.0.0.1']);
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: silent,
      pubsub,
      outboundAllow: ['127.0.0.1'],
      bots: { ...productBots(t.config, t.database.db), timeoutMs: 3_000 },
      backoffBaseMs: 0,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker.stop();
    configureOutbound([]);
  });

  const db = () => t.database.db;
  const bearer = (target: Tenant) => ({ authorization: `Bearer ${target.admin['x-authorization']}` });
  /** Every response body this test saw: none may hold a secret. */
  const bodies: string[] = [];
  async function api(
    target: Tenant,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(target),
      ...(payload === undefined ? {} : { payload }),
    });
    bodies.push(res.body);
    return res;
  }

  async function customBot(target: Tenant, name: string, webhookUrl = hook.webhookUrl): Promise<Bot> {
    const created = await api(target, 'POST', BOT_PATHS.bots, { name, engine: 'custom' });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    const put = await api(target, 'PUT', botPath(BOT_CREDENTIALS_PATHS.credentials, { botId: bot.id }), {
      engine: 'custom',
      credentials: { engine: 'custom', webhookUrl, token: HOOK_TOKEN },
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = await api(target, 'PUT', BOT_PATHS.firstResponder, { botId: bot.id });
    expect(first.statusCode, first.body).toBe(200);
    return put.json().data as Bot;
  }

  async function repliesSettled() {
    const deadline = Date.now() + 10_000;
    while (
      (await listJobs(db(), BOT_REPLY_QUEUE)).some((j) => j.status !== 'done' && j.status !== 'failed')
    ) {
      if (Date.now() > deadline) throw new Error('bot reply jobs did not finish');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function visitorOf(target: Tenant) {
    const { visitor, groupId } = await newVisitorConversation(t, target);
    const socket = await Client.connect(base, visitor.token);
    const ask = async (text: string) => {
      const before = socket.frames.length;
      const res = await sendTestMessage(t, visitor.headers, groupId, `${text}-${Math.random()}`, text);
      expect(res.statusCode, res.body).toBe(200);
      const answer = await socket.next(
        (f) => socket.frames.indexOf(f) >= before && isBotAnswerFrame(f),
        10_000,
      );
      await repliesSettled();
      return answer.data!.message as { id: number; message: string; metadata: Record<string, string> };
    };
    return { groupId, socket, ask };
  }

  it('a custom bot answers through the webhook contract, and KM_ASSIGN_TO hands the conversation to that agent', async () => {
    const bot = await customBot(tenant, 'Hook bot');
    expect(bot.engine).toBe('custom');
    expect(bot.credentials).toEqual({
      engine: 'custom',
      fields: { webhookUrl: hook.webhookUrl },
      configured: ['token'],
    });
    hook.assignTo = tenant.adminUserName;
    const { groupId, socket, ask } = await visitorOf(tenant);
    try {
      const calls = hook.calls.length;
      const answer = await ask('Where is my parcel?');
      expect(answer.message).toBe('Custom bot heard: Where is my parcel?');
      const request = hook.calls[calls]!.body as Record<string, unknown>;
      expect(Object.keys(request).sort()).toEqual(
        [
          'applicationKey',
          'botId',
          'contentType',
          'createdAt',
          'eventName',
          'from',
          'groupId',
          'key',
          'message',
          'metadata',
          'source',
        ].sort(),
      );
      expect(request).toMatchObject({
        botId: bot.id,
        groupId,
        message: 'Where is my parcel?',
        eventName: 'message',
        contentType: 0,
      });
      expect(typeof request.key).toBe('string');
      expect(request.from).not.toBe('');
      expect(request.applicationKey).not.toBe('');
      expect(hook.calls[calls]!.headers.authorization).toBe(`Bearer ${HOOK_TOKEN}`);

      const handoff = await ask('I need a human');
      expect(handoff.message).toBe('Connecting you to a person.');
      const deadline = Date.now() + 5_000;
      let conv = (await db().select().from(conversations).where(eq(conversations.id, groupId)))[0]!;
      while (conv.botActive && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        conv = (await db().select().from(conversations).where(eq(conversations.id, groupId)))[0]!;
      }
      const [admin] = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, tenant.adminUserName)));
      expect(conv.botActive).toBe(false);
      expect(conv.assigneeId).toBe(admin!.id);
    } finally {
      socket.close();
    }
  });

  it('a webhook that fails twice gets the fallback message and the error on the bot, never a 500', async () => {
    const bot = await customBot(other, 'Flaky hook');
    const { socket, ask } = await visitorOf(other);
    try {
      hook.failNext(2);
      const answer = await ask('hello?');
      expect(answer.message).toBe(DEFAULT_BOT_FALLBACK_MESSAGE.en);
      const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.lastError).toContain('PROVIDER_ERROR');
      // The emulator shows the provider's failure as a clear 502, not a 500.
      hook.failNext(2);
      const emulated = await api(other, 'POST', botPath(BOT_PATHS.emulator, { botId: bot.id }), {
        message: 'hi',
        history: [],
      });
      expect(emulated.statusCode, emulated.body).toBe(502);
      expect(emulated.json().code).toBe('PROVIDER_ERROR');
    } finally {
      socket.close();
    }
  });

  it('validates credentials, refuses addresses the guard does not allow, and keeps each application to its own', async () => {
    const created = await api(tenant, 'POST', BOT_PATHS.bots, { name: 'Lex bot', engine: 'amazonlex' });
    expect(created.statusCode, created.body).toBe(200);
    const botId = (created.json().data as Bot).id;
    const url = botPath(BOT_CREDENTIALS_PATHS.credentials, { botId });
    const bad = await api(tenant, 'PUT', url, {
      engine: 'amazonlex',
      credentials: {
        engine: 'amazonlex',
        region: 'nowhere',
        botId: 'B1',
        botAliasId: 'A1',
        accessKeyId: 'K1',
      },
    });
    expect(bad.statusCode).toBe(400);
    const mismatch = await api(tenant, 'PUT', url, {
      engine: 'amazonlex',
      credentials: { engine: 'watson', serviceUrl: 'https://watson.example', assistantId: 'a', apiKey: 'k' },
    });
    expect(mismatch.statusCode).toBe(400);
    const lex = {
      engine: 'amazonlex',
      region: 'eu-west-1',
      botId: 'LEXBOT0001',
      botAliasId: 'TSTALIASID',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'lex-SECRET-never-returned',
    };
    const ok = await api(tenant, 'PUT', url, { engine: 'amazonlex', credentials: lex });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as Bot).credentials).toEqual({
      engine: 'amazonlex',
      fields: {
        region: 'eu-west-1',
        botId: 'LEXBOT0001',
        botAliasId: 'TSTALIASID',
        localeId: 'en_US',
        accessKeyId: 'AKIAEXAMPLE',
      },
      configured: ['secretAccessKey'],
    });
    // Another application cannot see, change or remove this bot's credentials.
    expect((await api(other, 'PUT', url, { engine: 'amazonlex', credentials: lex })).statusCode).toBe(404);
    expect((await api(other, 'DELETE', url)).statusCode).toBe(404);
    expect((await api(other, 'GET', botPath(BOT_PATHS.bot, { botId }))).statusCode).toBe(404);
    const theirs = (await api(other, 'GET', BOT_PATHS.bots)).json().data as Bot[];
    expect(theirs.some((b) => b.id === botId)).toBe(false);
    // A private address is refused unless OUTBOUND_ALLOW names it.
    configureOutbound([]);
    try {
      const refused = await api(tenant, 'PUT', url, {
        engine: 'custom',
        credentials: { engine: 'custom', webhookUrl: 'http://10.0.0.5/hook' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
    } finally {
      configureOutbound(['127.0.0.1']);
    }
    const removed = await api(tenant, 'DELETE', url);
    expect((removed.json().data as Bot).credentials).toBeNull();
    expect((removed.json().data as Bot).hasApiKey).toBe(false);
  });

  it('authorizes a Dialogflow agent with Google: consent URL, callback code, refresh token sealed; then it answers', async () => {
    const created = await api(tenant, 'POST', BOT_PATHS.bots, { name: 'Flow agent', engine: 'dialogflow' });
    const botId = (created.json().data as Bot).id;
    const noProject = await api(
      tenant,
      'GET',
      botPath(BOT_CREDENTIALS_PATHS.dialogflowAuthorizeUrl, { botId }),
    );
    expect(noProject.statusCode).toBe(409);
    await api(tenant, 'PUT', botPath(BOT_CREDENTIALS_PATHS.credentials, { botId }), {
      engine: 'dialogflow',
      credentials: { engine: 'dialogflow', projectId: 'oauth-agent' },
    });
    google.addAgent('oauth-agent', { price: { intent: 'pricing', texts: ['Plans start at 10 EUR.'] } });
    google.authorizeProject = 'oauth-agent';
    const consent = await api(
      tenant,
      'GET',
      botPath(BOT_CREDENTIALS_PATHS.dialogflowAuthorizeUrl, { botId }),
    );
    expect(consent.statusCode, consent.body).toBe(200);
    const consentUrl = (consent.json().data as { url: string }).url;
    expect(consentUrl.startsWith(google.authUrl)).toBe(true);
    // The fake consent screen redirects to /dialogflow-callback with the code and the state.
    const redirect = await fetch(consentUrl, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    expect(back.pathname).toBe('/dialogflow-callback');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    // Another application cannot use this state.
    const stolen = await api(other, 'POST', BOT_CREDENTIALS_PATHS.dialogflowAuthorize, { code, state });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('INVALID_STATE');
    const done = await api(tenant, 'POST', BOT_CREDENTIALS_PATHS.dialogflowAuthorize, { code, state });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json().data as Bot).credentials?.configured).toEqual(['oauth']);
    // A used code is refused with a clear error.
    const again = await api(tenant, 'POST', BOT_CREDENTIALS_PATHS.dialogflowAuthorize, { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('DIALOGFLOW_AUTHORIZATION_FAILED');
    const emulated = await api(tenant, 'POST', botPath(BOT_PATHS.emulator, { botId }), {
      message: 'What is the price?',
      history: [],
    });
    expect(emulated.statusCode, emulated.body).toBe(200);
    expect(emulated.json().data.messages).toEqual([{ kind: 'text', text: 'Plans start at 10 EUR.' }]);
  });

  it('never returns a secret in any response', () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) {
      expect(body).not.toContain(HOOK_TOKEN);
      expect(body).not.toContain('lex-SECRET-never-returned');
      expect(body).not.toContain('refresh');
      expect(body).not.toContain('PRIVATE KEY');
    }
  });
});
