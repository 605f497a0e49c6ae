import type { Readable } from 'node:stream';
import type { EmailOriginal } from '@convo/api';
import { type AddressObject, simpleParser } from 'mailparser';
import type { AuthContext } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { findVisible } from '../../conversations/index.js';
import { sanitizeArticleHtml } from '../../help-center/index.js';
import { mailIdOfClientKey } from './inbound-mail.js';
import * as repo from './repository.js';

// SPEC §7 ".eml fetch and parse": the original of the mail a message came from, for the members
// who can see its conversation. The bytes are the ones received (kept by inbound-mail.ts); the
// parsed view sanitizes the HTML as the message itself was.

export interface OriginalDeps {
  db: Db;
  storage: FileStorage;
}

const noOriginal = () => notFound('This message has no original e-mail.');

/** The original's bytes as a stream, or 404 (not a received mail, another application's, gone). */
export async function openOriginal(
  deps: OriginalDeps,
  caller: AuthContext,
  groupId: number,
  messageId: number,
): Promise<{ stream: Readable; size: number; mailId: string }> {
  const conversation = await findVisible(deps.db, caller, { groupId });
  const message = await repo.findConversationMessage(
    deps.db,
    caller.applicationId,
    conversation.id,
    messageId,
  );
  const mailId = message ? mailIdOfClientKey(message.clientKey) : null;
  const source = mailId ? await repo.findSource(deps.db, caller.applicationId, mailId) : undefined;
  const object = source ? await deps.storage.get(source.storageKey) : null;
  if (!mailId || !source || !object) throw noOriginal();
  return { stream: object.stream, size: source.size, mailId };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

/** A header line as sent, its folding undone: name and value. */
function headerOf(line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  const unfolded = line.replace(/\r?\n[ \t]+/g, ' ');
  if (colon < 0) return { name: '', value: unfolded.trim() };
  return { name: unfolded.slice(0, colon).trim(), value: unfolded.slice(colon + 1).trim() };
}

/** The original read: its headers, text, sanitized HTML and attachments' names and sizes. */
export async function parseOriginal(
  deps: OriginalDeps,
  caller: AuthContext,
  groupId: number,
  messageId: number,
): Promise<EmailOriginal> {
  const opened = await openOriginal(deps, caller, groupId, messageId);
  const raw = await readAll(opened.stream);
  const mail = await simpleParser(raw);
  const html = typeof mail.html === 'string' ? sanitizeArticleHtml(mail.html) : null;
  return {
    messageId: opened.mailId,
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date && Number.isFinite(mail.date.getTime()) ? mail.date.getTime() : null,
    headers: mail.headerLines.map((h) => headerOf(h.line)),
    text: mail.text ?? '',
    html,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      size: a.size,
    })),
    size: raw.length,
  };
}
