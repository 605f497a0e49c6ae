import {
  SUPPORT_TICKET_PATHS,
  type SupportTicket,
  type SupportTicketDetail,
  supportTicketPath,
} from '@convo/api';
import { ROLE_TYPE, SUPPORT_TICKET_STATUS } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, supportTickets } from '../../db/schema/index.js';
import { signedInMember } from '../../testing/members.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { PUBLIC_TICKET_RATE } from './routes.js';

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

// The public /help form's tickets land in the install's support workspace (here the first tenant:
// no SUPPORT_APP_ID), whose members answer and solve them; the second tenant sees none of them.
describe.each(testDatabaseKinds())('support tickets on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const file = (payload: Record<string, unknown>, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: SUPPORT_TICKET_PATHS.publicTickets, payload, remoteAddress: ip });
  const ticket = (over: Record<string, unknown> = {}) => ({
    name: 'Rosa Diaz',
    email: 'Rosa@Example.com',
    subject: 'I cannot sign in',
    description: 'The reset mail never arrives.',
    ...over,
  });
  const list = async (headers: Record<string, string>, status?: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${SUPPORT_TICKET_PATHS.tickets}${status === undefined ? '' : `?status=${status}`}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SupportTicket[];
  };
  const mailsTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));

  it('issue types: an admin creates them (once per name, any case), the public form lists them; agents may not', async () => {
    const create = (headers: Record<string, string>, name: string) =>
      t.app.inject({ method: 'POST', url: SUPPORT_TICKET_PATHS.types, headers, payload: { name } });
    const made = await create(a.admin, 'Billing');
    expect(made.statusCode, made.body).toBe(200);
    const again = await create(a.admin, 'billing');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ISSUE_TYPE_EXISTS');
    const agent = await signedInMember(t.database, a.applicationId, ROLE_TYPE.AGENT);
    expect((await create(agent.headers, 'Sign-in')).statusCode).toBe(403);
    expect((await create(a.admin, '   ')).statusCode).toBe(400);

    const pub = await t.app.inject({ method: 'GET', url: SUPPORT_TICKET_PATHS.publicTypes });
    expect(pub.json().data.map((x: { name: string }) => x.name)).toEqual(['Billing']);
    // Another workspace's types are its own.
    const other = await t.app.inject({ method: 'GET', url: SUPPORT_TICKET_PATHS.types, headers: b.admin });
    expect(other.json().data).toEqual([]);
  });

  it('stores a public ticket as open, tells the admins and the requester by mail; only the support workspace sees it', async () => {
    const types = (await t.app.inject({ method: 'GET', url: SUPPORT_TICKET_PATHS.publicTypes })).json().data;
    const res = await file(ticket({ typeId: types[0].id }));
    expect(res.statusCode, res.body).toBe(200);
    const { id, reference } = res.json().data as { id: string; reference: string };
    expect(reference).toMatch(/^#[0-9A-F]{6}$/);

    const open = await list(a.admin, SUPPORT_TICKET_STATUS.OPEN);
    const mine = open.find((x) => x.id === id);
    expect(mine).toMatchObject({
      status: 0,
      email: 'rosa@example.com',
      subject: 'I cannot sign in',
      type: { name: 'Billing' },
      replyCount: 0,
    });
    expect(await list(b.admin)).toEqual([]);
    const foreign = await t.app.inject({ method: 'GET', url: supportTicketPath(id), headers: b.admin });
    expect(foreign.statusCode).toBe(404);

    expect((await mailsTo('rosa@example.com')).map((m) => m.subject)).toEqual([
      `We received your request ${reference}`,
    ]);
    const [adminRow] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.applicationId, a.applicationId));
    expect(adminRow).toBeDefined();
    const toAdmins = (await t.database.db.select().from(mailOutbox)).filter((m) =>
      m.subject.startsWith(`New support ticket ${reference}`),
    );
    expect(toAdmins.length).toBeGreaterThan(0);
  });

  it('a member answers (mailed to the requester) and solves; answering a solved ticket reopens it', async () => {
    const { id, reference } = (
      await file(ticket({ subject: 'Invoice copy', email: 'ana@example.com' }))
    ).json().data as { id: string; reference: string };
    const agent = await signedInMember(t.database, a.applicationId, ROLE_TYPE.AGENT);
    const reply = await t.app.inject({
      method: 'POST',
      url: `${supportTicketPath(id)}/replies`,
      headers: agent.headers,
      payload: { message: 'Here it is, attached to your account.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json().data as SupportTicketDetail).replies.map((r) => r.message)).toEqual([
      'Here it is, attached to your account.',
    ]);
    expect((await mailsTo('ana@example.com')).map((m) => m.subject)).toContain(
      `Re: Invoice copy (${reference})`,
    );

    const solve = (status: number, headers = agent.headers) =>
      t.app.inject({ method: 'PATCH', url: `${supportTicketPath(id)}/status`, headers, payload: { status } });
    const solved = await solve(SUPPORT_TICKET_STATUS.SOLVED);
    expect(solved.json().data).toMatchObject({ status: 2 });
    expect((await list(a.admin, 2)).map((x) => x.id)).toContain(id);
    expect((await list(a.admin, 0)).map((x) => x.id)).not.toContain(id);
    // The other workspace cannot touch it, even knowing its id.
    expect((await solve(SUPPORT_TICKET_STATUS.OPEN, b.admin)).statusCode).toBe(404);
    expect((await solve(1)).statusCode).toBe(400);

    await t.app.inject({
      method: 'POST',
      url: `${supportTicketPath(id)}/replies`,
      headers: a.admin,
      payload: { message: 'One more thing.' },
    });
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row?.status).toBe(0);
    expect(row?.solvedAt).toBeNull();
  });

  it('refuses bad input with field errors and stores nothing; one address is limited per hour', async () => {
    const before = (await list(a.admin)).length;
    for (const bad of [
      ticket({ email: 'not-an-address' }),
      ticket({ subject: '' }),
      ticket({ description: 'x'.repeat(5001) }),
      ticket({ typeId: 'nope' }),
      { ...ticket(), extra: true },
    ]) {
      const res = await file(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await list(a.admin)).length).toBe(before);

    const ip = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i <= PUBLIC_TICKET_RATE.max; i++) codes.push((await file(ticket(), ip)).statusCode);
    expect(codes.slice(0, PUBLIC_TICKET_RATE.max).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('members only: the ticket list needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: SUPPORT_TICKET_PATHS.tickets })).statusCode).toBe(401);
  });
});
