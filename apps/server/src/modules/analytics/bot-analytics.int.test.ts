import { ANALYTICS_PATHS as P } from '@convo/api';
import { CONVERSATION_STATUS } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { botAnswers, botConversations, conversations, jobs } from '../../db/schema/index.js';
import { addTestBot } from '../../testing/bots.js';
import { signedInMember } from '../../testing/members.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { analyse } from '../bots/index.js';
import { BOT_INSIGHTS_QUEUE, botInsightsJobHandler } from './bot-analytics.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('bot analytics on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const day = Date.UTC(2026, 10, 2);
  const range = `?from=${day}&to=${day + 2 * DAY}&timeZone=UTC`;
  let owner: Record<string, string>;
  let ownerB: Record<string, string>;
  let botX: string;
  let botY: string;
  let botZ: string;
  let nextMessage = 9_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const pathOf = (path: string, botId: string) => path.replace(':botId', botId);

  async function conversation(applicationId: string, status: number = CONVERSATION_STATUS.OPEN) {
    const [row] = await t.database.db
      .insert(conversations)
      .values({
        applicationId,
        clientGroupId: `g-${Math.random().toString(36).slice(2)}`,
        name: 'Bot talk',
        status,
        channel: 'web',
        createdAt: new Date(day + HOUR),
      })
      .returning();
    return row!;
  }

  async function answers(
    applicationId: string,
    botId: string,
    conversationId: number,
    list: { intent: string; fallback?: boolean; question?: string; helpful?: boolean; at?: number }[],
  ) {
    await t.database.db.insert(botAnswers).values(
      list.map((x) => ({
        messageId: nextMessage++,
        applicationId,
        botId,
        conversationId,
        intent: x.intent,
        confidence: 90,
        fallback: x.fallback ?? false,
        question: x.question ?? null,
        helpful: x.helpful ?? null,
        ratedAt: x.helpful === undefined ? null : new Date(day + (x.at ?? HOUR) + 60_000),
        createdAt: new Date(day + (x.at ?? HOUR)),
      })),
    );
  }

  beforeAll(async () => {
    owner = { authorization: `Bearer ${a.admin['x-authorization']}` };
    ownerB = { authorization: `Bearer ${b.admin['x-authorization']}` };
    botX = (await addTestBot(t.database, a.applicationId, 'kompose', 'Helper X')).id;
    botY = (await addTestBot(t.database, a.applicationId, 'kompose', 'Helper Y')).id;
    botZ = (await addTestBot(t.database, b.applicationId, 'kompose', 'Helper Z')).id;

    const resolved = await conversation(a.applicationId, CONVERSATION_STATUS.CLOSED);
    const handed = await conversation(a.applicationId);
    const ofY = await conversation(a.applicationId, CONVERSATION_STATUS.CLOSED);
    const ofZ = await conversation(b.applicationId, CONVERSATION_STATUS.CLOSED);
    await t.database.db.insert(botConversations).values([
      {
        conversationId: resolved.id,
        applicationId: a.applicationId,
        botId: botX,
        createdAt: new Date(day + HOUR),
      },
      {
        conversationId: handed.id,
        applicationId: a.applicationId,
        botId: botX,
        handedOffAt: new Date(day + 2 * HOUR),
        createdAt: new Date(day + HOUR),
      },
      {
        conversationId: ofY.id,
        applicationId: a.applicationId,
        botId: botY,
        createdAt: new Date(day + HOUR),
      },
      {
        conversationId: ofZ.id,
        applicationId: b.applicationId,
        botId: botZ,
        createdAt: new Date(day + HOUR),
      },
    ]);
    // The same intent names in each bot and application: counters must stay apart.
    await answers(a.applicationId, botX, resolved.id, [
      { intent: 'refund', helpful: true },
      { intent: 'refund', helpful: false, at: DAY + HOUR },
      { intent: 'refund' },
      { intent: 'opening hours' },
      { intent: 'fallback', fallback: true, question: 'How do I reset my password?' },
      { intent: 'fallback', fallback: true, question: 'how do i reset my password?', at: DAY + HOUR },
      { intent: 'fallback', fallback: true, question: 'Do you ship to Canada?' },
    ]);
    await answers(a.applicationId, botY, ofY.id, [
      { intent: 'refund' },
      { intent: 'fallback', fallback: true, question: 'Only Y hears this' },
    ]);
    await answers(b.applicationId, botZ, ofZ.id, [
      { intent: 'refund', helpful: true },
      { intent: 'refund' },
      { intent: 'fallback', fallback: true, question: 'Only Z hears this' },
    ]);
  });

  it('counts one bot: conversations, resolution, handoff, ranked intents, sentences, feedback', async () => {
    const res = await get(`${pathOf(P.botAnalytics, botX)}${range}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.bot.name).toBe('Helper X');
    expect(data.overview).toEqual({
      conversations: 2,
      resolvedByBot: 1,
      handedOff: 1,
      answers: 7,
      fallbacks: 3,
      helpful: 1,
      notHelpful: 1,
    });
    expect(data.intents).toEqual([
      { intent: 'refund', hits: 3, helpful: 1, notHelpful: 1 },
      { intent: 'opening hours', hits: 1, helpful: 0, notHelpful: 0 },
    ]);
    expect(data.sentences.map((s: { count: number }) => s.count)).toEqual([2, 1]);
    expect(data.sentences[1].text).toBe('Do you ship to Canada?');
    expect(data.days).toEqual([
      { day: '2026-11-02', answers: 5, fallbacks: 2 },
      { day: '2026-11-03', answers: 2, fallbacks: 1 },
    ]);
    expect(data.feedback.map((f: { helpful: boolean }) => f.helpful)).toEqual([false, true]);

    // The other bot of the same application and the other application's bot keep their own.
    const y = (await get(`${pathOf(P.botAnalytics, botY)}${range}`, owner)).json().data;
    expect(y.overview).toMatchObject({
      conversations: 1,
      resolvedByBot: 1,
      answers: 2,
      fallbacks: 1,
      helpful: 0,
    });
    expect(y.sentences).toEqual([expect.objectContaining({ text: 'Only Y hears this', count: 1 })]);
    const z = (await get(`${pathOf(P.botAnalytics, botZ)}${range}`, ownerB)).json().data;
    expect(z.overview).toMatchObject({ answers: 3, helpful: 1, fallbacks: 1 });
    expect(z.intents).toEqual([{ intent: 'refund', hits: 2, helpful: 1, notHelpful: 0 }]);
  });

  it('moves the counters as answers are rated again or deleted', async () => {
    const [row] = await t.database.db
      .select()
      .from(botAnswers)
      .where(and(eq(botAnswers.botId, botY), eq(botAnswers.intent, 'refund')));
    await t.database.db
      .update(botAnswers)
      .set({ helpful: false, ratedAt: new Date(day + 3 * HOUR) })
      .where(eq(botAnswers.messageId, row!.messageId));
    let y = (await get(`${pathOf(P.botAnalytics, botY)}${range}`, owner)).json().data;
    expect(y.intents).toEqual([{ intent: 'refund', hits: 1, helpful: 0, notHelpful: 1 }]);
    await t.database.db
      .update(botAnswers)
      .set({ helpful: true })
      .where(eq(botAnswers.messageId, row!.messageId));
    y = (await get(`${pathOf(P.botAnalytics, botY)}${range}`, owner)).json().data;
    expect(y.intents).toEqual([{ intent: 'refund', hits: 1, helpful: 1, notHelpful: 0 }]);
    expect(y.overview).toMatchObject({ helpful: 1, notHelpful: 0, answers: 2 });
  });

  it("refuses another application's bot, an unknown id and roles without the privilege", async () => {
    expect((await get(`${pathOf(P.botAnalytics, botZ)}${range}`, owner)).statusCode).toBe(404);
    expect((await get(`${pathOf(P.botInsights, botZ)}`, owner)).statusCode).toBe(404);
    expect((await get(`${pathOf(P.botAnalytics, 'not-a-bot')}${range}`, owner)).statusCode).toBe(404);
    expect((await get(`${pathOf(P.botAnalytics, botX)}?from=${day + DAY}&to=${day}`, owner)).statusCode).toBe(
      400,
    );
    const operator = await signedInMember(t.database, a.applicationId, '12');
    expect((await get(`${pathOf(P.botAnalytics, botX)}${range}`, operator.headers)).statusCode).toBe(403);
    // Agents see bot analytics but not intent insights (SPEC §6).
    const agent = await signedInMember(t.database, a.applicationId, '2');
    expect((await get(`${pathOf(P.botAnalytics, botX)}${range}`, agent.headers)).statusCode).toBe(200);
    expect((await get(pathOf(P.botInsights, botX), agent.headers)).statusCode).toBe(403);
    expect((await get(`${pathOf(P.botAnalytics, botX)}${range}`, {})).statusCode).toBe(401);
  });

  it('clusters the unanswered questions in the worker and serves the cached topics', async () => {
    const conv = await conversation(a.applicationId);
    const questions = [
      'How do I reset my password?',
      'I forgot my password, how can I reset it',
      'password reset link does not work',
      'Do you ship to Canada?',
      'Can you ship my order to Canada',
      'shipping to Canada',
      'what is the meaning of life',
    ];
    await answers(
      a.applicationId,
      botX,
      conv.id,
      questions.map((q) => ({ intent: 'fallback', fallback: true, question: q, at: 5 * HOUR })),
    );
    const empty = (await get(pathOf(P.botInsights, botX), owner)).json().data;
    expect(empty).toMatchObject({ status: 'none', topics: [] });

    const asked = await t.app.inject({
      method: 'POST',
      url: pathOf(P.botInsights, botX),
      headers: owner,
      payload: { from: day, to: day + 2 * DAY },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('queued');
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, BOT_INSIGHTS_QUEUE), eq(jobs.applicationId, a.applicationId)));
    expect(job).toBeDefined();

    const handler = botInsightsJobHandler({
      db: t.database.db,
      tokenize: (text) =>
        analyse(text, 'en')
          .filter((x) => !x.stop)
          .map((x) => ({ term: x.group ?? x.stem, word: x.word })),
    });
    await handler({ ...job!, payload: job!.payload as Record<string, unknown> });

    const ready = (await get(pathOf(P.botInsights, botX), owner)).json().data;
    expect(ready.status).toBe('ready');
    expect(ready.sentenceCount).toBe(10);
    const topics = ready.topics as { label: string; count: number; examples: string[] }[];
    const password = topics.find((x) => x.examples.some((e) => e.includes('password')));
    const canada = topics.find((x) => x.examples.some((e) => e.includes('Canada')));
    expect(password?.count).toBeGreaterThanOrEqual(3);
    expect(canada?.count).toBeGreaterThanOrEqual(3);
    expect(password).not.toBe(canada);
    expect(password?.examples.every((e) => /password/i.test(e))).toBe(true);
    // The other application sees nothing of it.
    const other = (await get(pathOf(P.botInsights, botZ), ownerB)).json().data;
    expect(other.status).toBe('none');
  });
});
