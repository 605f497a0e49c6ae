// Bot-says replies as the builder edits them, and their stored form: plain text, or a rich message
// (metadata contentType "300" with the template ids the widget renders, apps/widget/src/app/rich.tsx:
// 6 quick replies, 3 link buttons, 10 cards). Templates the builder has no form for are kept as sent.

import type { BotSays } from '@convo/api';

export const RICH_CONTENT_TYPE = '300';
export const RICH_TEMPLATE_IDS = { quickReplies: '6', link: '3', card: '10' } as const;

export interface QuickReplyButton {
  title: string;
  /** What the customer sends on a click; empty sends the title. */
  message: string;
}

export interface CardButton {
  label: string;
  /** A link button when set, else a reply button sending `reply` (or the label). */
  url: string;
  reply: string;
}

export interface CardDraft {
  title: string;
  subtitle: string;
  description: string;
  imageUrl: string;
  buttons: CardButton[];
}

export type ReplyDraft =
  | { kind: 'text'; text: string }
  | { kind: 'quickReplies'; text: string; buttons: QuickReplyButton[] }
  | { kind: 'link'; text: string; label: string; url: string; newTab: boolean }
  | { kind: 'card'; text: string; card: CardDraft }
  /** A rich message of a template without a form here: shown read-only, saved unchanged. */
  | { kind: 'raw'; text: string; metadata: Record<string, string> };

export type ReplyKind = ReplyDraft['kind'];
/** Kinds an admin can pick for a new reply. */
export const EDITABLE_REPLY_KINDS = ['text', 'quickReplies', 'link', 'card'] as const;
export type EditableReplyKind = (typeof EDITABLE_REPLY_KINDS)[number];

export function emptyCard(): CardDraft {
  return { title: '', subtitle: '', description: '', imageUrl: '', buttons: [] };
}

export function emptyReply(kind: EditableReplyKind): ReplyDraft {
  switch (kind) {
    case 'text':
      return { kind, text: '' };
    case 'quickReplies':
      return { kind, text: '', buttons: [{ title: '', message: '' }] };
    case 'link':
      return { kind, text: '', label: '', url: '', newTab: true };
    case 'card':
      return { kind, text: '', card: emptyCard() };
  }
}

/** Changes a reply's kind keeping its text, so switching the template loses as little as possible. */
export function changeReplyKind(reply: ReplyDraft, kind: EditableReplyKind): ReplyDraft {
  if (reply.kind === kind) return reply;
  return { ...emptyReply(kind), text: reply.text };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function richMetadata(templateId: string, payload: unknown): Record<string, string> {
  return { contentType: RICH_CONTENT_TYPE, templateId, payload: JSON.stringify(payload) };
}

function cardPayload(card: CardDraft): Record<string, unknown> {
  const imageUrl = card.imageUrl.trim();
  return {
    title: card.title.trim(),
    subtitle: card.subtitle.trim(),
    description: card.description.trim(),
    ...(imageUrl === '' ? {} : { header: { imgSrc: imageUrl } }),
    buttons: card.buttons.map((b) =>
      b.url.trim() !== ''
        ? { name: b.label.trim(), type: 'link', url: b.url.trim(), openLinkInNewTab: true }
        : {
            name: b.label.trim(),
            action: { type: 'quickReply', payload: { message: b.reply.trim() || b.label.trim() } },
          },
    ),
  };
}

/** The stored form of a reply (trimmed; the widget renders the metadata). */
export function toBotSays(reply: ReplyDraft): BotSays {
  const text = reply.text.trim();
  switch (reply.kind) {
    case 'text':
      return { kind: 'text', text };
    case 'quickReplies':
      return {
        kind: 'rich',
        text,
        metadata: richMetadata(
          RICH_TEMPLATE_IDS.quickReplies,
          reply.buttons.map((b) =>
            b.message.trim() === ''
              ? { title: b.title.trim() }
              : { title: b.title.trim(), message: b.message.trim() },
          ),
        ),
      };
    case 'link':
      return {
        kind: 'rich',
        text,
        metadata: richMetadata(RICH_TEMPLATE_IDS.link, [
          { type: 'link', name: reply.label.trim(), url: reply.url.trim(), openLinkInNewTab: reply.newTab },
        ]),
      };
    case 'card':
      return {
        kind: 'rich',
        text,
        metadata: richMetadata(RICH_TEMPLATE_IDS.card, [cardPayload(reply.card)]),
      };
    case 'raw':
      return { kind: 'rich', text, metadata: reply.metadata };
  }
}

function parsePayload(metadata: Record<string, string>): unknown {
  try {
    return JSON.parse(metadata.payload ?? '');
  } catch {
    return undefined;
  }
}

function cardFrom(raw: unknown): CardDraft | null {
  if (!isObject(raw)) return null;
  const header = isObject(raw.header) ? raw.header : {};
  const buttons: CardButton[] = [];
  for (const b of list(raw.buttons)) {
    if (!isObject(b)) return null;
    const action = isObject(b.action) ? b.action : {};
    const payload = isObject(action.payload) ? action.payload : {};
    buttons.push({ label: str(b.name) || str(b.title), url: str(b.url), reply: str(payload.message) });
  }
  return {
    title: str(raw.title),
    subtitle: str(raw.subtitle),
    description: str(raw.description),
    imageUrl: str(header.imgSrc) || str(raw.imgSrc),
    buttons,
  };
}

/** The editable form of a stored reply; anything the forms cannot show exactly stays raw. */
export function fromBotSays(says: BotSays): ReplyDraft {
  if (says.kind === 'text') return { kind: 'text', text: says.text };
  const raw: ReplyDraft = { kind: 'raw', text: says.text, metadata: says.metadata };
  if (says.metadata.contentType !== RICH_CONTENT_TYPE) return raw;
  const payload = parsePayload(says.metadata);
  const items = list(payload);
  let draft: ReplyDraft | null = null;
  switch (says.metadata.templateId) {
    case RICH_TEMPLATE_IDS.quickReplies:
      if (items.length > 0 && items.every(isObject)) {
        draft = {
          kind: 'quickReplies',
          text: says.text,
          buttons: items.map((b) => ({ title: str(b.title), message: str(b.message) })),
        };
      }
      break;
    case RICH_TEMPLATE_IDS.link: {
      const [first] = items;
      if (items.length === 1 && isObject(first) && str(first.url) !== '') {
        draft = {
          kind: 'link',
          text: says.text,
          label: str(first.name),
          url: str(first.url),
          newTab: first.openLinkInNewTab !== false,
        };
      }
      break;
    }
    case RICH_TEMPLATE_IDS.card: {
      const card = items.length === 1 ? cardFrom(items[0]) : null;
      if (card !== null) draft = { kind: 'card', text: says.text, card };
      break;
    }
  }
  // Only a form that gives the same stored reply back is offered; else editing would lose data.
  if (draft !== null) {
    const again = toBotSays(draft);
    if (again.kind === 'rich' && sameJson(compact(parsePayload(again.metadata)), compact(payload)))
      return draft;
  }
  return raw;
}

/** Drops empty strings, empty objects and undefined, which the forms cannot tell from absent. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  // Sorted keys, so the comparison ignores key order.
  for (const key of Object.keys(value).sort()) {
    const c = compact(value[key]);
    if (c === '' || c === undefined || (isObject(c) && Object.keys(c).length === 0)) continue;
    out[key] = c;
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What is wrong with a reply, as translation keys of `botBuilder:replyErrors`; empty when valid. */
export type ReplyError =
  | 'textRequired'
  | 'buttonRequired'
  | 'buttonLabelRequired'
  | 'urlInvalid'
  | 'cardTitleRequired'
  | 'imageUrlInvalid';

export function replyErrors(reply: ReplyDraft): ReplyError[] {
  const errors = new Set<ReplyError>();
  switch (reply.kind) {
    case 'text':
      if (reply.text.trim() === '') errors.add('textRequired');
      break;
    case 'quickReplies':
      if (reply.buttons.length === 0) errors.add('buttonRequired');
      if (reply.buttons.some((b) => b.title.trim() === '')) errors.add('buttonLabelRequired');
      break;
    case 'link':
      if (reply.label.trim() === '') errors.add('buttonLabelRequired');
      if (!isHttpUrl(reply.url)) errors.add('urlInvalid');
      break;
    case 'card':
      if (reply.card.title.trim() === '') errors.add('cardTitleRequired');
      if (reply.card.imageUrl.trim() !== '' && !isHttpUrl(reply.card.imageUrl)) errors.add('imageUrlInvalid');
      if (reply.card.buttons.some((b) => b.label.trim() === '')) errors.add('buttonLabelRequired');
      if (reply.card.buttons.some((b) => b.url.trim() !== '' && !isHttpUrl(b.url))) errors.add('urlInvalid');
      break;
    case 'raw':
      break;
  }
  return [...errors];
}

/** The labels of a stored reply's buttons (cards' included), for the emulator's preview. */
export function replyLabels(says: BotSays): string[] {
  if (says.kind === 'text') return [];
  const payload = parsePayload(says.metadata);
  const labels: string[] = [];
  const collect = (b: unknown) => {
    if (isObject(b)) {
      const label = str(b.name) || str(b.title) || str(b.label);
      if (label !== '') labels.push(label);
    }
  };
  for (const item of list(payload)) {
    if (isObject(item) && Array.isArray(item.buttons)) {
      for (const b of item.buttons) collect(b);
    } else collect(item);
  }
  return labels;
}
