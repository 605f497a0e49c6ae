import type { FlowGraph } from '@convo/domain';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { botFlowRuns, botFlows, botFlowVersions } from '../../../db/schema/index.js';
import { addTestBot } from '../../../testing/bots.js';
import { newVisitorConversation, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import type { FlowHttp } from './runner.js';
import { continueOrStartFlow, type FlowEffects } from './service.js';

// Turns arriving together are read and stored in one statement each (service.ts): a burst must
// still give every conversation its own run, keep two applications apart, and not answer a
// retried message twice.

const at = { x: 0, y: 0 };
const noHttp: FlowHttp = async () => ({ ok: false, error: 'no API in this test' });
const effects: FlowEffects = {
  http: noHttp,
  code: async () => ({ ok: false, error: 'no code in this test' }),
};

/** Asks a number, says it, ends. */
const graph: FlowGraph = {
  start: 'ask',
  attributes: ['n'],
  nodes: [
    { id: 'ask', type: 'question', position: at, text: 'A number?', attribute: 'n', answer: 'number' },
    { id: 'say', type: 'message', position: at, text: 'Got {{n}}.' },
    { id: 'end', type: 'end', position: at },
  ],
  edges: [
    { id: 'e1', source: 'ask', target: 'say', handle: 'next' },
    { id: 'e2', source: 'say', target: 'end', handle: 'next' },
  ],
};

describe.each(testDatabaseKinds())('bot flows in a burst on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });

  const botWithDefaultFlow = async (who: Tenant) => {
    const bot = await addTestBot(t.database, who.applicationId, 'kompose', 'Burst');
    const [flow] = await t.database.db
      .insert(botFlows)
      .values({
        applicationId: who.applicationId,
        botId: bot.id,
        name: 'Burst',
        draft: graph,
        isDefault: true,
        publishedVersion: 1,
      })
      .returning();
    if (!flow) throw new Error('no flow');
    await t.database.db
      .insert(botFlowVersions)
      .values({ flowId: flow.id, version: 1, applicationId: who.applicationId, graph });
    return bot;
  };

  it('starts and answers many conversations of two applications at once, each its own run', async () => {
    const turns: { applicationId: string; botId: string; conversationId: number }[] = [];
    for (const who of tenants) {
      const bot = await botWithDefaultFlow(who);
      for (let i = 0; i < 6; i++) {
        const { groupId } = await newVisitorConversation(t, who);
        turns.push({ applicationId: who.applicationId, botId: bot.id, conversationId: groupId });
      }
    }
    const db = t.database.db;
    const started = await Promise.all(
      turns.map((turn) => continueOrStartFlow(db, effects, { ...turn, messageId: 1, message: 'hi' })),
    );
    for (const r of started) expect(r?.messages.map((m) => m.text)).toEqual(['A number?']);

    // Each answers its own number; a retried job of the first (same message id) in the same burst.
    const answered = await Promise.all([
      ...turns.map((turn, i) =>
        continueOrStartFlow(db, effects, { ...turn, messageId: 2, message: String(i + 1) }),
      ),
    ]);
    answered.forEach((r, i) => {
      expect(r?.messages.map((m) => m.text)).toEqual([`Got ${i + 1}.`]);
      expect(r?.done).toBe(true);
    });
    const retried = await continueOrStartFlow(db, effects, { ...turns[0]!, messageId: 2, message: '1' });
    expect(retried).toBeNull();

    const runs = await db
      .select()
      .from(botFlowRuns)
      .where(
        inArray(
          botFlowRuns.conversationId,
          turns.map((r) => r.conversationId),
        ),
      );
    expect(runs).toHaveLength(turns.length);
    for (const [i, turn] of turns.entries()) {
      const run = runs.find((r) => r.conversationId === turn.conversationId);
      expect(run).toMatchObject({
        applicationId: turn.applicationId,
        botId: turn.botId,
        status: 'done',
        attributes: { n: String(i + 1) },
        lastMessageId: 2,
      });
    }
  });

  it('keeps the later of two turns of one conversation that arrive together', async () => {
    const who = tenants[0];
    const bot = await botWithDefaultFlow(who);
    const { groupId } = await newVisitorConversation(t, who);
    const turn = { applicationId: who.applicationId, botId: bot.id, conversationId: groupId };
    const db = t.database.db;
    await continueOrStartFlow(db, effects, { ...turn, messageId: 1, message: 'hi' });
    // Both read the waiting question; both store; the second's state is the one kept.
    const [a, b] = await Promise.all([
      continueOrStartFlow(db, effects, { ...turn, messageId: 2, message: 'x' }),
      continueOrStartFlow(db, effects, { ...turn, messageId: 3, message: '7' }),
    ]);
    expect(a?.done).toBe(false);
    expect(b?.done).toBe(true);
    const [run] = await db
      .select()
      .from(botFlowRuns)
      .where(inArray(botFlowRuns.conversationId, [groupId]));
    expect(run).toMatchObject({ status: 'done', lastMessageId: 3, attributes: { n: '7' } });
  });
});
