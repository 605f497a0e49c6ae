import { CONVERSATION_PATHS, MESSAGING_PATHS } from '@convo/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

type Headers = Record<string, string>;
interface Log {
  id: number;
  key: string;
  groupId: number;
  groupName: string;
  from: string | null;
  message: string;
  contentType: number;
  createdAtTime: number;
}
interface Sent {
  id: number;
  createdAt: number;
  text: string;
}

describe.each(testDatabaseKinds())('message logs on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let refund: number;
  let login: number;
  let customer: { userId: string; headers: Headers };
  const sent: Sent[] = [];

  async function create(headers: Headers, groupName: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName, type: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.id as number;
  }

  async function send(headers: Headers, groupId: number, text: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers,
      payload: { key: `k-${Math.random().toString(36).slice(2)}`, groupId, message: text },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: number; createdAt: number };
    sent.push({ id: body.id, createdAt: body.createdAt, text });
    // Distinct timestamps for the range checks.
    await new Promise((r) => setTimeout(r, 5));
  }

  const logs = (headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `${CONVERSATION_PATHS.messageFilter}${query}`, headers });
  const userLogs = (body: { response: { messages: Log[] } }) =>
    body.response.messages.filter((m) => m.contentType === 0);

  beforeAll(async () => {
    customer = await newVisitor(t, tenant);
    refund = await create(customer.headers, 'Refund request');
    await send(customer.headers, refund, 'I want my money back');
    await send(customer.headers, refund, 'Order number is 5521');
    const second = await newVisitor(t, tenant);
    login = await create(second.headers, 'Login trouble');
    await send(second.headers, login, 'I cannot log in');
    await send(tenant.admin, login, 'Try resetting your password');
    const otherVisitor = await newVisitor(t, other);
    const otherGroup = await create(otherVisitor.headers, 'Other company chat');
    await send(otherVisitor.headers, otherGroup, 'Other company secret');
  });

  it("lists the application's messages newest first with their conversation name", async () => {
    const res = await logs(tenant.admin, '?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    const all = body.response.messages as Log[];
    for (let i = 1; i < all.length; i += 1) {
      expect(all[i]!.createdAtTime).toBeLessThanOrEqual(all[i - 1]!.createdAtTime);
    }
    expect(userLogs(body).map((m) => m.message)).toEqual([
      'Try resetting your password',
      'I cannot log in',
      'Order number is 5521',
      'I want my money back',
    ]);
    const reply = all.find((m) => m.message === 'Try resetting your password')!;
    expect(reply).toMatchObject({ groupId: login, groupName: 'Login trouble', from: tenant.adminUserName });
    const first = all.find((m) => m.message === 'I want my money back')!;
    expect(first).toMatchObject({ groupId: refund, groupName: 'Refund request', from: customer.userId });
    expect(res.body).not.toContain('Other company');
    expect(body.response.nextStartIndex).toBeNull();

    // Pages of 2 walk through the same list.
    const walked: number[] = [];
    let start: number | null = 0;
    while (start !== null) {
      const page: { messages: Log[]; nextStartIndex: number | null } = (
        await logs(tenant.admin, `?pageSize=2&startIndex=${start}`)
      ).json().response;
      expect(page.messages.length).toBeLessThanOrEqual(2);
      walked.push(...page.messages.map((m) => m.id));
      start = page.nextStartIndex;
    }
    expect(walked).toEqual(all.map((m) => m.id));
  });

  it('filters on a time range and on one conversation', async () => {
    const [, second, third] = sent;
    const range = (
      await logs(tenant.admin, `?startTime=${second!.createdAt}&endTime=${third!.createdAt}`)
    ).json();
    expect(userLogs(range).map((m) => m.message)).toEqual(['I cannot log in', 'Order number is 5521']);
    for (const m of range.response.messages as Log[]) {
      expect(m.createdAtTime).toBeGreaterThanOrEqual(second!.createdAt);
      expect(m.createdAtTime).toBeLessThanOrEqual(third!.createdAt);
    }
    const future = (await logs(tenant.admin, `?startTime=${Date.now() + 3_600_000}`)).json();
    expect(future.response.messages).toEqual([]);
    const blank = await logs(tenant.admin, '?startTime=&endTime=');
    expect(blank.statusCode, blank.body).toBe(200);

    const one = (await logs(tenant.admin, `?groupId=${refund}`)).json().response.messages as Log[];
    expect(one.length).toBeGreaterThanOrEqual(2);
    expect(one.every((m) => m.groupId === refund)).toBe(true);
    expect(one.filter((m) => m.contentType === 0).map((m) => m.message)).toEqual([
      'Order number is 5521',
      'I want my money back',
    ]);
  });

  it('refuses end users and bad input clearly', async () => {
    const visitorRes = await logs(customer.headers);
    expect(visitorRes.statusCode, visitorRes.body).toBe(403);
    expect(visitorRes.body).not.toContain('money');
    for (const query of [
      '?startTime=2000&endTime=1000',
      '?startTime=yesterday',
      '?pageSize=101',
      '?pageSize=0',
      '?startIndex=-3',
      '?groupId=abc',
      '?groupId=-1',
    ]) {
      const res = await logs(tenant.admin, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await logs(tenant.admin, '?groupId=999999999')).statusCode).toBe(404);
  });

  it("never shows another tenant's messages", async () => {
    const mine = await logs(other.admin, '?pageSize=100');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Other company secret');
    expect(mine.body).not.toContain('money');
    expect(mine.body).not.toContain('Refund request');
    const theirs = await logs(other.admin, `?groupId=${refund}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('money');
    const mixed = await logs({ ...other.admin, 'application-key': tenant.applicationId });
    expect(mixed.statusCode).toBe(403);
  });
});
