// Inbox rules shared by the dashboard and the server: the message-HTML whitelist (SPEC §5),
// the relative time of SPEC §9 as parts a translation can word, and visitor pseudonyms.

import { MESSAGE_CONTENT_TYPE } from '../messaging';

/** SPEC §5: message HTML is sanitised with a fixed whitelist; scripts (and anything active) excluded. */
export const MESSAGE_HTML_ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

export const MESSAGE_HTML_ALLOWED_ATTRIBUTES = [
  'href',
  'title',
  'alt',
  'src',
  'target',
  'rel',
  'colspan',
  'rowspan',
] as const;

/** Link and image addresses the sanitised HTML may keep. */
export const MESSAGE_HTML_ALLOWED_URI = /^(?:https?:|mailto:|tel:)/i;

export type RelativeTimeParts =
  | { unit: 'now' }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'date'; ms: number };

const MINUTES_RELATIVE_LIMIT = 60;
const HOURS_RELATIVE_LIMIT = 2880;

/**
 * SPEC §9 relative time: under 60 minutes in minutes, under 2880 minutes in hours ('N hrs ago'),
 * else a date ('DD MMMM YYYY'). Future instants count as now. The caller words and formats it.
 */
export function relativeTimeParts(dateMs: number, nowMs: number): RelativeTimeParts {
  const minutes = Math.max(0, Math.floor((nowMs - dateMs) / 60_000));
  if (minutes < 1) return { unit: 'now' };
  if (minutes < MINUTES_RELATIVE_LIMIT) return { unit: 'minutes', count: minutes };
  if (minutes < HOURS_RELATIVE_LIMIT) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'date', ms: dateMs };
}

const PSEUDONYM_ADJECTIVES = [
  'Amber',
  'Azure',
  'Brave',
  'Calm',
  'Coral',
  'Gentle',
  'Golden',
  'Jade',
  'Lucky',
  'Misty',
  'Quiet',
  'Rapid',
  'Silver',
  'Sunny',
  'Swift',
  'Violet',
] as const;
const PSEUDONYM_ANIMALS = [
  'Badger',
  'Crane',
  'Dolphin',
  'Falcon',
  'Fox',
  'Heron',
  'Koala',
  'Lynx',
  'Otter',
  'Panda',
  'Raven',
  'Robin',
  'Seal',
  'Tiger',
  'Whale',
  'Wren',
] as const;

/**
 * A stable, friendly name for an anonymous visitor (no name, no e-mail), derived from their id so
 * every agent and every screen shows the same one.
 */
export function pseudonymOf(userId: string): string {
  let hash = 2166136261;
  for (let i = 0; i < userId.length; i += 1) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  const adjective = PSEUDONYM_ADJECTIVES[hash % PSEUDONYM_ADJECTIVES.length];
  const animal = PSEUDONYM_ANIMALS[(hash >>> 8) % PSEUDONYM_ANIMALS.length];
  return `${adjective} ${animal}`;
}

/**
 * The one name an agent reads for a customer, in every screen (list, header, messages, timeline,
 * side panel): the name they gave, else their pseudonym. A visitor the widget registered has their
 * id as display name until they give one, so a display name equal to the id is no name.
 */
export function customerDisplayName(customer: { userId: string; displayName?: string | null }): string {
  return givenNameOf(customer) ?? pseudonymOf(customer.userId);
}

/** The name a customer gave, or null while they are anonymous (see customerDisplayName). */
export function givenNameOf(customer: { userId: string; displayName?: string | null }): string | null {
  const name = customer.displayName?.trim() ?? '';
  return name !== '' && name !== customer.userId ? name : null;
}

const NOT_PREVIEWED: readonly number[] = [
  MESSAGE_CONTENT_TYPE.NOTIFY,
  MESSAGE_CONTENT_TYPE.HIDDEN,
  MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
];

/** How long a list row's preview of the last message may be (the row clamps it to one line). */
export const MESSAGE_PREVIEW_MAX = 120;

/**
 * The preview of a conversation's last message in the inbox list: its first non-blank line,
 * without HTML tags, at most MESSAGE_PREVIEW_MAX characters. Empty for a message without text (a
 * file); hidden and system lines are never previewed (null).
 */
export function messagePreview(message: { message: string; contentType: number }): string | null {
  if (NOT_PREVIEWED.includes(message.contentType)) return null;
  const text =
    message.contentType === MESSAGE_CONTENT_TYPE.TEXT_HTML
      ? message.message.replace(/<br\s*\/?>|<\/(?:p|div|li|h[1-6])>/gi, '\n').replace(/<[^>]*>/g, '')
      : message.message;
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW_MAX ? `${flat.slice(0, MESSAGE_PREVIEW_MAX - 1)}…` : flat;
}
