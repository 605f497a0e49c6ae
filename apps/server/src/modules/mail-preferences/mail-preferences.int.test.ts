import { MAIL_PREFERENCES_PATH, MESSAGING_PATHS, NOTIFICATION_SETTINGS_PATHS as P } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { addTestMember } from '../../testing/members.js';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// /subscribe and /unsubscribe: the signed link in a notification mail reads and changes that
// member's mail choices without signing in; nothing else opens them.

describe.each(testDatabaseKinds())('mail preferences from a signed link on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  async function assignNewConversation(agentUserId: string): Promise<number> {
    const visitor = await newVisitor(t, tenant);
    const group = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Mail link' },
    });
    const id = group.json().response.id as number;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.assigneeChange}?groupId=${id}&assignee=${encodeURIComponent(agentUserId)}`,
      headers: tenant.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  const mailsTo = (to: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.applicationId, tenant.applicationId)));

  it('mails a link that reads and turns off that member’s mails', async () => {
    const agent = await addTestMember(t.database, tenant.applicationId, '2', 0);
    await assignNewConversation(agent.userId);
    const [mail] = await mailsTo(agent.email ?? '');
    const link = mail?.text.match(/(https?:\/\/\S+\/unsubscribe\?token=[^\s.]+(?:\.[^\s.]+)?)/)?.[1];
    expect(link, mail?.text).toBeDefined();
    const token = decodeURIComponent(new URL(link ?? '').searchParams.get('token') ?? '');

    const read = await t.app.inject({
      method: 'GET',
      url: `${MAIL_PREFERENCES_PATH}?token=${encodeURIComponent(token)}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({
      email: agent.email,
      choices: { assignedToMe: true, newMessageWhileOffline: true, dailySummary: false },
    });

    const off = { assignedToMe: false, newMessageWhileOffline: false, dailySummary: false };
    const saved = await t.app.inject({
      method: 'PUT',
      url: MAIL_PREFERENCES_PATH,
      payload: { token, choices: off },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.choices).toEqual(off);
    // The same choices as Settings → Email notifications: the next assignment mails nothing.
    await assignNewConversation(agent.userId);
    expect(await mailsTo(agent.email ?? '')).toHaveLength(1);
    // And the admin's own choices are untouched.
    const own = await t.app.inject({
      method: 'GET',
      url: P.email,
      headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
    });
    expect(own.json().data.assignedToMe).toBe(true);
  });

  it('refuses a forged, altered or missing token with INVALID_PARAMETER or a validation error', async () => {
    const agent = await addTestMember(t.database, tenant.applicationId, '2', 0);
    await assignNewConversation(agent.userId);
    const [mail] = await mailsTo(agent.email ?? '');
    const token = decodeURIComponent(mail?.text.match(/token=([^\s]+?)\.?$/m)?.[1] ?? '');
    const [body = '', signature = ''] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        p: 'mail-preferences',
        a: tenant.applicationId,
        u: '00000000-0000-4000-8000-000000000000',
      }),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, 'x'.repeat(40)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${MAIL_PREFERENCES_PATH}?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
      const put = await t.app.inject({
        method: 'PUT',
        url: MAIL_PREFERENCES_PATH,
        payload: {
          token: bad,
          choices: { assignedToMe: false, newMessageWhileOffline: false, dailySummary: false },
        },
      });
      expect(put.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: MAIL_PREFERENCES_PATH })).statusCode).toBe(400);
    const wrongShape = await t.app.inject({
      method: 'PUT',
      url: MAIL_PREFERENCES_PATH,
      payload: { token, choices: { assignedToMe: 'no' } },
    });
    expect(wrongShape.statusCode).toBe(400);
  });
});
