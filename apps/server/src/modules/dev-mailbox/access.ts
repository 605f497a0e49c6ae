import { createHmac, timingSafeEqual } from 'node:crypto';

// Who may read the local outbox (reset codes, invitations, verification links of every
// application): the operator of the machine, never a stranger. Pure rules, no Fastify; the e2e
// harness imports devMailboxKey to read the outbox the way the operator does.

/** The header the dashboard's mailbox page sends the key in (a header stays out of access logs). */
export const DEV_MAILBOX_KEY_HEADER = 'x-dev-mailbox-key';

/** Headers a proxy adds: behind one, the loopback peer is the proxy, not the operator. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/**
 * The mailbox key of an install: derived from APP_SECRET (generated into DATA_DIR when unset), so
 * every start and every process of the install prints the same link, and a new secret revokes it.
 */
export function devMailboxKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('convo dev mailbox').digest('base64url').slice(0, 32);
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped form; `localhost` for a configured HOST. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || plain === 'localhost' || /^127(\.\d{1,3}){3}$/.test(plain);
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface MailboxRequest {
  /** The TCP peer (never X-Forwarded-For, which any caller can write). */
  remoteAddress: string | undefined;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Readable only without SMTP (`local`), from the machine itself (loopback peer, no proxy in
 * between) and with the install's key: a stranger, a proxied request or a page on another site
 * (DNS rebinding reaches loopback, but not the key) gets nothing.
 */
export function mayReadDevMailbox(request: MailboxRequest, local: boolean, appSecret: string): boolean {
  if (!local || !isLoopbackAddress(request.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const given = request.headers[DEV_MAILBOX_KEY_HEADER];
  return typeof given === 'string' && sameKey(given, devMailboxKey(appSecret));
}

/** Start warning: without SMTP on an address others can reach, mail only goes to the local outbox. */
export function warnsWithoutSmtp(smtpUrl: string | undefined, host: string): boolean {
  return smtpUrl === undefined && !isLoopbackAddress(host);
}
