// Splits a knowledge document's text into passages for retrieval: whole paragraphs where they fit,
// sentences where a paragraph is too long, words only as a last resort; headings are carried into
// the passages under them so a passage found alone still says what it is about.

export interface Passage {
  /** The nearest heading above the passage (markdown `#` lines or short title-like lines). */
  heading: string | null;
  text: string;
}

export interface SplitOptions {
  /** Upper bound on a passage's words (default 180, about a paragraph or two). */
  maxWords?: number;
}

const SENTENCE_END = /(?<=[.!?。।])\s+(?=\S)/u;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function isHeading(line: string): boolean {
  return /^#{1,6}\s+\S/.test(line);
}

/** Pieces of at most `max` words: sentences, then runs of words for a sentence that is longer. */
function pieces(paragraph: string, max: number): string[] {
  if (words(paragraph) <= max) return [paragraph];
  const out: string[] = [];
  for (const sentence of paragraph.split(SENTENCE_END)) {
    const tokens = sentence.split(/\s+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i += max) out.push(tokens.slice(i, i + max).join(' '));
  }
  return out;
}

export function splitPassages(text: string, options: SplitOptions = {}): Passage[] {
  const max = options.maxWords ?? 180;
  const passages: Passage[] = [];
  let heading: string | null = null;
  let current: string[] = [];
  let currentWords = 0;
  const flush = () => {
    if (current.length > 0) passages.push({ heading, text: current.join('\n\n') });
    current = [];
    currentWords = 0;
  };
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
  for (const paragraph of paragraphs) {
    const [first, ...rest] = paragraph.split('\n');
    if (first !== undefined && isHeading(first)) {
      flush();
      heading = first.replace(/^#+\s+/, '').trim();
      if (rest.length === 0) continue;
    }
    const body = first !== undefined && isHeading(first) ? rest.join(' ') : paragraph.replace(/\n/g, ' ');
    for (const piece of pieces(body, max)) {
      const n = words(piece);
      if (currentWords + n > max) flush();
      current.push(piece);
      currentWords += n;
    }
  }
  flush();
  return passages;
}

/** A passage as stored: its place in the source, where it came from, its heading and text. */
export interface SourcePassage {
  position: number;
  url: string | null;
  heading: string | null;
  text: string;
}

/** A piece of a source's text before splitting (parsers/index.ts TextPart). */
interface PartOfText {
  text: string;
  url: string | null;
  title: string | null;
  page?: number | undefined;
}

/**
 * Splits every part into passages, in reading order; a part's title heads passages without one.
 * Calls `tooMany` (which throws) as soon as there are more than `maxPassages`.
 */
export function passagesOf(
  parts: readonly PartOfText[],
  maxPassages = Number.POSITIVE_INFINITY,
  tooMany: () => never = () => {
    throw new Error('too many passages');
  },
): SourcePassage[] {
  const out: SourcePassage[] = [];
  for (const part of parts) {
    for (const p of splitPassages(part.text)) {
      out.push({
        position: out.length,
        url: part.url && part.page ? `${part.url}#page=${part.page}` : part.url,
        heading: p.heading ?? part.title,
        text: p.text,
      });
      if (out.length > maxPassages) tooMany();
    }
  }
  return out;
}
