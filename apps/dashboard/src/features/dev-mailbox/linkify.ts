// Splits plain mail text into text and link segments, so links can be rendered clickable.

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')\]]+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?]+$/;

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

export interface MailLike {
  createdAt: number;
}

/** Newest first. */
export function newestFirst<T extends MailLike>(mails: readonly T[]): T[] {
  return [...mails].sort((a, b) => b.createdAt - a.createdAt);
}
