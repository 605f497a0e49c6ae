import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
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

export function imapClient(server: MailServer): ImapFlow {
  return new ImapFlow({
    host: server.host,
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
export function smtpTransport(server: MailServer) {
  return nodemailer.createTransport({
    host: server.host,
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
  const retryable = NETWORK_CODES.has(code) || !(typeof e.responseText === 'string');
  return new ChannelProviderError(`IMAP ${host}: ${code ? `${code} ` : ''}${text}`.trim(), retryable);
}

/** An SMTP failure: authentication and 5xx answers are refusals; 4xx and the network are retried. */
export function smtpFailure(err: unknown, host: string): ChannelProviderError {
  const e = (err ?? {}) as MailError;
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
  return new ChannelProviderError(`SMTP ${host}: ${code ? `${code} ` : ''}${answer}`.trim(), true);
}
