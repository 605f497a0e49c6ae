import { MESSAGE_CONTENT_TYPE } from '@convo/domain';
import { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireMember } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { fileUrl } from '../attachments/index.js';
import * as conversations from '../conversations/index.js';
import { findVisible } from '../conversations/index.js';
import { listConversationMessages, type MessageRow } from '../messages/index.js';

/** What building a transcript reads: the database, and the base of attached files' links. */
export interface TranscriptSource {
  db: Db;
  publicUrl: string;
}

export interface TranscriptDeps extends TranscriptSource {
  mailer: Mailer;
}

export interface TranscriptInput {
  groupId: number;
  to?: string | undefined;
}

const PAGE = 500;
/** A transcript is a mail, not an export: beyond this many lines the oldest are left out. */
export const MAX_TRANSCRIPT_MESSAGES = 5000;

const fileMetaSchema = z
  .object({
    key: z.string().optional(),
    name: z.string().optional(),
    url: z.string().optional(),
  })
  .loose();

export interface TranscriptLine {
  time: Date;
  sender: string;
  system: boolean;
  text: string;
  file: { name: string; url: string | null } | null;
}

export interface Transcript {
  subject: string;
  text: string;
  html: string;
  lines: TranscriptLine[];
  truncated: boolean;
}

/** Every message of a conversation, oldest first (newest MAX_TRANSCRIPT_MESSAGES at most). */
async function allMessages(db: Db, applicationId: string, conversationId: number) {
  const newestFirst: MessageRow[] = [];
  for (let start = 0; start < MAX_TRANSCRIPT_MESSAGES; start += PAGE) {
    const page = await listConversationMessages(db, applicationId, conversationId, {
      pageSize: Math.min(PAGE, MAX_TRANSCRIPT_MESSAGES - start),
      startIndex: start,
    });
    newestFirst.push(...page);
    if (page.length < PAGE) return { rows: newestFirst.reverse(), truncated: false };
  }
  return { rows: newestFirst.reverse(), truncated: true };
}

function fileOf(row: MessageRow, publicUrl: string): TranscriptLine['file'] {
  if (!row.fileMeta) return null;
  const meta = fileMetaSchema.safeParse(row.fileMeta);
  if (!meta.success) return null;
  const url = meta.data.url || (meta.data.key ? fileUrl(publicUrl, meta.data.key) : null);
  return { name: meta.data.name || 'file', url };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `2025-06-19 14:05 UTC`: one unambiguous zone for whoever reads the mail. */
export function formatTime(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

export function renderTranscript(title: string, lines: TranscriptLine[], truncated: boolean) {
  const textLines = lines.map((l) => {
    const who = l.system ? '*' : `${l.sender}:`;
    const parts = [l.text.trim(), l.file ? `[file: ${l.file.name}${l.file.url ? ` ${l.file.url}` : ''}]` : '']
      .filter(Boolean)
      .join(' ');
    return `[${formatTime(l.time)}] ${who} ${parts}`;
  });
  const note = truncated ? `Only the latest ${MAX_TRANSCRIPT_MESSAGES} messages are included.` : '';
  const text = [title, '', ...(note ? [note, ''] : []), ...textLines, ''].join('\n');

  const htmlLines = lines.map((l) => {
    const time = `<span style="color:#888">${escapeHtml(formatTime(l.time))}</span>`;
    const who = l.system ? '' : `<strong>${escapeHtml(l.sender)}</strong>: `;
    const body = escapeHtml(l.text.trim()).replaceAll('\n', '<br>');
    let file = '';
    if (l.file) {
      const name = escapeHtml(l.file.name);
      file =
        l.file.url && isWebUrl(l.file.url)
          ? ` <a href="${escapeHtml(l.file.url)}">${name}</a>`
          : ` <span>${name}</span>`;
    }
    const style = l.system ? ' style="color:#666;font-style:italic"' : '';
    return `<p${style}>${time} ${who}${body}${file}</p>`;
  });
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(title)}</h2>`,
    note ? `<p><em>${escapeHtml(note)}</em></p>` : '',
    ...htmlLines,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** Builds the transcript of a conversation of the application (the caller checks who may see it). */
export async function buildTranscript(
  deps: TranscriptSource,
  applicationId: string,
  conv: conversations.ConversationRow,
): Promise<Transcript> {
  const { rows, truncated } = await allMessages(deps.db, applicationId, conv.id);
  // Hidden messages (content type 11) are for bots and integrations, never for the reader.
  const shown = rows.filter((r) => r.contentType !== MESSAGE_CONTENT_TYPE.HIDDEN);
  const senderIds = [...new Set(shown.map((r) => r.senderId).filter((id): id is string => id !== null))];
  const people = await conversations.findUsersByIds(deps.db, applicationId, senderIds);
  const nameOf = new Map(people.map((p) => [p.id, p.displayName || p.userId]));
  const lines: TranscriptLine[] = shown.map((r) => {
    const system = r.senderId === null || r.contentType === MESSAGE_CONTENT_TYPE.NOTIFY;
    return {
      time: r.createdAt,
      sender: r.senderId ? (nameOf.get(r.senderId) ?? 'Unknown') : 'System',
      system,
      text: r.message,
      file: fileOf(r, deps.publicUrl),
    };
  });
  const title = `Transcript of conversation #${conv.id}${conv.name ? `: ${conv.name}` : ''}`;
  return { subject: title, ...renderTranscript(title, lines, truncated), lines, truncated };
}

/**
 * `message/transcript/send`: mails the conversation to `to`, or to the customer's email when no
 * address is given. Members of the application only (an end user gets 403).
 */
export async function sendTranscript(deps: TranscriptDeps, caller: AuthContext, input: TranscriptInput) {
  requireMember(caller, 'Only members of the application can send transcripts.');
  const conv = await findVisible(deps.db, caller, { groupId: input.groupId });
  let to = input.to;
  if (!to && conv.customerId) {
    const [customer] = await conversations.findUsersByIds(deps.db, caller.applicationId, [conv.customerId]);
    to = customer?.email ?? undefined;
  }
  if (!to) {
    throw badRequest(
      'NO_EMAIL_ADDRESS',
      'The customer of this conversation has no email address; give one in "to".',
    );
  }
  const transcript = await buildTranscript(deps, caller.applicationId, conv);
  await deps.mailer.send({
    to,
    subject: transcript.subject,
    text: transcript.text,
    html: transcript.html,
    applicationId: caller.applicationId,
  });
  return { to, messageCount: transcript.lines.length };
}
