import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { AppError } from '../../../http/errors.js';
import { accountForDelivery } from '../account-cache.js';
import type { InboundDeps } from '../inbound.js';
import { openConfig } from '../service.js';
import type { EmailConfig } from './connector.js';
import { EMAIL_KIND, receiveMail } from './inbound-mail.js';

// The built-in SMTP receiver (SMTP_RECEIVER_PORT): mail sent or forwarded to an application's
// inbound address `<applicationId>@<INBOUND_MAIL_DOMAIN>` (a `+tag` after the id is allowed) goes
// into the same pipeline as an IMAP poll (inbound-mail.ts), at once. Only the inbound addresses
// of applications with the e-mail channel connected are accepted, at RCPT time; anything else is
// refused, so the receiver relays nothing. No AUTH (nobody sends through it), a size limit
// announced by SIZE and enforced while reading DATA. See docs/decisions.md.

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  /** INBOUND_MAIL_DOMAIN: the only domain whose addresses are accepted. */
  domain: string;
  maxBytes: number;
}

export interface ReceiverLog {
  warn(obj: object, msg: string): void;
}

export interface RunningReceiver {
  port: number;
  close(): Promise<void>;
}

/** An SMTP answer: smtp-server sends `responseCode` and the message to the client. */
const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** The application an inbound address names, or null when it is not one of ours. */
export function applicationOfAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).split('+')[0] ?? '';
  return /^[A-Za-z0-9_-]{1,100}$/.test(local) ? local : null;
}

/** The inbound address of an application. */
export const inboundAddressOf = (applicationId: string, domain: string) => `${applicationId}@${domain}`;

/** The connected, enabled e-mail channel of the application (with its mailbox's address), or null. */
async function mailboxOf(deps: InboundDeps, applicationId: string): Promise<EmailConfig | null> {
  const found = await accountForDelivery(deps.db, applicationId, EMAIL_KIND);
  if (!found || found.application.disabledAt || found.account.status === 'disabled') return null;
  const connector = deps.connectors.get(EMAIL_KIND);
  return connector ? (openConfig(deps.appSecret, connector, found.account) as EmailConfig | null) : null;
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSmtpReceiver(
  deps: InboundDeps,
  options: SmtpReceiverOptions,
  log: ReceiverLog,
): Promise<RunningReceiver> {
  const recipientsOf = (session: SMTPServerSession) => [
    ...new Set(
      session.envelope.rcptTo
        .map((r) => applicationOfAddress(r.address, options.domain))
        .filter((id): id is string => id !== null),
    ),
  ];

  const ingest = async (session: SMTPServerSession, raw: Buffer) => {
    // A mail without a Message-ID, sent again: the same stand-in, so it is stored once.
    const digest = createHash('sha256').update(raw).digest('hex').slice(0, 32);
    for (const applicationId of recipientsOf(session)) {
      const mailbox = await mailboxOf(deps, applicationId);
      if (!mailbox) continue;
      try {
        await receiveMail(
          deps,
          {
            applicationId,
            ownAddresses: [mailbox.address, inboundAddressOf(applicationId, options.domain)],
            fallbackMessageId: `<${digest}@${options.domain}>`,
          },
          raw,
        );
      } catch (err) {
        // Our refusal of its content (it can never be stored): accepted and dropped, as a poll skips it.
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        log.warn({ err, applicationId, session: session.id }, 'received mail skipped');
      }
    }
  };

  const server = new SMTPServer({
    name: options.domain,
    banner: 'Convo inbound mail',
    size: options.maxBytes,
    // Nobody logs in: the receiver only takes mail for its own addresses.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 200,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    onRcptTo(address, _session, callback) {
      const applicationId = applicationOfAddress(address.address, options.domain);
      if (applicationId === null) {
        callback(
          smtpError(550, '5.7.1 Relaying denied: this server only accepts mail for its own addresses'),
        );
        return;
      }
      mailboxOf(deps, applicationId).then(
        (mailbox) =>
          callback(mailbox ? null : smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`)),
        (err: unknown) => {
          log.warn({ err }, 'inbound address lookup failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            callback(smtpError(552, `5.3.4 Message too big: the limit is ${options.maxBytes} bytes`));
            return;
          }
          await ingest(session, raw);
          callback(null, 'Message accepted');
        })
        .catch((err: unknown) => {
          // Not stored: the sender's server tries again later (a retry is stored once).
          log.warn({ err, session: session.id }, 'received mail could not be stored');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });
  server.on('error', (err) => log.warn({ err }, 'SMTP receiver error'));
  const listening = await new Promise<AddressInfo>((resolve, reject) => {
    const net = server.listen(options.port, options.host, () => resolve(net.address() as AddressInfo));
    net.once('error', reject);
  });
  return {
    port: listening.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
