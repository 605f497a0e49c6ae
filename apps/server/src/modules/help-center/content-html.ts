import sanitizeHtml from 'sanitize-html';

// The one whitelist of article HTML (SPEC §5: HTML sanitised with a fixed whitelist, scripts
// excluded). It runs when an article is saved and again when the public site renders it, so a row
// written by any other path (an import, a database edit) still cannot carry a script.

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens elsewhere never hands that page our window.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank'
          ? { ...attribs, rel: 'noopener noreferrer nofollow' }
          : { ...attribs, target: '', rel: attribs.rel ?? '' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && frame.attribs.target === '',
};

/** The article HTML with everything outside the whitelist removed. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of an article body, for search and the description tag. */
export function articleText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|td|th|pre|blockquote|tr)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A URL slug from a title: ASCII letters, digits and dashes ('article' when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'article';
}

/** The first free slug among base, base-2, base-3… given the slugs already taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Prefix terms of a search as typed ("reset pass" → "reset:* & pass:*"), or null when nothing to search. */
export function prefixQuery(q: string): string | null {
  const terms = (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .filter((t) => t.length >= 2)
    .slice(0, 8);
  return terms.length > 0 ? terms.map((t) => `${t}:*`).join(' & ') : null;
}

/** About `length` characters of the text around the first searched term, for result lists. */
export function snippetOf(text: string, q: string, length = 160): string {
  const term = (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).find((t) => t.length >= 2);
  const at = term ? text.toLowerCase().indexOf(term) : -1;
  const start = at > 60 ? text.lastIndexOf(' ', at - 40) + 1 : 0;
  const cut = text.slice(start, start + length);
  return `${start > 0 ? '…' : ''}${cut}${start + length < text.length ? '…' : ''}`;
}
