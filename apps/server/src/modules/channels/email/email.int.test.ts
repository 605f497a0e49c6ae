import { INTEGRATION_PATHS, integrationPath } from '@convo/api';
import { MESSAGE_CONTENT_TYPE } from '@convo/domain';
import { and, eq, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../app.js';
import {
  attachments,
  channelAccounts,
  channelOutbox,
  conversations,
  emailSources,
  messages,
} from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { configureOutbound } from '../../../platform/outbound/index.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { sendTestMessage, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { createRealtime } from '../../realtime/realtime.js';
import { channelConnectors } from '../registry.js';
import { pollAllMailboxes } from './poller.js';
import * as repo from './repository.js';
import {
  dovecotMissing,
  isCi,
  type MailUser,
  startDovecot,
  startSmtpReceiver,
  type TestDovecot,
  type TestSmtp,
} from './test-mail-servers.js';

// The e-mail channel against real mail servers: Dovecot (IMAP, the shop's and the customer's
// mailboxes) and an SMTP receiver delivering into them. A thread of three mails becomes one
// conversation; the agent's reply arrives in the customer's mailbox threaded.

const SHOP: MailUser = { address: 'shop@example.test', password: 'shop-imap-secret-1' };
const CUSTOMER: MailUser = { address: 'ada@customer.test', password: 'ada-secret-2' };
const missing = dovecotMissing();
if (missing && !isCi()) process.stdout.write(`${missing}\n`);

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function mail(headers: Record<string, string>, body: string, contentType = 'text/plain; charset=utf-8') {
  const lines = Object.entries({
    From: `Ada Lovelace <${CUSTOMER.address}>`,
    To: SHOP.address,
    Date: new Date().toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': contentType,
    ...headers,
  }).map(([k, v]) => `${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
}

// Under CI a missing Dovecot fails the file (a skip would be a green run that tested less).
describe.skipIf(Boolean(missing) && !isCi()).each(testDatabaseKinds())('E-mail channel on %s', (kind) => {
  let dovecot: TestDovecot;
  let smtp: TestSmtp;
  beforeAll(async () => {
    if (missing) throw new Error(`CI=true but ${missing}`);
    dovecot = await startDovecot([SHOP, CUSTOMER]);
    smtp = await startSmtpReceiver([SHOP], dovecot, [SHOP, CUSTOMER]);
  }, 30_000);
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: { EMAIL_POLL_SECONDS: '3600' },
  });
  const [tenant, other] = tenants;
  let worker: JobRunner | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(async () => {
    await smtp?.close();
    await dovecot?.close();
  });

  const bearer = (tn: Tenant) => ({ authorization: `Bearer ${tn.admin['x-authorization']}` });
  const body = (overrides: { imapPassword?: string; smtpPassword?: string } = {}) => ({
    address: SHOP.address,
    senderName: 'Example Shop',
    imap: {
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      user: SHOP.address,
      password: overrides.imapPassword ?? SHOP.password,
    },
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: SHOP.address,
      password: overrides.smtpPassword ?? SHOP.password,
    },
  });
  const connect = (tn: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: integrationPath('email'), headers: bearer(tn), payload });
  const poll = (maxMailBytes?: number) =>
    pollAllMailboxes(
      {
        maxMailBytes,
        db: t.database.db,
        realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })),
        storage: createStorage(t.config.storage),
        connectors: channelConnectors(t.config.channelApiUrls, t.database.db),
        appSecret: t.config.appSecret,
        publicUrl: t.config.publicUrl,
      },
      pino({ level: 'silent' }),
    );
  const mailConversations = () =>
    t.database.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, tenant.applicationId),
          like(conversations.clientGroupId, 'email:%'),
        ),
      )
      .orderBy(conversations.id);
  const messagesOf = async (conversationId: number) =>
    (
      await t.database.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(messages.id)
    ).filter((m) => m.contentType !== MESSAGE_CONTENT_TYPE.NOTIFY);

  it('refuses mail servers on the server’s own network unless the operator allows them, telling nothing of them', async () => {
    // The default (OUTBOUND_ALLOW empty): the test servers on 127.0.0.1 are the server's own network.
    configureOutbound([]);
    try {
      const refused = await connect(tenant, body());
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
      expect(refused.json().message).toContain('could not reach the address');
      expect(refused.json().message).not.toMatch(/ECONN|refused the user/);
    } finally {
      configureOutbound(t.config.outboundAllow);
    }
    const rows = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.applicationId, tenant.applicationId));
    expect(rows).toEqual([]);
  });

  it('refuses wrong IMAP or SMTP credentials with a clear message and stores nothing', async () => {
    const imap = await connect(tenant, body({ imapPassword: 'wrong' }));
    expect(imap.statusCode).toBe(400);
    expect(imap.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(imap.json().message).toContain('The IMAP server 127.0.0.1 refused the user name or password');
    const smtpRes = await connect(tenant, body({ smtpPassword: 'wrong' }));
    expect(smtpRes.statusCode).toBe(400);
    expect(smtpRes.json().message).toContain('The SMTP server 127.0.0.1 refused the user name or password');
    const bad = await connect(tenant, { ...body(), address: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PARAMETER');
    const rows = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.applicationId, tenant.applicationId));
    expect(rows).toEqual([]);
  });

  it('connects a mailbox after logging in to both servers; no password is returned or stored in clear', async () => {
    const res = await connect(tenant, body());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'email',
      category: 'email',
      status: 'connected',
      displayName: SHOP.address,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('email'),
      headers: bearer(tenant),
    });
    const list = await t.app.inject({ method: 'GET', url: INTEGRATION_PATHS.list, headers: bearer(tenant) });
    for (const text of [res.body, detail.body, list.body]) expect(text).not.toContain(SHOP.password);
    const [row] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.applicationId, tenant.applicationId));
    expect(row!.sealedConfig).not.toContain(SHOP.password);
    expect(row!.sealedConfig).not.toContain('127.0.0.1');
    // Mail is polled: a post to the channel's webhook is refused.
    const hook = await t.app.inject({
      method: 'POST',
      url: `/api/channels/email/${tenant.applicationId}/webhook`,
      payload: { from: CUSTOMER.address },
    });
    expect(hook.statusCode).toBe(401);
  });

  it('makes one conversation of a thread of three mails, with sanitized HTML and the attachment stored', async () => {
    await dovecot.append(
      SHOP,
      mail(
        { Subject: 'Order 42 is late', 'Message-ID': '<m1.order42@customer.test>' },
        'Hello, where is order 42?',
      ),
    );
    await dovecot.append(
      SHOP,
      mail(
        {
          Subject: 'Re: Order 42 is late',
          'Message-ID': '<m2.order42@customer.test>',
          'In-Reply-To': '<m1.order42@customer.test>',
          References: '<m1.order42@customer.test>',
        },
        'It was due on Monday.',
      ),
    );
    const boundary = 'b-42';
    await dovecot.append(
      SHOP,
      mail(
        {
          Subject: 'Re: Order 42 is late',
          'Message-ID': '<m3.order42@customer.test>',
          'In-Reply-To': '<m2.order42@customer.test>',
          References: '<m1.order42@customer.test> <m2.order42@customer.test>',
        },
        [
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p onclick="steal()">Here is the <b>receipt</b><script>alert(1)</script></p>',
          `--${boundary}`,
          'Content-Type: application/pdf; name="receipt.pdf"',
          'Content-Disposition: attachment; filename="receipt.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 receipt of order 42').toString('base64'),
          `--${boundary}--`,
        ].join('\n'),
        `multipart/mixed; boundary="${boundary}"`,
      ),
    );
    // Another subject, no references: a conversation of its own.
    await dovecot.append(
      SHOP,
      mail({ Subject: 'Gift cards?', 'Message-ID': '<other.1@customer.test>' }, 'Do you sell gift cards?'),
    );
    expect(await poll()).toBe(5);
    const convs = await mailConversations();
    expect(convs).toHaveLength(2);
    expect(convs[0]).toMatchObject({ channel: 'email', source: 'mail', name: 'Order 42 is late' });
    expect(convs[1]).toMatchObject({ name: 'Gift cards?' });
    const stored = await messagesOf(convs[0]!.id);
    expect(stored.map((m) => m.message)).toEqual([
      'Hello, where is order 42?',
      'It was due on Monday.',
      '<p>Here is the <b>receipt</b></p>',
      '',
    ]);
    expect(stored.map((m) => m.contentType)).toEqual([
      0,
      0,
      MESSAGE_CONTENT_TYPE.TEXT_HTML,
      MESSAGE_CONTENT_TYPE.ATTACHMENT,
    ]);
    expect(stored.every((m) => m.senderType === 2)).toBe(true);
    const key = (stored[3]!.fileMeta as { key?: string } | null)?.key;
    expect(key).toBeTruthy();
    const [file] = await t.database.db.select().from(attachments).where(eq(attachments.id, key!));
    expect(file).toMatchObject({ name: 'receipt.pdf', contentType: 'application/pdf' });
    // Nothing of this reached the other tenant.
    const theirs = await t.database.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, other.applicationId),
          like(conversations.clientGroupId, 'email:%'),
        ),
      );
    expect(theirs).toEqual([]);
  });

  it('stores a mail read twice once (next poll, and a cursor reset)', async () => {
    expect(await poll()).toBe(0);
    const [account] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.applicationId, tenant.applicationId));
    await repo.resetPollState(t.database.db, account!.id);
    expect(await poll()).toBe(0);
    const convs = await mailConversations();
    expect(convs).toHaveLength(2);
    expect(await messagesOf(convs[0]!.id)).toHaveLength(4);
    // Each polled mail's original (SPEC §7 .eml) is kept once, in the file storage.
    const sources = await t.database.db
      .select()
      .from(emailSources)
      .where(eq(emailSources.applicationId, tenant.applicationId))
      .orderBy(emailSources.messageId);
    expect(sources.map((s) => s.messageId)).toEqual([
      '<m1.order42@customer.test>',
      '<m2.order42@customer.test>',
      '<m3.order42@customer.test>',
      '<other.1@customer.test>',
    ]);
    const stored = await createStorage(t.config.storage).get(sources[2]!.storageKey);
    expect(stored?.contentType).toBe('message/rfc822');
  });

  it('skips a mail over the size limit by its IMAP size, without reading it, and moves past it', async () => {
    await dovecot.append(
      SHOP,
      mail({ Subject: 'A huge mail', 'Message-ID': '<huge.1@customer.test>' }, 'x'.repeat(5000)),
    );
    expect(await poll(4000)).toBe(0);
    // Moved past for good: a later poll without the limit does not read it either.
    expect(await poll()).toBe(0);
    expect(await mailConversations()).toHaveLength(2);
    const sources = await t.database.db
      .select()
      .from(emailSources)
      .where(eq(emailSources.applicationId, tenant.applicationId));
    expect(sources.map((s) => s.messageId)).not.toContain('<huge.1@customer.test>');
  });

  it("sends the agent's reply by SMTP into the customer's mailbox, threaded; their answer joins the conversation", async () => {
    const [conv] = await mailConversations();
    const reply = await sendTestMessage(
      t,
      tenant.admin,
      conv!.id,
      'mail-reply-1',
      'Sorry Ada, it ships today.',
    );
    expect(reply.statusCode).toBe(200);
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      backoffBaseMs: 5,
      storage: createStorage(t.config.storage),
      channels: { appSecret: t.config.appSecret, apiUrls: t.config.channelApiUrls },
    });
    const inbox = await waitFor(
      () => dovecot.inbox(CUSTOMER),
      (mails) => mails.length === 1,
    );
    const sent = await simpleParser(inbox[0]!.source);
    expect(sent.subject).toBe('Re: Order 42 is late');
    expect(sent.from?.value[0]).toMatchObject({ address: SHOP.address, name: 'Example Shop' });
    expect(sent.inReplyTo).toBe('<m3.order42@customer.test>');
    expect(sent.references).toEqual([
      '<m1.order42@customer.test>',
      '<m2.order42@customer.test>',
      '<m3.order42@customer.test>',
    ]);
    expect(sent.text?.trim()).toBe('Sorry Ada, it ships today.');
    expect(smtp.received.at(-1)).toMatchObject({
      user: SHOP.address,
      from: SHOP.address,
      to: [CUSTOMER.address],
    });
    const [row] = await waitFor(
      () => t.database.db.select().from(channelOutbox).where(eq(channelOutbox.conversationId, conv!.id)),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row!.externalId).toBe(sent.messageId);

    // Ada answers our reply (only In-Reply-To it): the same conversation.
    await dovecot.append(
      SHOP,
      mail(
        {
          Subject: 'Re: Order 42 is late',
          'Message-ID': '<m4.order42@customer.test>',
          'In-Reply-To': sent.messageId!,
        },
        'Great, thanks!',
      ),
    );
    expect(await poll()).toBe(1);
    expect(await mailConversations()).toHaveLength(2);
    expect((await messagesOf(conv!.id)).map((m) => m.message).slice(-2)).toEqual([
      'Sorry Ada, it ships today.',
      'Great, thanks!',
    ]);
  });

  it('shows a mailbox that stops answering as an error in the hub', async () => {
    await dovecot.close();
    expect(await poll()).toBe(0);
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('email'),
      headers: bearer(tenant),
    });
    expect(detail.json().data).toMatchObject({ status: 'error' });
    expect(detail.json().data.lastError).toBe('The IMAP server 127.0.0.1: could not reach the address.');
  });
});
