import { createHash } from 'node:crypto';
import {
  MESSAGE_CONTENT_TYPE,
  messageIdsIn,
  normalizeMessageId,
  replyReferences,
  threadCandidates,
} from '@convo/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { newStorageKey } from '../../../platform/storage/storage.js';
import { sanitizeArticleHtml } from '../../help-center/index.js';
import type { InboundMessage } from '../connector.js';
import { type InboundDeps, receivePolled } from '../inbound.js';
import * as repo from './repository.js';

// One received mail, however it arrived (IMAP poll or the built-in SMTP receiver), into the
// shared channel pipeline: parsed once here, joined to its thread (In-Reply-To / References, else
// a thread of its own), its body sanitized (SPEC §5 whitelist), then a message for the body and
// one per attachment. The mail's Message-ID is the messages' client key: read twice, stored once.

export const EMAIL_KIND = 'email';
/** The platform's longest message (packages/api messaging: 20 000 characters). */
const MAX_TEXT = 20_000;

/** A thread's key, short and fixed-length: from the Message-ID of its first mail. */
export const threadKeyOf = (rootMessageId: string) =>
  createHash('sha256').update(rootMessageId).digest('hex').slice(0, 32);

/** The mail's body as a message: sanitized HTML (SPEC §5 whitelist) when it has HTML, else its text. */
export function mailBody(mail: Pick<ParsedMail, 'html' | 'text'>): { text: string; contentType: number } {
  if (typeof mail.html === 'string' && mail.html.trim() !== '') {
    const html = sanitizeArticleHtml(mail.html).trim();
    if (html !== '' && html.length <= MAX_TEXT)
      return { text: html, contentType: MESSAGE_CONTENT_TYPE.TEXT_HTML };
  }
  return { text: (mail.text ?? '').trim().slice(0, MAX_TEXT), contentType: MESSAGE_CONTENT_TYPE.DEFAULT };
}

/** Where a mail was received, for the application it belongs to. */
export interface MailArrival {
  applicationId: string;
  /** Addresses that are ours (the connected mailbox, the inbound address): our own mail is not stored. */
  ownAddresses: readonly string[];
  /** The Message-ID of a mail that has none: stable for the same mail read again. */
  fallbackMessageId: string;
}

/** The mail's Message-ID as stored (its own, normalized, or the arrival's stand-in). */
export const messageIdOf = (mail: Pick<ParsedMail, 'messageId'>, arrival: MailArrival) =>
  normalizeMessageId(mail.messageId) ?? arrival.fallbackMessageId;

/** One mail as the pipeline's messages (its body, then one per attachment), after joining its thread. */
async function toInbound(
  deps: InboundDeps,
  arrival: MailArrival,
  mail: ParsedMail,
): Promise<InboundMessage[]> {
  const from = mail.from?.value.find((a) => a.address);
  const address = from?.address?.trim().toLowerCase();
  const own = arrival.ownAddresses.map((a) => a.toLowerCase());
  // No sender to answer, or our own reply copied back to us: nothing to store.
  if (!address || own.includes(address)) return [];
  const messageId = messageIdOf(mail, arrival);
  const candidates = threadCandidates(mail.inReplyTo, mail.references);
  const threadKey =
    (await repo.findThreadByMessageIds(deps.db, arrival.applicationId, candidates)) ?? threadKeyOf(messageId);
  const subject = (mail.subject ?? '').trim().slice(0, 500);
  await repo.recordThreadMail(deps.db, {
    applicationId: arrival.applicationId,
    threadKey,
    messageId,
    subject,
    customerAddress: address,
    references: replyReferences(messageIdsIn(mail.references), messageId),
  });
  const common = {
    externalUserId: address,
    displayName: from?.name?.trim() || address,
    externalThreadId: threadKey,
    conversationName: subject || undefined,
  };
  const body = mailBody(mail);
  const inbound: InboundMessage[] = [];
  if (body.text !== '' || mail.attachments.length === 0)
    inbound.push({ ...common, externalMessageId: messageId, text: body.text, contentType: body.contentType });
  mail.attachments.forEach((attachment, i) => {
    inbound.push({
      ...common,
      externalMessageId: `${messageId}#${i + 1}`,
      text: '',
      media: {
        kind: 'file',
        fetch: async () => ({
          bytes: new Uint8Array(attachment.content),
          contentType: attachment.contentType || 'application/octet-stream',
          name: attachment.filename || `attachment-${i + 1}`,
        }),
      },
    });
  });
  return inbound;
}

/**
 * Parses a raw mail (RFC 5322 source) and stores it through the channel pipeline; answers how
 * many messages were new. Throws the pipeline's refusal (an AppError) or a storage failure.
 */
export async function receiveMail(deps: InboundDeps, arrival: MailArrival, raw: Buffer): Promise<number> {
  const mail = await simpleParser(raw);
  const inbound = await toInbound(deps, arrival, mail);
  if (inbound.length === 0) return 0;
  await keepOriginal(deps, arrival.applicationId, messageIdOf(mail, arrival), raw);
  return receivePolled(deps, arrival.applicationId, EMAIL_KIND, inbound);
}

/**
 * Keeps the mail's bytes (SPEC §7 .eml) in the file storage before its messages are stored, so
 * every stored mail message has its original. A mail read again keeps the first copy.
 */
async function keepOriginal(deps: InboundDeps, applicationId: string, messageId: string, raw: Buffer) {
  if (await repo.findSource(deps.db, applicationId, messageId)) return;
  const storageKey = newStorageKey(applicationId);
  await deps.storage.put(storageKey, raw, 'message/rfc822');
  const recorded = await repo.insertSource(deps.db, {
    applicationId,
    messageId,
    storageKey,
    size: raw.length,
  });
  // Another node kept the same mail meanwhile: this copy is not referenced.
  if (!recorded) await deps.storage.delete(storageKey);
}

/** The mail's Message-ID a message was stored from (its client key `email:<id>` or `email:<id>#n`). */
export function mailIdOfClientKey(clientKey: string): string | null {
  const prefix = `${EMAIL_KIND}:`;
  if (!clientKey.startsWith(prefix)) return null;
  return clientKey.slice(prefix.length).replace(/#\d+$/, '');
}
