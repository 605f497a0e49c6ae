import { randomUUID } from 'node:crypto';
import { type EmailConnectRequest, emailConnectRequestSchema } from '@convo/api';
import { messageIdsIn, replyReferences, replySubject } from '@convo/domain';
import { ZodError, z } from 'zod';
import type { Db } from '../../../platform/db/database.js';
import { type ChannelConnector, ChannelProviderError } from '../connector.js';
import { imapClient, imapFailure, smtpFailure, smtpTransport } from './mail-servers.js';
import * as repo from './repository.js';

// E-mail through an existing mailbox: the admin gives its IMAP and SMTP logins, both are checked
// on connect; mails are read by polling (poller.ts, no webhook) and/or arrive through the built-in
// SMTP receiver (smtp-receiver.ts; IMAP may then be left out), replies go by SMTP as answers in
// the thread (In-Reply-To, References, the thread's subject).

const serverSchema = z.object({
  host: z.string().min(1),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string().min(1),
  password: z.string().min(1),
});
const configSchema = z.object({
  address: z.string().min(3),
  senderName: z.string(),
  /** Absent: the mailbox forwards to the built-in SMTP receiver and is never polled. */
  imap: serverSchema.optional(),
  smtp: serverSchema,
});
export type EmailConfig = z.infer<typeof configSchema>;

/** Logs in to the IMAP server and opens the inbox, then leaves. */
async function checkImap(imap: NonNullable<EmailConfig['imap']>): Promise<void> {
  let client: Awaited<ReturnType<typeof imapClient>>;
  try {
    client = await imapClient(imap);
  } catch (err) {
    throw imapFailure(err, imap.host);
  }
  client.on('error', () => undefined);
  try {
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    lock.release();
  } catch (err) {
    throw imapFailure(err, imap.host);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function checkSmtp(config: EmailConfig): Promise<void> {
  let transport: Awaited<ReturnType<typeof smtpTransport>>;
  try {
    transport = await smtpTransport(config.smtp);
  } catch (err) {
    throw smtpFailure(err, config.smtp.host);
  }
  try {
    await transport.verify();
  } catch (err) {
    throw smtpFailure(err, config.smtp.host);
  } finally {
    transport.close();
  }
}

const domainOf = (address: string) => address.split('@').pop() || 'localhost';

/**
 * `inboundMail`: the server runs the built-in SMTP receiver, so a mailbox may be connected without
 * IMAP (it forwards to the inbound address).
 */
export function emailConnector(
  db: Db,
  options: { inboundMail?: boolean } = {},
): ChannelConnector<EmailConfig, EmailConnectRequest> {
  return {
    kind: 'email',
    polled: true,
    configSchema,

    async connect(input) {
      const parsed = emailConnectRequestSchema.parse(input);
      const config: EmailConfig = { ...parsed, senderName: parsed.senderName };
      if (config.imap) await checkImap(config.imap);
      else if (!options.inboundMail)
        throw new ZodError([
          {
            code: 'custom',
            path: ['imap'],
            message:
              'Give the IMAP server: this server runs no SMTP receiver, so the mailbox can only be read by IMAP.',
            input: undefined,
          },
        ]);
      await checkSmtp(config);
      return { config, displayName: config.address };
    },

    async disconnect() {
      // Nothing to undo at the provider: polling stops with the account.
    },

    // Mail is polled, never posted to our webhook: any delivery there is refused.
    verify: () => false,
    parseInbound: () => [],

    async send(outbound, config) {
      const thread = await repo.findThread(db, outbound.applicationId, outbound.externalUserId);
      if (!thread) throw new ChannelProviderError('The mail thread of this conversation is unknown.', false);
      const messageId = `<${randomUUID()}@${domainOf(config.address)}>`;
      const references = replyReferences(messageIdsIn(thread.references), thread.lastMessageId);
      let transport: Awaited<ReturnType<typeof smtpTransport>>;
      try {
        transport = await smtpTransport(config.smtp);
      } catch (err) {
        throw smtpFailure(err, config.smtp.host);
      }
      try {
        await transport.sendMail({
          from: config.senderName ? { name: config.senderName, address: config.address } : config.address,
          to: thread.customerAddress,
          subject: replySubject(thread.subject),
          text: outbound.text,
          messageId,
          inReplyTo: thread.lastMessageId,
          references,
          attachments: outbound.file
            ? [
                {
                  filename: outbound.file.name,
                  content: Buffer.from(outbound.file.bytes),
                  contentType: outbound.file.contentType,
                },
              ]
            : [],
        });
      } catch (err) {
        throw smtpFailure(err, config.smtp.host);
      } finally {
        transport.close();
      }
      // The customer's answer to this reply (In-Reply-To it) comes back into the same thread.
      await repo.recordThreadMail(db, {
        applicationId: outbound.applicationId,
        threadKey: thread.threadKey,
        messageId,
        subject: thread.subject,
        customerAddress: thread.customerAddress,
        references: [...references, messageId],
      });
      return { externalId: messageId };
    },
  };
}
