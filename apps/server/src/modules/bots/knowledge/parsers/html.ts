import { convert, type FormatCallback, type SelectorDefinition } from 'html-to-text';

// HTML to text with headings kept as markdown `#` lines (splitPassages carries them into the
// passages below) and the page's chrome (navigation, scripts, forms) left out.

const headingFormatter =
  (level: number): FormatCallback =>
  (elem, walk, builder) => {
    builder.openBlock({ leadingLineBreaks: 2 });
    builder.addInline(`${'#'.repeat(level)} `);
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 2 });
  };

const SKIPPED = [
  'nav',
  'footer',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'form',
  'button',
  'iframe',
];

const selectors: SelectorDefinition[] = [
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ selector: `h${level}`, format: `heading${level}` })),
  ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
  { selector: 'a', options: { ignoreHref: true } },
  { selector: 'img', format: 'skip' },
  { selector: 'title', format: 'skip' },
  { selector: 'ul', options: { itemPrefix: '- ' } },
];

const formatters: Record<string, FormatCallback> = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((level) => [`heading${level}`, headingFormatter(level)]),
);

export interface HtmlText {
  title: string | null;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): HtmlText {
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = titleMatch ? decodeEntities(titleMatch[1]!).replace(/\s+/g, ' ').trim() || null : null;
  const text = convert(html, {
    wordwrap: false,
    selectors,
    formatters,
    // Long pages are cut by the crawler's byte cap already; this keeps a pathological DOM bounded.
    limits: { maxInputLength: 10_000_000 },
  });
  return { title, text: text.trim() };
}
