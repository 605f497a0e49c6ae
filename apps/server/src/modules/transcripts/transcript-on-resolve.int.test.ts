import { MESSAGING_PATHS, REGISTRATION_PATHS, TRANSCRIPT_SETTINGS_PATH } from '@convo/api';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { conversations, jobs, mailOutbox, users } from '../../db/schema/index.js';
import { JobWorker } from '../../platform/jobs/job-queue.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { signedInMember, updateSettings } from '../../testing/members.js';
import {
  makeQuiet,
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { autoResolveDue } from '../conversations/service.js';
import { createRealtime } from '../realtime/realtime.js';
import { transcriptOnResolveHandler } from './transcript-on-resolve.js';
import { TRANSCRIPT_ON_RESOLVE_QUEUE } from './transcript-on-resolve-queue.js';

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('conversation transcript on resolve on %s', (kind) => {
  const { t } = useTestApp(kind);
  const silent = pino({ level: 'silent' });

  const bearer = (tenant: Tenant): Headers => ({
    authorization: `Bearer ${tenant.admin['x-authorization']}`,
  });
  const read = (headers: Headers) => t.app.inject({ method: 'GET', url: TRANSCRIPT_SETTINGS_PATH, headers });
  const put = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'PUT', url: TRANSCRIPT_SETTINGS_PATH, headers, payload });
  const settings = (over: object = {}) => ({
    sendToCustomerOnResolve: false,
    sendToAssigneeOnResolve: false,
    extraRecipients: [],
    ...over,
  });
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;

  /** Runs the transcript jobs that are due, as the worker role does. */
  const runTranscriptJobs = () =>
    new JobWorker({
      db: t.database.db,
      log: silent,
      handlers: {
        [TRANSCRIPT_ON_RESOLVE_QUEUE]: transcriptOnResolveHandler({ db: t.database.db, publicUrl: '' }),
      },
    }).drain();

  const jobsOf = (groupId: number) =>
    t.database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, TRANSCRIPT_ON_RESOLVE_QUEUE),
          sql`(${jobs.payload}->>'conversationId')::int = ${groupId}`,
        ),
      );

  const mailsTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));

  const setStatus = (tenant: Tenant, groupId: number, status: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=${status}`,
      headers: tenant.admin,
    });

  /** A conversation opened by a customer registered with an e-mail address, one message each way. */
  async function customerConversation(tenant: Tenant, email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId: `customer-${Math.random().toString(36).slice(2, 10)}`,
        email,
        applicationId: tenant.applicationId,
        authenticationTypeId: 0,
        displayName: 'Carla Customer',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const headers = {
      'x-authorization': res.json().authToken as string,
      'application-key': tenant.applicationId,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Refund', type: 10 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = created.json().response.id as number;
    expect(
      (await sendTestMessage(t, headers, groupId, `c-${groupId}`, 'Where is my refund?')).statusCode,
    ).toBe(200);
    expect(
      (await sendTestMessage(t, tenant.admin, groupId, `a-${groupId}`, 'Sent this morning.')).statusCode,
    ).toBe(200);
    return groupId;
  }

  it('starts from the defaults, checks what is saved, and keeps each tenant its own', async () => {
    const tenant = await newTenant(t);
    const initial = await read(bearer(tenant));
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({ code: 'SUCCESS', data: settings() });

    const saved = await put(
      bearer(tenant),
      settings({
        sendToCustomerOnResolve: true,
        extraRecipients: [' Support@Example.com ', 'support@example.com', 'crm@example.org'],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = settings({
      sendToCustomerOnResolve: true,
      extraRecipients: ['support@example.com', 'crm@example.org'],
    });
    expect(saved.json().data).toEqual(expected);
    expect((await read(bearer(tenant))).json().data).toEqual(expected);

    const badAddress = await put(
      bearer(tenant),
      settings({ extraRecipients: ['ok@example.com', 'not an email'] }),
    );
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: [{ path: 'extraRecipients.1', message: 'not a valid e-mail address' }],
    });
    const tooMany = await put(
      bearer(tenant),
      settings({ extraRecipients: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${n}@example.com`) }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 5');
    const partial = await put(bearer(tenant), { sendToCustomerOnResolve: true });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('INVALID_PARAMETER');
    expect((await put(bearer(tenant), settings({ sendToAssigneeOnResolve: 'yes' }))).statusCode).toBe(400);
    // Refused writes change nothing.
    expect((await read(bearer(tenant))).json().data).toEqual(expected);

    const other = await newTenant(t);
    expect((await read(bearer(other))).json().data).toEqual(settings());
    expect((await put(bearer(other), settings({ sendToAssigneeOnResolve: true }))).statusCode).toBe(200);
    expect((await read(bearer(tenant))).json().data).toEqual(expected);
  });

  it('needs the conversation-transcript privilege to read or change the settings', async () => {
    const tenant = await newTenant(t);
    expect((await read({})).statusCode).toBe(401);
    const operator = await signedInMember(t.database, tenant.applicationId, '12');
    expect((await read(operator.headers)).statusCode).toBe(403);
    expect((await put(operator.headers, settings({ sendToCustomerOnResolve: true }))).statusCode).toBe(403);

    const agent = await signedInMember(t.database, tenant.applicationId, '2');
    expect((await read(agent.headers)).statusCode).toBe(200);
    // A company override (SPEC §6): the page for admins (1) only.
    await updateSettings(t.database, tenant.applicationId, {
      companySetting: { rolesAndPermissions: { 'settings.conversation-transcript': ['1'] } },
    });
    expect((await read(agent.headers)).statusCode).toBe(403);
    expect((await put(agent.headers, settings({ sendToCustomerOnResolve: true }))).statusCode).toBe(403);
    const admin = await signedInMember(t.database, tenant.applicationId, '1');
    expect((await put(admin.headers, settings({ sendToCustomerOnResolve: true }))).statusCode).toBe(200);
    expect((await read(bearer(tenant))).statusCode).toBe(403);
  });

  it('queues one job when a conversation is resolved, and its handler mails the transcript', async () => {
    const tenant = await newTenant(t);
    const customer = unique('carla');
    const extra = unique('crm');
    expect(
      (await put(bearer(tenant), settings({ sendToCustomerOnResolve: true, extraRecipients: [extra] })))
        .statusCode,
    ).toBe(200);
    const groupId = await customerConversation(tenant, customer);
    expect(await jobsOf(groupId)).toHaveLength(0);

    expect((await setStatus(tenant, groupId, 2)).statusCode).toBe(200);
    // Already resolved: no second job.
    expect((await setStatus(tenant, groupId, 2)).statusCode).toBe(200);
    const queued = await jobsOf(groupId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      applicationId: tenant.applicationId,
      payload: { conversationId: groupId },
    });

    await runTranscriptJobs();
    expect((await jobsOf(groupId))[0]?.status).toBe('done');
    for (const address of [customer, extra]) {
      const mails = await mailsTo(address);
      expect(mails, address).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        subject: `Transcript of conversation #${groupId}: Refund`,
        applicationId: tenant.applicationId,
        status: 'queued',
      });
      const text = mails[0]!.text;
      expect(text).toContain('Carla Customer: Where is my refund?');
      expect(text.indexOf('Where is my refund?')).toBeLessThan(text.indexOf('Sent this morning.'));
      expect(text).toMatch(/\* Resolved by /);
      expect(mails[0]!.html).toContain('<strong>Carla Customer</strong>: Where is my refund?');
    }
  });

  it('mails the assignee, skips people without an address, and does nothing when the settings are off', async () => {
    const tenant = await newTenant(t);
    // Settings off (the default): resolving queues nothing.
    const quiet = await newVisitorConversation(t, tenant);
    expect((await setStatus(tenant, quiet.groupId, 2)).statusCode).toBe(200);
    expect(await jobsOf(quiet.groupId)).toHaveLength(0);

    expect(
      (await put(bearer(tenant), settings({ sendToCustomerOnResolve: true, sendToAssigneeOnResolve: true })))
        .statusCode,
    ).toBe(200);
    // The visitor has no e-mail address: only the assignee gets the transcript.
    const { groupId } = await newVisitorConversation(t, tenant);
    const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.id, groupId));
    expect(conv?.assigneeId).toBeTruthy();
    const [assignee] = await t.database.db.select().from(users).where(eq(users.id, conv!.assigneeId!));
    const before = (await mailsTo(assignee!.email!)).length;
    expect((await setStatus(tenant, groupId, 2)).statusCode).toBe(200);
    expect(await jobsOf(groupId)).toHaveLength(1);
    await runTranscriptJobs();
    const mails = await mailsTo(assignee!.email!);
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((m) => m.subject.startsWith(`Transcript of conversation #${groupId}`))).toBe(true);

    // Only the customer, who has no address: the job is done and nothing is mailed.
    await put(bearer(tenant), settings({ sendToCustomerOnResolve: true }));
    const nobody = await newVisitorConversation(t, tenant);
    const outboxBefore = await t.database.db.$count(
      mailOutbox,
      eq(mailOutbox.applicationId, tenant.applicationId),
    );
    expect((await setStatus(tenant, nobody.groupId, 2)).statusCode).toBe(200);
    await runTranscriptJobs();
    expect((await jobsOf(nobody.groupId))[0]?.status).toBe('done');
    expect(await t.database.db.$count(mailOutbox, eq(mailOutbox.applicationId, tenant.applicationId))).toBe(
      outboxBefore,
    );
  });

  it('mails the transcript of conversations auto-resolve closes, not of those reopened since', async () => {
    const tenant = await newTenant(t);
    const customer = unique('auto');
    await put(bearer(tenant), settings({ sendToCustomerOnResolve: true }));
    await updateSettings(t.database, tenant.applicationId, { autoResolveAfterMinutes: 30 });
    const groupId = await customerConversation(tenant, customer);
    await makeQuiet(t.database.db, groupId, 31);
    const realtime = createRealtime(createMemoryPubSub(), silent);
    expect(await autoResolveDue({ db: t.database.db, realtime })).toBeGreaterThanOrEqual(1);
    expect(await jobsOf(groupId)).toHaveLength(1);
    await runTranscriptJobs();
    expect((await mailsTo(customer))[0]?.text).toContain('* Resolved by auto-resolve');

    // Resolved, then reopened before the worker ran: nothing is mailed; the next resolve will.
    const reopenedCustomer = unique('reopened');
    const reopened = await customerConversation(tenant, reopenedCustomer);
    expect((await setStatus(tenant, reopened, 2)).statusCode).toBe(200);
    expect((await setStatus(tenant, reopened, 0)).statusCode).toBe(200);
    await runTranscriptJobs();
    expect(await mailsTo(reopenedCustomer)).toHaveLength(0);
  });
});
