import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { OUTBOUND_FAILURE, outbound, outboundErrorIn } from '../../../platform/outbound/index.js';
import { ChannelProviderError } from '../connector.js';

// Clients of the mailbox's two servers, and their failures as the channel pipeline reads them: a
// refusal (wrong password, rejected address) is not retried, a server that does not answer is.

export interface MailServer {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
}

const TIMEOUT_MS = 15_000;

/**
 * The address to connect to: the host resolved once by the outbound guard, which refuses the
 * server's own network (unless OUTBOUND_ALLOW names it). The client connects to that address and
 * gives the name for TLS (SNI and the certificate check), so no second look-up can answer
 * differently.
 */
async function checkedAddress(server: MailServer): Promise<{ host: string; servername: string }> {
  const [first] = await outbound.resolve(server.host);
  return { host: first!.address, servername: server.host };
}

export async function imapClient(server: MailServer): Promise<ImapFlow> {
  const { host, servername } = await checkedAddress(server);
  return new ImapFlow({
    host,
    servername,
    port: server.port,
    secure: server.secure,
    auth: { user: server.user, pass: server.password },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
}

/** An SMTP transport for the mailbox's own server (the server's SMTP_URL mailer is not involved). */
export async function smtpTransport(server: MailServer) {
  const { host, servername } = await checkedAddress(server);
  return nodemailer.createTransport({
    host,
    // SNI and the certificate's name (nodemailer takes it from its TLS options, STARTTLS included).
    tls: { servername },
    port: server.port,
    secure: server.secure,
    auth: { user: server.user, pass: server.password },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60_000,
  });
}

interface MailError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  authenticationFailed?: unknown;
  responseText?: unknown;
  response?: unknown;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ENOTFOUND',
  'ClosedAfterConnectTLS',
  'ClosedAfterConnectText',
  'NoConnection',
]);

/** An IMAP failure: a refused login is the admin's to fix; anything else may pass. */
export function imapFailure(err: unknown, host: string): ChannelProviderError {
  const e = (err ?? {}) as MailError;
  const unreachable = outboundErrorIn(err);
  // Refused by the guard: the same words as a host that does not answer, and not retried.
  if (unreachable) return new ChannelProviderError(`The IMAP server ${host}: ${unreachable.message}.`, false);
  if (e.authenticationFailed === true) {
    const detail = typeof e.responseText === 'string' && e.responseText !== '' ? ` (${e.responseText})` : '';
    return new ChannelProviderError(
      `The IMAP server ${host} refused the user name or password${detail}.`,
      false,
    );
  }
  const code = typeof e.code === 'string' ? e.code : '';
  const text = typeof e.message === 'string' ? e.message : String(err);
  if (code === 'ENOTFOUND') return new ChannelProviderError(`The IMAP server ${host} was not found.`, false);
  // The socket's error (refused, reset, timed out) is not told: it would say what listens there.
  if (NETWORK_CODES.has(code) || !(typeof e.responseText === 'string'))
    return new ChannelProviderError(`The IMAP server ${host}: ${OUTBOUND_FAILURE}.`, true);
  return new ChannelProviderError(`IMAP ${host}: ${text}`.trim(), false);
}

/** An SMTP failure: authentication and 5xx answers are refusals; 4xx and the network are retried. */
export function smtpFailure(err: unknown, host: string): ChannelProviderError {
  const e = (err ?? {}) as MailError;
  const unreachable = outboundErrorIn(err);
  if (unreachable) return new ChannelProviderError(`The SMTP server ${host}: ${unreachable.message}.`, false);
  const code = typeof e.code === 'string' ? e.code : '';
  const status = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const answer = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : '';
  if (code === 'EAUTH')
    return new ChannelProviderError(
      `The SMTP server ${host} refused the user name or password (${answer}).`,
      false,
    );
  if (code === 'EDNS' || code === 'ENOTFOUND')
    return new ChannelProviderError(`The SMTP server ${host} was not found.`, false);
  if (status >= 500 || code === 'EENVELOPE' || code === 'EMESSAGE')
    return new ChannelProviderError(`The SMTP server ${host} refused the mail: ${answer}`, false);
  // A 4xx answer is the server's word; a network failure is told without the socket's error.
  if (status >= 400) return new ChannelProviderError(`SMTP ${host}: ${answer}`.trim(), true);
  return new ChannelProviderError(`The SMTP server ${host}: ${OUTBOUND_FAILURE}.`, true);
}
