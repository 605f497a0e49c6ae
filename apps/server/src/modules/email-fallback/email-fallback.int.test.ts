import { EMAIL_FALLBACK_PATHS, MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { FALLBACK_TYPE } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import { jobs, users } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import { listRecentMail } from '../../platform/mail/outbox-repository.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { newTenant, sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { recordReceipt } from '../messages/service.js';
import { createRealtime } from '../realtime/realtime.js';
import { EMAIL_FALLBACK_QUEUE } from './enqueue.js';
import { runFallbackCheck } from './fallback-job.js';

// E-mail fallback (SPEC §4 types): when each type plans its check (the rule's delay after the
// team's message), what it mails the widget customer when the check runs (only what they missed,
// per type), and that a message is mailed once per type however many checks see it.

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('E-mail fallback on %s', (kind) => {
  const { t } = useTestApp(kind);
  let worker: JobRunner | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });

  const bearer = (tn: Tenant) => ({ authorization: `Bearer ${tn.admin['x-authorization']}` });
  const save = (tn: Tenant, rules: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: EMAIL_FALLBACK_PATHS.settings,
      headers: bearer(tn),
      payload: { rules },
    });
  const enable = async (tn: Tenant, fallbackType: number, delayMinutes: number) => {
    const res = await save(tn, [{ fallbackType, enabled: true, delayMinutes }]);
    expect(res.statusCode).toBe(200);
  };

  /** A widget customer with an e-mail address and their conversation. */
  async function customerConversation(
    tn: Tenant,
    email: string | null = `c-${Math.random().toString(36).slice(2, 8)}@customer.test`,
  ) {
    const userId = `visitor-${Math.random().toString(36).slice(2, 10)}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        applicationId: tn.applicationId,
        authenticationTypeId: 0,
        displayName: 'Linus',
        ...(email ? { email } : {}),
      },
    });
    const headers = {
      'x-authorization': reg.json().authToken as string,
      'application-key': tn.applicationId,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Question', type: 10 },
    });
    const groupId = created.json().response.id as number;
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.applicationId, tn.applicationId), eq(users.userId, userId)));
    const caller: AuthContext = {
      tokenHash: '',
      userId: row!.id,
      userName: userId,
      applicationId: tn.applicationId,
      roleType: null,
      product: 'classic',
      sessionExpiresAt: new Date(Date.now() + MINUTE),
    };
    const receipt = (kindOf: 'read' | 'delivered', messageId: number) =>
      recordReceipt(
        { db: t.database.db, realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })) },
        caller,
        kindOf,
        groupId,
        messageId,
      );
    return { email, headers, groupId, receipt };
  }

  const reply = async (tn: Tenant, groupId: number, text: string) => {
    const res = await sendTestMessage(t, tn.admin, groupId, `${text}-${Math.random()}`, text);
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  };
  const checksOf = async (tn: Tenant) =>
    (
      await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.queue, EMAIL_FALLBACK_QUEUE), eq(jobs.applicationId, tn.applicationId)))
        .orderBy(jobs.createdAt)
    ).map((j) => ({ ...j, applicationId: j.applicationId }));
  const mailsTo = async (address: string | null) =>
    (await listRecentMail(t.database.db, 200)).filter((m) => m.to === address);

  it('lists the four SPEC §4 types off with their default delays, saves them and refuses bad rules', async () => {
    const tn = await newTenant(t);
    const initial = await t.app.inject({
      method: 'GET',
      url: EMAIL_FALLBACK_PATHS.settings,
      headers: bearer(tn),
    });
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data.rules).toEqual([
      { fallbackType: 0, enabled: false, delayMinutes: 0 },
      { fallbackType: 1, enabled: false, delayMinutes: 15 },
      { fallbackType: 2, enabled: false, delayMinutes: 30 },
      { fallbackType: 3, enabled: false, delayMinutes: 60 },
    ]);
    const saved = await save(tn, [
      { fallbackType: 0, enabled: true, delayMinutes: 45 },
      { fallbackType: 3, enabled: true, delayMinutes: 120 },
    ]);
    expect(saved.statusCode).toBe(200);
    // Forwarding is always at once; the types not given keep theirs.
    expect(saved.json().data.rules).toEqual([
      { fallbackType: 0, enabled: true, delayMinutes: 0 },
      { fallbackType: 1, enabled: false, delayMinutes: 15 },
      { fallbackType: 2, enabled: false, delayMinutes: 30 },
      { fallbackType: 3, enabled: true, delayMinutes: 120 },
    ]);
    for (const rules of [
      [{ fallbackType: 4, enabled: true, delayMinutes: 1 }],
      [{ fallbackType: 1, enabled: true, delayMinutes: 1441 }],
      [
        { fallbackType: 1, enabled: true, delayMinutes: 1 },
        { fallbackType: 1, enabled: false, delayMinutes: 2 },
      ],
      [],
    ]) {
      const bad = await save(tn, rules);
      expect(bad.statusCode, JSON.stringify(rules)).toBe(400);
    }
    const noAuth = await t.app.inject({ method: 'GET', url: EMAIL_FALLBACK_PATHS.settings });
    expect(noAuth.statusCode).toBe(401);
  });

  it('message forwarding: checked at once, mails each of the team’s messages once (the worker runs it)', async () => {
    const tn = await newTenant(t);
    await enable(tn, FALLBACK_TYPE.MESSAGE_FORWARDING, 0);
    const c = await customerConversation(tn);
    // The customer's own message plans nothing.
    expect((await sendTestMessage(t, c.headers, c.groupId, 'q1', 'Where is my parcel?')).statusCode).toBe(
      200,
    );
    expect(await checksOf(tn)).toEqual([]);
    const before = Date.now();
    await reply(tn, c.groupId, 'It left the warehouse today.');
    const [check] = await checksOf(tn);
    expect(check!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(check!.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
    });
    const until = Date.now() + 10_000;
    while ((await mailsTo(c.email)).length === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toMatch(/^New message from /);
    expect(mail!.text).toContain('Hi Linus,');
    expect(mail!.text).toContain('It left the warehouse today.');
    expect(mail!.text).not.toContain('Where is my parcel?');
    // The same check again (a retried job): nothing more.
    expect(await runFallbackCheck(t.database.db, check!)).toBe(0);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('the mail speaks the customer’s language, read from what they wrote', async () => {
    const tn = await newTenant(t);
    await enable(tn, FALLBACK_TYPE.MESSAGE_FORWARDING, 0);
    const c = await customerConversation(tn);
    expect(
      (
        await sendTestMessage(
          t,
          c.headers,
          c.groupId,
          'q-es',
          '¿Dónde está mi paquete? Lo pedí hace una semana',
        )
      ).statusCode,
    ).toBe(200);
    await reply(tn, c.groupId, 'Salió del almacén hoy.');
    const [check] = await checksOf(tn);
    expect(await runFallbackCheck(t.database.db, check!)).toBe(1);
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toMatch(/^Nuevo mensaje de /);
    expect(mail!.text).toContain('Hola, Linus:');
    expect(mail!.text).toContain('Abre el chat en nuestro sitio web para responder.');
  });

  it('undelivered: planned after its delay; mails only what was not delivered by then, once', async () => {
    const tn = await newTenant(t);
    await enable(tn, FALLBACK_TYPE.UNDELIVERED, 15);
    const c = await customerConversation(tn);
    const before = Date.now();
    const first = await reply(tn, c.groupId, 'First answer');
    const [check1] = await checksOf(tn);
    expect(check1!.runAt.getTime()).toBeGreaterThanOrEqual(before + 15 * MINUTE - 1000);
    expect(check1!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    // Delivered within the delay: the check mails nothing.
    await c.receipt('delivered', first);
    expect(await runFallbackCheck(t.database.db, check1!)).toBe(0);
    expect(await mailsTo(c.email)).toEqual([]);
    // Not delivered: mailed, alone (the first one reached the customer).
    await reply(tn, c.groupId, 'Second answer');
    const check2 = (await checksOf(tn))[1]!;
    expect(await runFallbackCheck(t.database.db, check2)).toBe(1);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/did not reach you$/);
    expect(mails[0]!.text).toContain('Second answer');
    expect(mails[0]!.text).not.toContain('First answer');
    expect(await runFallbackCheck(t.database.db, check2)).toBe(0);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('unread: mails messages delivered but not read when checked; read ones are not mailed', async () => {
    const tn = await newTenant(t);
    await enable(tn, FALLBACK_TYPE.UNREAD, 30);
    const c = await customerConversation(tn);
    const before = Date.now();
    const first = await reply(tn, c.groupId, 'Did you see this?');
    const [check1] = await checksOf(tn);
    expect(check1!.runAt.getTime()).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    // Not even delivered: that is "undelivered", not "unread".
    expect(await runFallbackCheck(t.database.db, check1!)).toBe(0);
    const second = await reply(tn, c.groupId, 'Your refund is approved.');
    await c.receipt('delivered', second);
    const check2 = (await checksOf(tn))[1]!;
    expect(await runFallbackCheck(t.database.db, check2)).toBe(1);
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toMatch(/^Unread messages from /);
    expect(mail!.text).toContain('Your refund is approved.');
    expect(mail!.text).not.toContain('Did you see this?');
    // Read before the next check: nothing.
    const third = await reply(tn, c.groupId, 'Anything else?');
    await c.receipt('read', third);
    expect(await runFallbackCheck(t.database.db, (await checksOf(tn))[2]!)).toBe(0);
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(first).toBeLessThan(second);
  });

  it('unanswered: fires only when the customer has not written since; not when turned off meanwhile', async () => {
    const tn = await newTenant(t);
    await enable(tn, FALLBACK_TYPE.UNANSWERED, 60);
    const c = await customerConversation(tn);
    const before = Date.now();
    await reply(tn, c.groupId, 'Which size do you need?');
    const [check1] = await checksOf(tn);
    expect(check1!.runAt.getTime()).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000);
    await sendTestMessage(t, c.headers, c.groupId, 'answer-1', 'Size M please');
    expect(await runFallbackCheck(t.database.db, check1!)).toBe(0);
    await reply(tn, c.groupId, 'Blue or red?');
    const check2 = (await checksOf(tn))[1]!;
    expect(await runFallbackCheck(t.database.db, check2)).toBe(1);
    const [mail] = await mailsTo(c.email);
    expect(mail!.subject).toMatch(/is waiting for your answer$/);
    expect(mail!.text).toContain('Blue or red?');
    expect(mail!.text).not.toContain('Which size do you need?');
    // Turned off after the message was sent: its check sends nothing.
    await reply(tn, c.groupId, 'Hello?');
    expect((await save(tn, [{ fallbackType: 3, enabled: false, delayMinutes: 60 }])).statusCode).toBe(200);
    expect(await runFallbackCheck(t.database.db, (await checksOf(tn))[2]!)).toBe(0);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('plans nothing without an enabled rule, and mails nobody without an address', async () => {
    const tn = await newTenant(t);
    const c = await customerConversation(tn);
    await reply(tn, c.groupId, 'No rules here');
    expect(await checksOf(tn)).toEqual([]);
    await enable(tn, FALLBACK_TYPE.MESSAGE_FORWARDING, 0);
    const anonymous = await customerConversation(tn, null);
    await reply(tn, anonymous.groupId, 'Nobody to mail');
    const [check] = await checksOf(tn);
    expect(await runFallbackCheck(t.database.db, check!)).toBe(0);
  });
});
