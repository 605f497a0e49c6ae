import { emailOriginalPath, integrationPath } from '@convo/api';
import { MESSAGE_CONTENT_TYPE } from '@convo/domain';
import { and, eq, like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations, messages } from '../../../db/schema/index.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { sendTestMessage, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { createRealtime } from '../../realtime/realtime.js';
import { channelConnectors } from '../registry.js';
import { connectIntegration, integrationDetail } from '../service.js';
import { pollAllMailboxes } from './poller.js';
import { applicationOfAddress, type RunningReceiver, startSmtpReceiver } from './smtp-receiver.js';
import {
  dovecotMissing,
  isCi,
  type MailUser,
  startDovecot,
  startSmtpReceiver as startTestSmtp,
  type TestDovecot,
  type TestSmtp,
} from './test-mail-servers.js';

// The built-in SMTP receiver, spoken to by nodemailer as a sender's mail server would: mail for an
// application's inbound address lands in the same conversations as the IMAP poll's; unknown
// recipients and other domains are refused at RCPT (no open relay), oversized mail at DATA.

const SHOP: MailUser = { address: 'shop@example.test', password: 'shop-imap-secret-1' };
const DOMAIN = 'inbound.convo.test';
const MAX_BYTES = 64 * 1024;
const missing = dovecotMissing();

describe('applicationOfAddress', () => {
  it('reads the application from its inbound address only', () => {
    expect(applicationOfAddress('a1b2c3@inbound.convo.test', DOMAIN)).toBe('a1b2c3');
    expect(applicationOfAddress('a1b2c3+sales@INBOUND.convo.test', DOMAIN)).toBe('a1b2c3');
    expect(applicationOfAddress('a1b2c3@elsewhere.test', DOMAIN)).toBeNull();
    expect(applicationOfAddress('a1b2c3@sub.inbound.convo.test', DOMAIN)).toBeNull();
    expect(applicationOfAddress('../x@inbound.convo.test', DOMAIN)).toBeNull();
    expect(applicationOfAddress('@inbound.convo.test', DOMAIN)).toBeNull();
  });
});

describe.skipIf(Boolean(missing) && !isCi()).each(testDatabaseKinds())('SMTP receiver on %s', (kind) => {
  let dovecot: TestDovecot;
  let smtp: TestSmtp;
  let receiver: RunningReceiver;
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: { EMAIL_POLL_SECONDS: '3600' },
  });
  const [tenant, other] = tenants;
  const bearer = (tn: Tenant) => ({ authorization: `Bearer ${tn.admin['x-authorization']}` });

  beforeAll(async () => {
    if (missing) throw new Error(`CI=true but ${missing}`);
    dovecot = await startDovecot([SHOP]);
    smtp = await startTestSmtp([SHOP], dovecot, [SHOP]);
    const connected = await t.app.inject({
      method: 'POST',
      url: integrationPath('email'),
      headers: bearer(tenant),
      payload: {
        address: SHOP.address,
        senderName: 'Example Shop',
        imap: {
          host: '127.0.0.1',
          port: dovecot.port,
          secure: false,
          user: SHOP.address,
          password: SHOP.password,
        },
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: SHOP.address,
          password: SHOP.password,
        },
      },
    });
    expect(connected.statusCode).toBe(200);
    receiver = await startSmtpReceiver(
      {
        db: t.database.db,
        realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })),
        storage: createStorage(t.config.storage),
        connectors: channelConnectors(t.config.channelApiUrls, t.database.db),
        appSecret: t.config.appSecret,
        publicUrl: t.config.publicUrl,
      },
      { port: 0, host: '127.0.0.1', domain: DOMAIN, maxBytes: MAX_BYTES },
      pino({ level: 'silent' }),
    );
  }, 30_000);
  afterAll(async () => {
    await receiver?.close();
    await smtp?.close();
    await dovecot?.close();
  });

  const send = (mail: nodemailer.SendMailOptions) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    return transport
      .sendMail({ from: 'Grace Hopper <grace@customer.test>', ...mail })
      .finally(() => transport.close());
  };
  const inbound = () => `${tenant.applicationId}@${DOMAIN}`;
  const mailConversations = (applicationId: string) =>
    t.database.db
      .select()
      .from(conversations)
      .where(
        and(eq(conversations.applicationId, applicationId), like(conversations.clientGroupId, 'email:%')),
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

  it('shows the inbound address on the e-mail integration only when the server runs the receiver', async () => {
    const deps = {
      db: t.database.db,
      appSecret: t.config.appSecret,
      publicUrl: t.config.publicUrl,
      connectors: channelConnectors(t.config.channelApiUrls, t.database.db),
    };
    const withReceiver = await integrationDetail(
      { ...deps, inboundMailDomain: DOMAIN },
      tenant.applicationId,
      'email',
    );
    expect(withReceiver.inboundAddress).toBe(inbound());
    // Not connected: no address to forward to.
    const notConnected = await integrationDetail(
      { ...deps, inboundMailDomain: DOMAIN },
      other.applicationId,
      'email',
    );
    expect(notConnected.inboundAddress).toBeNull();
    // This test app has no SMTP_RECEIVER_PORT: the API shows none.
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('email'),
      headers: bearer(tenant),
    });
    expect(detail.json().data.inboundAddress).toBeNull();
  });

  it('stores mail for the inbound address as a conversation: sanitized HTML, attachment, thread', async () => {
    await send({
      to: inbound(),
      subject: 'Broken charger',
      messageId: '<c1.charger@customer.test>',
      html: '<p onclick="x()">My <i>charger</i> broke<script>alert(1)</script></p>',
      attachments: [{ filename: 'photo.txt', content: 'a photo, in words', contentType: 'text/plain' }],
    });
    // The answer to it, sent to the inbound address with a +tag: the same conversation.
    await send({
      to: `${tenant.applicationId}+support@${DOMAIN}`,
      subject: 'Re: Broken charger',
      messageId: '<c2.charger@customer.test>',
      inReplyTo: '<c1.charger@customer.test>',
      references: ['<c1.charger@customer.test>'],
      text: 'It was the blue one.',
    });
    const convs = await mailConversations(tenant.applicationId);
    expect(convs).toHaveLength(1);
    expect(convs[0]).toMatchObject({ channel: 'email', source: 'mail', name: 'Broken charger' });
    const stored = await messagesOf(convs[0]!.id);
    expect(stored.map((m) => m.message)).toEqual([
      '<p>My <i>charger</i> broke</p>',
      '',
      'It was the blue one.',
    ]);
    expect(stored.map((m) => m.contentType)).toEqual([
      MESSAGE_CONTENT_TYPE.TEXT_HTML,
      MESSAGE_CONTENT_TYPE.ATTACHMENT,
      0,
    ]);
    const key = (stored[1]!.fileMeta as { key?: string } | null)?.key;
    const [file] = await t.database.db.select().from(attachments).where(eq(attachments.id, key!));
    expect(file).toMatchObject({ name: 'photo.txt', contentType: 'text/plain' });
  });

  it('keeps the original of each mail: .eml bytes and parsed view for members of the application only', async () => {
    const [conv] = await mailConversations(tenant.applicationId);
    const [html, attachment, answer] = await messagesOf(conv!.id);
    const raw = await t.app.inject({
      method: 'GET',
      url: emailOriginalPath(conv!.id, html!.id),
      headers: bearer(tenant),
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toContain('.eml');
    // The bytes as received: the script the message itself lost is still in the original.
    expect(raw.body).toContain('Message-ID: <c1.charger@customer.test>');
    expect(raw.body).toContain('<script>alert(1)</script>');
    const parsed = await t.app.inject({
      method: 'GET',
      url: emailOriginalPath(conv!.id, attachment!.id, true),
      headers: bearer(tenant),
    });
    expect(parsed.statusCode).toBe(200);
    const data = parsed.json().data;
    expect(data).toMatchObject({
      messageId: '<c1.charger@customer.test>',
      subject: 'Broken charger',
      from: '"Grace Hopper" <grace@customer.test>',
      to: inbound(),
      attachments: [{ filename: 'photo.txt', contentType: 'text/plain', size: 17 }],
    });
    expect(data.html).toBe('<p>My <i>charger</i> broke</p>');
    expect(data.headers).toContainEqual({ name: 'Subject', value: 'Broken charger' });
    expect(data.size).toBe(raw.rawPayload.length);
    // The answer has its own original.
    const second = await t.app.inject({
      method: 'GET',
      url: emailOriginalPath(conv!.id, answer!.id, true),
      headers: bearer(tenant),
    });
    expect(second.json().data).toMatchObject({ messageId: '<c2.charger@customer.test>', html: null });
    expect(second.json().data.text.trim()).toBe('It was the blue one.');
    // Another application's member, an agent's own message, a message of another conversation: 404.
    const theirs = await t.app.inject({
      method: 'GET',
      url: emailOriginalPath(conv!.id, html!.id),
      headers: bearer(other),
    });
    expect(theirs.statusCode).toBe(404);
    const reply = await sendTestMessage(t, tenant.admin, conv!.id, 'eml-agent-1', 'On its way.');
    expect(reply.statusCode).toBe(200);
    const [, , , agentMessage] = await messagesOf(conv!.id);
    const notMail = await t.app.inject({
      method: 'GET',
      url: emailOriginalPath(conv!.id, agentMessage!.id),
      headers: bearer(tenant),
    });
    expect(notMail.statusCode).toBe(404);
    expect(notMail.json().message).toBe('This message has no original e-mail.');
    const noAuth = await t.app.inject({ method: 'GET', url: emailOriginalPath(conv!.id, html!.id) });
    expect(noAuth.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/abc/messages/1/eml',
      headers: bearer(tenant),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores a mail delivered twice once, with or without a Message-ID', async () => {
    const before = (await messagesOf((await mailConversations(tenant.applicationId))[0]!.id)).length;
    await send({
      to: inbound(),
      subject: 'Re: Broken charger',
      messageId: '<c2.charger@customer.test>',
      inReplyTo: '<c1.charger@customer.test>',
      text: 'It was the blue one.',
    });
    expect(await messagesOf((await mailConversations(tenant.applicationId))[0]!.id)).toHaveLength(before);
    // Without a Message-ID: the same raw mail sent twice is one message.
    const raw = [
      'From: grace@customer.test',
      `To: ${inbound()}`,
      'Subject: No id',
      'Date: Tue, 24 Nov 2026 10:00:00 +0000',
      '',
      'A mail without a Message-ID.',
      '',
    ].join('\r\n');
    const envelope = { from: 'grace@customer.test', to: [inbound()] };
    await send({ envelope, raw });
    await send({ envelope, raw });
    const convs = await mailConversations(tenant.applicationId);
    expect(convs).toHaveLength(2);
    expect((await messagesOf(convs[1]!.id)).map((m) => m.message)).toEqual(['A mail without a Message-ID.']);
  });

  it('refuses other domains (no relay), unknown applications and applications without the channel at RCPT', async () => {
    for (const to of ['someone@gmail.com', `deadbeef00@${DOMAIN}`, `${other.applicationId}@${DOMAIN}`]) {
      const err = await send({ to, subject: 'hi', text: 'hello' }).then(
        () => null,
        (e: unknown) => e as { code?: string; responseCode?: number; response?: string },
      );
      expect(err, to).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    }
    const relay = await send({ to: 'someone@gmail.com', text: 'x' }).catch((e: { response?: string }) => e);
    expect((relay as { response?: string }).response).toContain('Relaying denied');
    expect(await mailConversations(other.applicationId)).toEqual([]);
  });

  it('refuses a mail over the size limit and stores nothing of it', async () => {
    const before = (await mailConversations(tenant.applicationId)).length;
    const err = await send({
      to: inbound(),
      subject: 'Huge',
      text: 'x'.repeat(MAX_BYTES + 1024),
    }).then(
      () => null,
      (e: unknown) => e as { responseCode?: number },
    );
    expect(err).toMatchObject({ responseCode: 552 });
    expect(await mailConversations(tenant.applicationId)).toHaveLength(before);
  });

  it('connects a mailbox without IMAP only where the receiver runs; its mail comes by SMTP, polls skip it', async () => {
    const body = {
      address: 'help@other.test',
      senderName: '',
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: SHOP.address,
        password: SHOP.password,
      },
    };
    // This test app runs no receiver: IMAP is required.
    const refused = await t.app.inject({
      method: 'POST',
      url: integrationPath('email'),
      headers: bearer(other),
      payload: body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(refused.json().message).toContain('this server runs no SMTP receiver');
    const deps = {
      db: t.database.db,
      appSecret: t.config.appSecret,
      publicUrl: t.config.publicUrl,
      connectors: channelConnectors(t.config.channelApiUrls, t.database.db, { inboundMail: true }),
      inboundMailDomain: DOMAIN,
    };
    const connected = await connectIntegration(deps, other.applicationId, 'email', body);
    expect(connected).toMatchObject({
      status: 'connected',
      inboundAddress: `${other.applicationId}@${DOMAIN}`,
    });
    await send({ to: `${other.applicationId}@${DOMAIN}`, subject: 'Forwarded', text: 'Hello by forward' });
    const [conv] = await mailConversations(other.applicationId);
    expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hello by forward']);
    // Nothing to poll for it: no IMAP login is tried, the integration stays connected.
    await pollAllMailboxes(
      {
        ...deps,
        realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })),
        storage: createStorage(t.config.storage),
      },
      pino({ level: 'silent' }),
    );
    const detail = await integrationDetail(deps, other.applicationId, 'email');
    expect(detail).toMatchObject({ status: 'connected', lastError: null });
  });
});
