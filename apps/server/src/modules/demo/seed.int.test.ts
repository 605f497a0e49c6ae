import { ACCOUNT_PATHS } from '@convo/api';
import { DEFAULT_TAGS, DEFAULT_TEAM } from '@convo/domain';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  billingUsage,
  conversations as conversationsTable,
  messages as messagesTable,
} from '../../db/schema/index.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, type DemoSeedResult, seedDemoIfEmpty } from './seed.js';

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  const { t } = useTestApp(kind);
  let seeded: DemoSeedResult | null;

  beforeAll(async () => {
    expect(await t.database.relational.query.applications.findMany()).toEqual([]);
    seeded = await seedDemoIfEmpty(t.database.db);
  });

  it('creates one application with the seven demo members and their roles', async () => {
    expect(seeded).not.toBeNull();
    const apps = await t.database.relational.query.applications.findMany();
    expect(apps).toHaveLength(1);
    expect(apps[0]!.id).toBe(seeded!.applicationId);
    expect(apps[0]!.name).toBe('Demo Store');
    const users = await t.database.relational.query.users.findMany({
      where: (u, { and, eq, isNotNull }) =>
        and(eq(u.applicationId, seeded!.applicationId), isNotNull(u.roleType)),
    });
    expect(
      users
        .map((u) => ({ email: u.email, roleType: u.roleType }))
        .sort((x, y) => x.email!.localeCompare(y.email!)),
    ).toEqual(
      [
        { email: 'owner@demo.convo.local', roleType: '0' },
        { email: 'admin@demo.convo.local', roleType: '1' },
        { email: 'agent1@demo.convo.local', roleType: '2' },
        { email: 'agent2@demo.convo.local', roleType: '2' },
        { email: 'bot@demo.convo.local', roleType: '3' },
        { email: 'developer@demo.convo.local', roleType: '11' },
        { email: 'operator@demo.convo.local', roleType: '12' },
      ].sort((x, y) => x.email.localeCompare(y.email)),
    );
    expect(users.map((u) => u.roleType).sort()).toEqual(['0', '1', '11', '12', '2', '2', '3']);
    expect(users.every((u) => u.emailVerifiedAt !== null)).toBe(true);
    expect(users.every((u) => u.passwordHash && !u.passwordHash.includes(DEMO_PASSWORD))).toBe(true);
  });

  it('creates the Default Team (everyone but the bot) and a Sales team of the two agents', async () => {
    const teams = await t.database.relational.query.teams.findMany({
      where: (tm, { eq }) => eq(tm.applicationId, seeded!.applicationId),
    });
    expect(teams.map((tm) => tm.name).sort()).toEqual([DEFAULT_TEAM.name, 'Sales'].sort());
    const users = await t.database.relational.query.users.findMany({
      where: (u, { eq }) => eq(u.applicationId, seeded!.applicationId),
    });
    const emailOf = new Map(users.map((u) => [u.id, u.email]));
    const membersOf = async (teamName: string) => {
      const team = teams.find((tm) => tm.name === teamName)!;
      const rows = await t.database.relational.query.teamMembers.findMany({
        where: (m, { eq }) => eq(m.teamId, team.id),
      });
      return rows.map((r) => emailOf.get(r.userId)).sort();
    };
    const defaultTeam = teams.find((tm) => tm.name === DEFAULT_TEAM.name)!;
    expect(defaultTeam.clientGroupId).toBe(DEFAULT_TEAM.clientGroupId);
    expect(await membersOf(DEFAULT_TEAM.name)).toEqual(
      [
        'owner@demo.convo.local',
        'admin@demo.convo.local',
        'agent1@demo.convo.local',
        'agent2@demo.convo.local',
        'developer@demo.convo.local',
        'operator@demo.convo.local',
      ].sort(),
    );
    expect(await membersOf('Sales')).toEqual(['agent1@demo.convo.local', 'agent2@demo.convo.local']);
    const settings = await t.database.relational.query.appSettings.findFirst({
      where: (s, { eq }) => eq(s.applicationId, seeded!.applicationId),
    });
    expect(settings?.defaultTeamId).toBe(defaultTeam.id);
  });

  it('creates the five default tags', async () => {
    const tags = await t.database.relational.query.tags.findMany({
      where: (tg, { eq }) => eq(tg.applicationId, seeded!.applicationId),
    });
    expect(tags.map((tg) => tg.name).sort()).toEqual([...DEFAULT_TAGS].sort());
  });

  it('lets every demo member sign in with the demo password through POST /api/login', async () => {
    expect(seeded?.password).toBe(DEMO_PASSWORD);
    for (const m of DEMO_MEMBERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        payload: { userName: m.email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, m.email).toBe(200);
      const session = res.json().data;
      expect(session).toMatchObject({
        email: m.email,
        name: m.name,
        roleType: m.roleType,
        applicationId: seeded!.applicationId,
        adminUserName: 'owner@demo.convo.local',
        emailVerified: true,
      });
      expect(session.appSettings.defaultTeamId).toBe(DEFAULT_TEAM.clientGroupId);
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: DEMO_MEMBERS[0].email, password: 'Demo12345' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('adds conversations in several states, with messages, tags and a waiting queue', async () => {
    const rows = await t.database.relational.query.conversations.findMany({
      where: (c, { eq }) => eq(c.applicationId, seeded!.applicationId),
    });
    const byStatus = new Map<number, number>();
    for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    expect(byStatus.get(0)).toBeGreaterThanOrEqual(10);
    expect(byStatus.get(7)).toBe(5);
    expect(byStatus.get(2)).toBe(8);
    expect(byStatus.get(3)).toBe(2);
    expect(seeded!.conversations).toBe(30);
  });

  it('counts the demo’s messages in its usage, written with the seed (not left to a later flush)', async () => {
    const [messages] = await t.database.db
      .select({ n: count() })
      .from(messagesTable)
      .innerJoin(conversationsTable, eq(conversationsTable.id, messagesTable.conversationId))
      .where(eq(conversationsTable.applicationId, seeded!.applicationId));
    const usage = await t.database.db
      .select()
      .from(billingUsage)
      .where(eq(billingUsage.applicationId, seeded!.applicationId));
    expect(usage).toHaveLength(1);
    expect(usage[0]!.messages).toBeGreaterThan(0);
    expect(usage[0]!.messages).toBeLessThanOrEqual(messages!.n);
    expect(usage[0]!.mtu).toBeGreaterThan(0);
  });

  it('does nothing on a second call: returns null and creates no rows', async () => {
    const db = t.database.db;
    const count = async () => ({
      applications: (await t.database.relational.query.applications.findMany()).length,
      users: (await t.database.relational.query.users.findMany()).length,
      conversations: (await t.database.relational.query.conversations.findMany()).length,
      messages: (await t.database.relational.query.messages.findMany()).length,
      teams: (await t.database.relational.query.teams.findMany()).length,
      teamMembers: (await t.database.relational.query.teamMembers.findMany()).length,
      tags: (await t.database.relational.query.tags.findMany()).length,
    });
    const before = await count();
    expect(before).toMatchObject({
      applications: 1,
      users: 7 + 30,
      conversations: 30,
      teams: 2,
      teamMembers: 8,
      tags: 5,
    });
    expect(before.messages).toBeGreaterThan(60);
    expect(await seedDemoIfEmpty(db)).toBeNull();
    expect(await count()).toEqual(before);
  });

  it('seeds once when two nodes start on the same empty database at the same moment', async () => {
    const db = t.database.db;
    await emptyDatabase();
    const results = await Promise.all([seedDemoIfEmpty(db), seedDemoIfEmpty(db)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await t.database.relational.query.applications.findMany()).toHaveLength(1);
    const owners = await t.database.relational.query.users.findMany({
      where: (u, { eq }) => eq(u.email, 'owner@demo.convo.local'),
    });
    expect(owners).toHaveLength(1);
  });

  it('seeds an agent-product company for the agentic variant', async () => {
    await emptyDatabase();
    await seedDemoIfEmpty(t.database.db, { product: 'agent' });
    const [application] = await t.database.relational.query.applications.findMany();
    expect(application?.product).toBe('agent');
  });

  /** Empties the database again (children first), so a test can seed from scratch. */
  async function emptyDatabase() {
    const db = t.database.db;
    // Cascade: every table that names an application (or a customer) goes with it, including the
    // ones later contexts add.
    await db.execute(
      sql`truncate conversations, realtime_events, application_sequences, routing_cursors, bots,
        sessions, team_members, app_settings, tags, teams, users, applications, customers cascade`,
    );
    expect(await t.database.relational.query.applications.findMany()).toEqual([]);
  }
});
