import { MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../platform/mail/outbox-repository.js';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ATTACHMENT_PATHS } from '../attachments/routes.js';
import { multipart } from '../attachments/test-harness.js';
import { TRANSCRIPT_PATHS } from './routes.js';

describe.each(testDatabaseKinds())('conversation transcripts on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  const [tenant, other] = tenants;

  async function customerWithEmail(email: string) {
    const userId = `customer-${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        email,
        applicationId: tenant.applicationId,
        authenticationTypeId: 0,
        displayName: 'Carla Customer',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { 'x-authorization': res.json().authToken as string, 'application-key': tenant.applicationId };
  }

  async function conversationOf(headers: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Order <42>', type: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.id as number;
  }

  async function send(headers: Record<string, string>, payload: Record<string, unknown>) {
    const res = await t.app.inject({ method: 'POST', url: MESSAGING_PATHS.messageSend, headers, payload });
    expect(res.statusCode, res.body).toBe(200);
  }

  const transcript = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: TRANSCRIPT_PATHS.send, headers, payload });

  it('mails every message oldest first to the customer, with names, system lines and files', async () => {
    const email = `carla-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const customer = await customerWithEmail(email);
    const groupId = await conversationOf(customer);
    await send(customer, { key: 'c1', groupId, message: 'Hello <b>there</b> & "friends"' });
    await send(tenant.admin, { key: 'a1', groupId, message: 'Hi Carla, how can I help?' });
    const body = multipart([
      { filename: 'receipt.txt', contentType: 'text/plain', data: Buffer.from('paid in full') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadFile,
      headers: { ...tenant.admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileMeta = uploaded.json();
    await send(tenant.admin, { key: 'a2', groupId, message: '', contentType: 1, fileMeta });
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: tenant.admin,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const res = await transcript(tenant.admin, { groupId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', response: { to: email } });
    // Four messages and the resolve line, plus whatever routing wrote (an "Assigned to" line).
    expect(res.json().response.messageCount).toBeGreaterThanOrEqual(5);

    const mail = await t.lastMailTo(email);
    expect(mail?.subject).toBe(`Transcript of conversation #${groupId}: Order <42>`);
    const text = mail!.text;
    const lines = [
      'Carla Customer: Hello <b>there</b> & "friends"',
      'Hi Carla, how can I help?',
      `[file: receipt.txt ${fileMeta.url}]`,
      '* Resolved by',
    ];
    const positions = lines.map((l) => text.indexOf(l));
    for (const [i, p] of positions.entries()) expect(p, lines[i]).toBeGreaterThan(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d UTC\] Carla Customer: Hello/m);

    const [row] = (await listRecentMail(t.database.db, 20)).filter((m) => m.to === email);
    const html = row!.html!;
    expect(html).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(html).toContain('Order &lt;42&gt;');
    expect(html).not.toContain('<b>there</b>');
    expect(html).toContain(`<a href="${fileMeta.url}">receipt.txt</a>`);
    expect(row!.applicationId).toBe(tenant.applicationId);
  });

  it('mails to the address given, members only, and 400 without any address', async () => {
    const visitor = await newVisitor(t, tenant); // registered without an email
    const groupId = await conversationOf(visitor.headers);
    await send(visitor.headers, { key: 'v1', groupId, message: 'No email here' });

    const none = await transcript(tenant.admin, { groupId });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_EMAIL_ADDRESS');

    const boss = `boss-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const given = await transcript(tenant.admin, { groupId, to: boss });
    expect(given.statusCode, given.body).toBe(200);
    expect((await t.lastMailTo(boss))?.text).toContain('Visitor: No email here');

    const asVisitor = await transcript(visitor.headers, { groupId, to: 'me@example.com' });
    expect(asVisitor.statusCode).toBe(403);
    expect(await t.lastMailTo('me@example.com')).toBeUndefined();

    const otherTenant = await transcript(other.admin, { groupId, to: 'spy@example.com' });
    expect(otherTenant.statusCode).toBe(404);
    expect(await t.lastMailTo('spy@example.com')).toBeUndefined();

    const badAddress = await transcript(tenant.admin, { groupId, to: 'not an email' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().code).toBe('INVALID_PARAMETER');
    const noGroup = await transcript(tenant.admin, { to: boss });
    expect(noGroup.statusCode).toBe(400);
    const unknown = await transcript(tenant.admin, { groupId: 999_999_999, to: boss });
    expect(unknown.statusCode).toBe(404);
  });
});
