import type { BusinessHours } from '@convo/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { botConversations, conversations, teams, users } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db/database.js';
import { addTestBot } from '../../testing/bots.js';
import { newVisitorConversation, sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { type ConversationScope, channelsOf, conversationFigures } from './repository.js';

// The dashboard figures' roll-up (migration 0022): what the triggers keep change by change must be
// what a rebuild from the conversations gives, and the figures read from it must be the ones read
// from the conversations, for every filter and for ranges that do not start on a quarter hour.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('dashboard roll-up on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [a] = tenants;
  /** Monday 2026-11-09 00:00 UTC. */
  const week = Date.UTC(2026, 10, 9);
  let teamId: string;
  let staffDomain: string;

  const db = () => t.database.db;

  /** The roll-up's rows that hold anything, in a fixed order. */
  async function rollup() {
    const result = await db().execute(sql`
      select bucket, kind, asked, team_id, channel, bot, customer_domain, conversations, open_count,
        round(duration_ms, 3)::text as duration_ms, durations
      from conversation_rollups
      where application_id = ${a.applicationId}
        and (conversations <> 0 or open_count <> 0 or durations <> 0 or duration_ms <> 0)
      order by bucket, kind, asked, team_id nulls first, channel, bot, customer_domain nulls first`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      ...r,
      bucket: new Date(r.bucket as string).toISOString(),
      asked: new Date(r.asked as string).toISOString(),
      conversations: Number(r.conversations),
      open_count: Number(r.open_count),
      durations: Number(r.durations),
    }));
  }

  async function insertConversation(o: {
    customerId: string | null;
    created: number;
    firstMessage?: number;
    firstResponse?: number;
    resolved?: number;
    status?: number;
    channel?: string;
    teamId?: string;
  }) {
    const [row] = await db()
      .insert(conversations)
      .values({
        applicationId: a.applicationId,
        clientGroupId: `r-${Math.random().toString(36).slice(2)}`,
        status: o.status ?? 0,
        customerId: o.customerId,
        channel: o.channel ?? 'web',
        teamId: o.teamId ?? null,
        createdAt: new Date(week + o.created),
        firstCustomerMessageAt: o.firstMessage === undefined ? null : new Date(week + o.firstMessage),
        firstResponseAt: o.firstResponse === undefined ? null : new Date(week + o.firstResponse),
        resolvedAt: o.resolved === undefined ? null : new Date(week + o.resolved),
      })
      .returning();
    return row!;
  }

  const customerOf = async (groupId: number) =>
    (await db().select().from(conversations).where(eq(conversations.id, groupId)))[0]!.customerId!;

  beforeAll(async () => {
    const [admin] = await db().select().from(users).where(eq(users.userId, a.adminUserName));
    staffDomain = admin!.email!.split('@')[1]!.toLowerCase();
    const [team] = await db()
      .insert(teams)
      .values({ applicationId: a.applicationId, clientGroupId: 'rollup-team', name: 'Roll-up team' })
      .returning();
    teamId = team!.id;

    // Through the product: a visitor asks, the admin answers (first message, first response).
    const live = await newVisitorConversation(t, a);
    expect(
      (await sendTestMessage(t, live.visitor.headers, live.groupId, 'q1', 'Where is my parcel?')).statusCode,
    ).toBe(200);
    expect((await sendTestMessage(t, a.admin, live.groupId, 'a1', 'On its way')).statusCode).toBe(200);
    const liveCustomer = await customerOf(live.groupId);

    // Hand-built conversations at odd minutes around the week, every filter's values.
    const other = await newVisitorConversation(t, a);
    const customer = await customerOf(other.groupId);
    const rows: Awaited<ReturnType<typeof insertConversation>>[] = [];
    for (let i = 0; i < 12; i++) {
      const created = i * 7 * HOUR + (i % 5) * 7 * MIN + 13_000;
      rows.push(
        await insertConversation({
          customerId: i % 4 === 3 ? null : customer,
          created,
          firstMessage: i % 3 === 0 ? undefined : created + 3 * MIN,
          firstResponse: i % 3 === 2 ? created + 20 * MIN + i * 1000 : undefined,
          resolved: i % 2 === 0 ? created + (i + 1) * 37 * MIN : undefined,
          status: i % 2 === 0 ? 2 : 0,
          channel: i % 3 === 1 ? 'email' : 'web',
          teamId: i % 2 === 1 ? teamId : undefined,
        }),
      );
    }
    // Changes after the fact: each goes through the triggers.
    const bot = await addTestBot(t.database, a.applicationId, 'kompose', 'Roll-up bot');
    await db()
      .insert(botConversations)
      .values(
        [0, 1, 4].map((i) => ({
          conversationId: rows[i]!.id,
          applicationId: a.applicationId,
          botId: bot.id,
        })),
      );
    await db()
      .update(botConversations)
      .set({ handedOffAt: new Date(week + DAY) })
      .where(eq(botConversations.conversationId, rows[1]!.id));
    await db().delete(botConversations).where(eq(botConversations.conversationId, rows[4]!.id));
    // Reopened, then moved to the team; resolved later; one deleted outright.
    await db()
      .update(conversations)
      .set({ status: 0, resolvedAt: null })
      .where(eq(conversations.id, rows[2]!.id));
    await db().update(conversations).set({ teamId }).where(eq(conversations.id, rows[2]!.id));
    await db()
      .update(conversations)
      .set({ status: 2, resolvedAt: new Date(week + 3 * DAY + 17 * MIN + 500) })
      .where(eq(conversations.id, rows[3]!.id));
    await db().delete(conversations).where(eq(conversations.id, rows[5]!.id));
    // A channel whose only conversation moved on leaves zero rows behind.
    await db().update(conversations).set({ channel: 'sms' }).where(eq(conversations.id, rows[8]!.id));
    await db().update(conversations).set({ channel: 'whatsapp' }).where(eq(conversations.id, rows[8]!.id));
    // The live conversation's customer turns out to be one of the company's own people.
    await db()
      .update(users)
      .set({ email: `tester@${staffDomain.toUpperCase()}` })
      .where(eq(users.id, liveCustomer));
  });

  it('keeps, change by change, what a rebuild from the conversations gives', async () => {
    const kept = await rollup();
    expect(kept.length).toBeGreaterThan(5);
    await db().execute(sql`select conversation_rollup_rebuild(${a.applicationId})`);
    expect(await rollup()).toEqual(kept);
  });

  it('gives the figures the conversations give, for every filter and unaligned ranges', async () => {
    const base: ConversationScope = { applicationId: a.applicationId, audience: 'all', companyDomains: [] };
    const hours = (open: string, close: string): BusinessHours => ({
      enabled: true,
      timeZone: 'Asia/Kolkata',
      days: [1, 2, 3, 4, 5].map((day) => ({ day: day as 1, open, close })),
    });
    const scopes: ConversationScope[] = [
      base,
      { ...base, companyDomains: [staffDomain] },
      { ...base, audience: 'bots' },
      { ...base, audience: 'agents' },
      { ...base, teamId },
      { ...base, channel: 'email' },
      { ...base, businessHours: hours('09:00', '17:00') },
      { ...base, businessHours: hours('08:45', '13:30'), teamId },
    ];
    const now = Date.now();
    const ranges = [
      { from: new Date(week), to: new Date(week + 7 * DAY), timeZone: 'Europe/Paris' },
      {
        from: new Date(week + 7 * MIN + 13_000),
        to: new Date(week + 3 * DAY + 18 * MIN),
        timeZone: 'Asia/Kolkata',
      },
      { from: new Date(now - 2 * DAY + 1234), to: new Date(now + 60_000), timeZone: 'America/St_Johns' },
    ];
    const round = (rows: Awaited<ReturnType<typeof conversationFigures>>) =>
      rows
        .map((r) => ({
          ...r,
          avg_first_response_ms:
            r.avg_first_response_ms === null ? null : Math.round(r.avg_first_response_ms),
          avg_resolution_ms: r.avg_resolution_ms === null ? null : Math.round(r.avg_resolution_ms),
        }))
        .sort((x, y) => String(x.bucket).localeCompare(String(y.bucket)));
    let counted = 0;
    for (const scope of scopes) {
      for (const range of ranges) {
        for (const granularity of [undefined, 'day', 'week'] as const) {
          const r = { ...range, granularity };
          const fromRollup = await conversationFigures(db(), scope, r);
          const fromConversations = await conversationFigures(db(), scope, r, 'conversations');
          expect(round(fromRollup), JSON.stringify({ scope, range, granularity })).toEqual(
            round(fromConversations),
          );
          counted += fromRollup[0]!.new_count + fromRollup[0]!.resolved_count;
        }
      }
    }
    // The comparisons were of something.
    expect(counted).toBeGreaterThan(50);
    // The channel filter's options, read from the roll-up too.
    const channels = rowsOf<{ channel: string }>(
      await db().execute(
        sql`select distinct channel from conversations where application_id = ${a.applicationId} order by channel`,
      ),
    ).map((r) => r.channel);
    expect(channels).toContain('whatsapp');
    expect(channels).not.toContain('sms');
    expect(await channelsOf(db(), a.applicationId)).toEqual(channels);
  });
});
