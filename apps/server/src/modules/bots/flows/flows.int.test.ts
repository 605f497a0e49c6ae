import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ANALYTICS_PATHS,
  BOT_SETTINGS_PATHS,
  CODE_ACTION_PATHS,
  FLOW_PATHS,
  type FlowGraphInput,
  flowPath,
} from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  botAnswers,
  botConversations,
  botFirstResponders,
  botFlowRuns,
  conversations,
  messages,
} from '../../../db/schema/index.js';
import { JobWorker } from '../../../platform/jobs/job-queue.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { addTestBot } from '../../../testing/bots.js';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../../testing/messaging-fixtures.js';
import { createRuleEngine, STORE_INTENTS } from '../../../testing/rule-engine.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { createRealtime } from '../../realtime/realtime.js';
import { BOT_REPLY_QUEUE } from '../runtime/enqueue.js';
import { botReplyHandler } from '../runtime/reply-job.js';

const silent = { warn: () => {}, error: () => {} };
const at = { x: 0, y: 0 };

/** Asks an e-mail, posts it to the API, says the ticket and hands off; the API failing ends politely. */
function ticketFlow(apiUrl: string, timeoutMs = 2000): FlowGraphInput {
  return {
    start: 'hello',
    attributes: ['email', 'ticket'],
    nodes: [
      { id: 'hello', type: 'message', position: at, text: 'Let us open a ticket.' },
      {
        id: 'ask',
        type: 'question',
        position: at,
        text: 'What is your e-mail?',
        attribute: 'email',
        answer: 'email',
        retryText: 'That is not an e-mail address; try again.',
      },
      {
        id: 'call',
        type: 'api',
        position: at,
        method: 'POST',
        url: apiUrl,
        headers: [{ name: 'x-mail', value: '{{email}}' }],
        body: '{"email":"{{email}}"}',
        responseMap: [{ path: 'ticket.id', attribute: 'ticket' }],
        timeoutMs,
      },
      {
        id: 'human',
        type: 'handoff',
        position: at,
        text: 'Ticket {{ticket}} for {{email}}: a person takes over.',
      },
      { id: 'sorry', type: 'end', position: at, text: 'Our ticket system is down, sorry.' },
    ],
    edges: [
      { id: 'e1', source: 'hello', target: 'ask', handle: 'next' },
      { id: 'e2', source: 'ask', target: 'call', handle: 'next' },
      { id: 'e3', source: 'call', target: 'human', handle: 'success' },
      { id: 'e4', source: 'call', target: 'sorry', handle: 'error' },
    ],
  };
}

describe.each(testDatabaseKinds())('bot flows on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  const { t, tenants } = useTestApp(kind, { tenants: 2, pubsub });
  const [tenant, other] = tenants;
  let api: Server;
  let apiUrl = '';
  const received: { body: string; mail: string | undefined }[] = [];

  const newWorker = () =>
    new JobWorker({
      db: t.database.db,
      log: silent,
      handlers: {
        [BOT_REPLY_QUEUE]: botReplyHandler({
          db: t.database.db,
          realtime: createRealtime(pubsub, silent),
          engines: new Map([['kompose' as const, createRuleEngine(STORE_INTENTS)]]),
          appSecret: t.config.appSecret,
          log: silent,
        }),
      },
      backoffBaseMs: 0,
    });
  let worker: JobWorker;

  beforeAll(async () => {
    worker = newWorker();
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        received.push({ body, mail: req.headers['x-mail'] as string | undefined });
        if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 3000);
        if (req.url === '/garbage') return void res.end('<html>not json');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ticket: { id: 'T-42' } }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await worker.stop();
    await pubsub.close();
    await new Promise((r) => api.close(r));
  });

  const call = (who: Tenant, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.admin['x-authorization']}` },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  const botWithFlow = async (
    who: Tenant,
    graph: FlowGraphInput,
    extra: Record<string, unknown> = { isDefault: true },
  ) => {
    const bot = await addTestBot(t.database, who.applicationId, 'kompose', 'Flow Bot');
    await t.database.db
      .delete(botFirstResponders)
      .where(eq(botFirstResponders.applicationId, who.applicationId));
    await t.database.db
      .insert(botFirstResponders)
      .values({ applicationId: who.applicationId, botId: bot.id });
    const created = await call(who, 'POST', flowPath(FLOW_PATHS.flows, { botId: bot.id }), {
      name: 'Tickets',
    });
    expect(created.statusCode, created.body).toBe(200);
    const flowId = created.json().data.id as string;
    const ids = { botId: bot.id, flowId };
    const saved = await call(who, 'PATCH', flowPath(FLOW_PATHS.flow, ids), { draft: graph, ...extra });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call(who, 'POST', flowPath(FLOW_PATHS.publish, ids));
    expect(published.statusCode, published.body).toBe(200);
    return { bot, ids };
  };

  const botTexts = async (groupId: number) =>
    (
      await t.database.db
        .select({ message: messages.message })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, groupId),
            eq(messages.senderType, SENDER_TYPE.BOT),
            eq(messages.contentType, 0),
            sql`${messages.metadata}->>'KM_BOT_WELCOME' is null`,
          ),
        )
        .orderBy(asc(messages.id))
    ).map((m) => m.message);

  const say = async (headers: Record<string, string>, groupId: number, text: string, w = worker) => {
    const res = await sendTestMessage(t, headers, groupId, `${text}-${Math.random()}`, text);
    expect(res.statusCode, res.body).toBe(200);
    await w.drain();
  };

  it('keeps versions: draft, publish, refuse an invalid draft naming the step, roll back', async () => {
    const { ids } = await botWithFlow(tenant, ticketFlow(`${apiUrl}/ok`));
    const broken = ticketFlow(`${apiUrl}/ok`);
    broken.edges.push({ id: 'bad', source: 'sorry', target: 'ghost', handle: 'next' });
    broken.attributes = ['email'];
    await call(tenant, 'PATCH', flowPath(FLOW_PATHS.flow, ids), { draft: broken });
    const refused = await call(tenant, 'POST', flowPath(FLOW_PATHS.publish, ids));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('FLOW_INVALID');
    const problems = refused.json().details as { code: string; nodeId: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'FLOW_DANGLING_EDGE', nodeId: 'sorry' }),
        expect.objectContaining({ code: 'FLOW_UNKNOWN_ATTRIBUTE', nodeId: 'call' }),
      ]),
    );

    // A second good version, then back to the first.
    const v2 = ticketFlow(`${apiUrl}/ok`);
    v2.nodes[0] = { id: 'hello', type: 'message', position: at, text: 'Version two.' };
    await call(tenant, 'PATCH', flowPath(FLOW_PATHS.flow, ids), { draft: v2 });
    expect((await call(tenant, 'POST', flowPath(FLOW_PATHS.publish, ids))).json().data.publishedVersion).toBe(
      2,
    );
    const back = await call(tenant, 'POST', flowPath(FLOW_PATHS.rollback, ids), { version: 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ publishedVersion: 3, hasChanges: false });
    expect(back.json().data.draft.nodes[0].text).toBe('Let us open a ticket.');
    const versions = (await call(tenant, 'GET', flowPath(FLOW_PATHS.versions, ids))).json().data;
    expect(
      versions.map((v: { version: number; rolledBackFrom: number | null }) => [v.version, v.rolledBackFrom]),
    ).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);

    // Another application sees none of it and cannot change it.
    expect((await call(other, 'GET', flowPath(FLOW_PATHS.flow, ids))).statusCode).toBe(404);
    expect((await call(other, 'POST', flowPath(FLOW_PATHS.rollback, ids), { version: 2 })).statusCode).toBe(
      404,
    );
    expect((await call(other, 'DELETE', flowPath(FLOW_PATHS.flow, ids))).statusCode).toBe(404);
  });

  it('runs ask → validate → API call → hand off in a conversation, and resumes after a restart', async () => {
    await botWithFlow(tenant, ticketFlow(`${apiUrl}/ok`));
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await say(visitor.headers, groupId, 'hi');
    expect(await botTexts(groupId)).toEqual(['Let us open a ticket.', 'What is your e-mail?']);

    await say(visitor.headers, groupId, 'not-an-email');
    expect((await botTexts(groupId)).at(-1)).toBe('That is not an e-mail address; try again.');

    // The server restarts: a new worker (no memory of the run) continues from the database.
    await worker.stop();
    worker = newWorker();
    const [run] = await t.database.db
      .select()
      .from(botFlowRuns)
      .where(eq(botFlowRuns.conversationId, groupId));
    expect(run).toMatchObject({ nodeId: 'ask', waiting: true, status: 'running' });

    await say(visitor.headers, groupId, 'ana@example.com');
    expect((await botTexts(groupId)).at(-1)).toBe('Ticket T-42 for ana@example.com: a person takes over.');
    expect(received.at(-1)).toEqual({ body: '{"email":"ana@example.com"}', mail: 'ana@example.com' });
    const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.id, groupId));
    expect(conv?.botActive).toBe(false);
  });

  it('follows the error branch when the API times out or answers garbage', async () => {
    for (const path of ['/slow', '/garbage']) {
      await botWithFlow(tenant, ticketFlow(`${apiUrl}${path}`, 500));
      const { visitor, groupId } = await newVisitorConversation(t, tenant);
      await say(visitor.headers, groupId, 'hello');
      await say(visitor.headers, groupId, 'bo@example.com');
      expect((await botTexts(groupId)).at(-1)).toBe('Our ticket system is down, sorry.');
    }
  });

  it('starts a flow from an answer, and keeps two bots of two applications apart', async () => {
    const graph = ticketFlow(`${apiUrl}/ok`);
    await botWithFlow(tenant, graph, { intent: 'shipping' });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await say(visitor.headers, groupId, 'how long does shipping take?');
    expect(await botTexts(groupId)).toEqual([
      STORE_INTENTS[0]?.reply,
      'Let us open a ticket.',
      'What is your e-mail?',
    ]);

    // The other application's bot has no flow: the same question is only answered.
    const bot2 = await addTestBot(t.database, other.applicationId, 'kompose', 'Other');
    await t.database.db
      .insert(botFirstResponders)
      .values({ applicationId: other.applicationId, botId: bot2.id });
    const o = await newVisitorConversation(t, other);
    await say(o.visitor.headers, o.groupId, 'how long does shipping take?');
    expect(await botTexts(o.groupId)).toEqual([STORE_INTENTS[0]?.reply]);
  });

  it('emulates the draft turn by turn without storing a run', async () => {
    const { ids } = await botWithFlow(tenant, ticketFlow(`${apiUrl}/ok`));
    const url = flowPath(FLOW_PATHS.emulator, ids);
    const first = (await call(tenant, 'POST', url, {})).json().data;
    expect(first.messages.map((m: { text: string }) => m.text)).toEqual([
      'Let us open a ticket.',
      'What is your e-mail?',
    ]);
    const second = (await call(tenant, 'POST', url, { message: 'cy@example.com', state: first.state })).json()
      .data;
    expect(second).toMatchObject({
      done: true,
      handoff: { assignTo: null, assignTeam: null },
      path: ['ask', 'call', 'human'],
    });
    expect((await call(other, 'POST', url, {})).statusCode).toBe(404);
  });

  it('exports a bot with its flows and imports them into another application’s bot', async () => {
    const { bot } = await botWithFlow(tenant, ticketFlow(`${apiUrl}/ok`));
    const exported = await call(tenant, 'GET', flowPath(BOT_SETTINGS_PATHS.export, { botId: bot.id }));
    expect(exported.statusCode, exported.body).toBe(200);
    const file = exported.json();
    expect(file.flows).toEqual([
      expect.objectContaining({ name: 'Tickets', isDefault: true, published: true }),
    ]);

    const target = await addTestBot(t.database, other.applicationId, 'kompose', 'Imported');
    const importUrl = flowPath(BOT_SETTINGS_PATHS.import, { botId: target.id });
    // A published flow that breaks the publish rules refuses the whole file, naming the step.
    const broken = structuredClone(file);
    broken.flows[0].graph.edges.push({ id: 'x', source: 'sorry', target: 'ghost', handle: 'next' });
    const refused = await call(other, 'POST', importUrl, broken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('sorry');
    expect((await call(other, 'GET', flowPath(FLOW_PATHS.flows, { botId: target.id }))).json().data).toEqual(
      [],
    );

    const imported = await call(other, 'POST', importUrl, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.flows.added).toEqual([{ language: '', name: 'Tickets' }]);
    const flows = (await call(other, 'GET', flowPath(FLOW_PATHS.flows, { botId: target.id }))).json().data;
    expect(flows).toEqual([
      expect.objectContaining({ name: 'Tickets', isDefault: true, publishedVersion: 1, hasChanges: false }),
    ]);
  });

  /** Asks an e-mail, runs the code action on it, says its result; the action failing ends politely. */
  const codeFlow = (actionId: string): FlowGraphInput => ({
    start: 'ask',
    attributes: ['email', 'domain'],
    nodes: [
      {
        id: 'ask',
        type: 'question',
        position: at,
        text: 'Your e-mail?',
        attribute: 'email',
        answer: 'email',
      },
      {
        id: 'run',
        type: 'code',
        position: at,
        actionId,
        responseMap: [{ path: 'domain', attribute: 'domain' }],
      },
      { id: 'done', type: 'end', position: at, text: 'You write from {{domain}}.' },
      { id: 'failed', type: 'end', position: at, text: 'The action failed.' },
    ],
    edges: [
      { id: 'e1', source: 'ask', target: 'run', handle: 'next' },
      { id: 'e2', source: 'run', target: 'done', handle: 'success' },
      { id: 'e3', source: 'run', target: 'failed', handle: 'error' },
    ],
  });

  const saveAction = async (who: Tenant, name: string, code: string) => {
    const res = await call(who, 'POST', CODE_ACTION_PATHS.actions, { name, code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  it('runs a saved code action as a step: attributes in, its result mapped out, a throw or a loop to the error branch', async () => {
    const domainOf = await saveAction(
      tenant,
      `domain-${Math.random()}`,
      "function action(input) { return { domain: input.email.split('@')[1] }; }",
    );
    await botWithFlow(tenant, codeFlow(domainOf));
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await say(visitor.headers, groupId, 'hi');
    await say(visitor.headers, groupId, 'dee@example.org');
    expect((await botTexts(groupId)).at(-1)).toBe('You write from example.org.');

    for (const code of [
      "function action(input) { throw new Error('no'); }",
      'function action(input) { for (;;) {} }',
    ]) {
      await botWithFlow(tenant, codeFlow(await saveAction(tenant, `bad-${Math.random()}`, code)));
      const c = await newVisitorConversation(t, tenant);
      await say(c.visitor.headers, c.groupId, 'hi');
      await say(c.visitor.headers, c.groupId, 'eve@example.org');
      expect((await botTexts(c.groupId)).at(-1)).toBe('The action failed.');
    }

    // The emulator runs the same action on the draft.
    const { ids } = await botWithFlow(tenant, codeFlow(domainOf));
    const url = flowPath(FLOW_PATHS.emulator, ids);
    const first = (await call(tenant, 'POST', url, {})).json().data;
    const second = (
      await call(tenant, 'POST', url, { message: 'fay@example.net', state: first.state })
    ).json().data;
    expect(second.messages.map((m: { text: string }) => m.text)).toEqual(['You write from example.net.']);
  });

  it('refuses to publish a code step whose action does not exist here, naming the step', async () => {
    const elsewhere = await saveAction(
      other,
      `other-${Math.random()}`,
      'function action(input) { return {}; }',
    );
    for (const actionId of ['00000000-0000-0000-0000-000000000000', elsewhere]) {
      const bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Code Bot');
      const created = await call(tenant, 'POST', flowPath(FLOW_PATHS.flows, { botId: bot.id }), {
        name: 'C',
      });
      const ids = { botId: bot.id, flowId: created.json().data.id as string };
      const saved = await call(tenant, 'PATCH', flowPath(FLOW_PATHS.flow, ids), {
        draft: codeFlow(actionId),
      });
      expect(saved.json().data.problems).toEqual([
        expect.objectContaining({ code: 'FLOW_UNKNOWN_CODE_ACTION', nodeId: 'run' }),
      ]);
      const refused = await call(tenant, 'POST', flowPath(FLOW_PATHS.publish, ids));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain('Step run runs a code action that does not exist.');
    }
  });

  it("opens a flow's first turn with the welcome and counts its replies in bot analytics", async () => {
    const { bot } = await botWithFlow(tenant, ticketFlow(`${apiUrl}/ok`));
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await say(visitor.headers, groupId, 'hi');
    const welcome = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(eq(messages.conversationId, groupId), sql`${messages.metadata}->>'KM_BOT_WELCOME' = 'true'`),
      );
    expect(welcome).toHaveLength(1);
    const state = async () => {
      const [row] = await t.database.db
        .select()
        .from(botConversations)
        .where(eq(botConversations.conversationId, groupId));
      return row;
    };
    expect(await state()).toMatchObject({ botId: bot.id, answered: 1, secondsSaved: 60 });

    await say(visitor.headers, groupId, 'not-an-email');
    expect(await state()).toMatchObject({ answered: 2, secondsSaved: 60, handedOffAt: null });
    const answers = await t.database.db
      .select({ intent: botAnswers.intent, fallback: botAnswers.fallback })
      .from(botAnswers)
      .where(eq(botAnswers.conversationId, groupId));
    expect(answers).toEqual([
      { intent: 'flow: Tickets', fallback: false },
      { intent: 'flow: Tickets', fallback: false },
    ]);

    // Handed off by the flow: answered stays counted, the time saved goes (an agent works on it).
    await say(visitor.headers, groupId, 'gus@example.com');
    expect(await state()).toMatchObject({ answered: 3, secondsSaved: 0, handoffReason: 'tool' });
    // Bot analytics (its roll-up and the conversation's row) sees the flow's three replies.
    const now = Date.now();
    const report = await call(
      tenant,
      'GET',
      `${ANALYTICS_PATHS.botAnalytics.replace(':botId', bot.id)}?from=${now - 86_400_000}&to=${now + 86_400_000}&timeZone=UTC`,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.overview).toMatchObject({
      conversations: 1,
      handedOff: 1,
      answers: 3,
      fallbacks: 0,
    });
    expect(report.json().data.intents).toEqual([
      expect.objectContaining({ intent: 'flow: Tickets', hits: 3 }),
    ]);
    // Still one welcome.
    expect(
      await t.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(eq(messages.conversationId, groupId), sql`${messages.metadata}->>'KM_BOT_WELCOME' = 'true'`),
        ),
    ).toHaveLength(1);
  });
});
