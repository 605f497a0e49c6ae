// E-mail threading (issue 17 item 4): which stored mails a new mail answers, and the headers of
// our reply. Message ids are kept as the headers write them, `<local@domain>`; RFC 5322 compares
// them exactly, but mail programs differ in spacing and case of the domain, so they are compared
// in the normalized form below.

/** At most this many ids in a reply's References (the oldest, the root, is always kept). */
export const MAX_REFERENCES = 20;

/** `<id@host>` trimmed, with the domain part lower-cased; null for anything that is not an id. */
export function normalizeMessageId(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = /<?\s*([^<>\s@]+)@([^<>\s@]+)\s*>?/.exec(raw.trim());
  if (!match) return null;
  return `<${match[1]}@${match[2]!.toLowerCase()}>`;
}

/** Every message id in a header value such as References (`<a@x> <b@y>`), in order, once each. */
export function messageIdsIn(header: string | readonly string[] | null | undefined): string[] {
  if (!header) return [];
  const text = typeof header === 'string' ? header : header.join(' ');
  const ids: string[] = [];
  for (const match of text.matchAll(/<[^<>]+>|[^\s<>,]+@[^\s<>,]+/g)) {
    const id = normalizeMessageId(match[0]);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The ids a mail may belong to a stored thread by, most specific first: the mail it answers
 * (In-Reply-To), then its References from the newest to the root.
 */
export function threadCandidates(
  inReplyTo: string | readonly string[] | null | undefined,
  references: string | readonly string[] | null | undefined,
): string[] {
  const ids = messageIdsIn(inReplyTo);
  for (const id of messageIdsIn(references).reverse()) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** The subject of a reply: `Re: ` once in front of the thread's subject (reply prefixes of other languages are kept). */
export function replySubject(subject: string): string {
  const bare = subject.replace(/^\s*((re|aw|fwd?|sv|antw)\s*(\[\d+\])?\s*:\s*)+/i, '').trim();
  return bare === '' ? 'Re: (no subject)' : `Re: ${bare}`;
}

/**
 * The References of a reply to `parentId`: the parent's References with the parent appended,
 * capped at MAX_REFERENCES by dropping ids after the root (RFC 5322 §3.6.4 keeps the first one).
 */
export function replyReferences(parentReferences: readonly string[], parentId: string): string[] {
  const chain = [...parentReferences.filter((id) => id !== parentId), parentId];
  if (chain.length <= MAX_REFERENCES) return chain;
  return [chain[0]!, ...chain.slice(chain.length - (MAX_REFERENCES - 1))];
}
