import type { BotLanguage } from '@convo/domain';
import { analyse } from '../engines/kompose/analyser.js';

// A question's search terms, read as kompose reads a phrase (analyser.ts: the language's Snowball
// stems and stop words), each with the surface forms the passages' 'simple' full-text index may
// hold it as (that index stores words as written, in every language alike).

/** Terms per question at most: a long message is searched by its first content words. */
export const MAX_TERMS = 12;

// Words that carry no topic in a customer's message, beyond the stop-word package's lists (which
// miss question words such as "when" and "does"): question words, auxiliaries, greetings and
// politeness in en/es/fr. A question made only of them searches nothing.
const FILLER = new Set(
  (
    'a an and are as at be but by can could did do does doing done for from had has have how i if in is it its ' +
    'me my no not of on or our so that the their them then there these they this to us was we were what when ' +
    'where which who whom whose why will with would you your please hi hello hey thanks thank tell know want ' +
    'like ok okay yes one someone something anything way get got ' +
    'el la los las un una unos unas y o de del que en es son por para con como cual cuando donde mi mis tu su ' +
    'sus se lo le les al hay me te nos favor hola gracias qué cómo cuándo dónde cuál quiero saber puedo ' +
    'le la les un une des et ou de du est sont pour par avec comment quand où mon ma mes ton ta tes son sa ' +
    'ses ce cette ces il elle ils elles je tu nous vous au aux en y qui que quoi bonjour merci voudrais savoir ' +
    'est-ce peux puis'
  ).split(/\s+/),
);

/** Words that with "how" before them ask the question rather than name its topic. */
const HOW_WORDS = new Set(['long', 'often', 'far', 'soon', 'big', 'old', 'quickly', 'fast']);

/** Trims a few English/Romance endings: "returns", "returned" and "returning" give "return". */
export function stem(word: string): string {
  if (!/^[a-zà-ÿ]+$/.test(word) || word.length <= 4) return word;
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      // shipping → shipp → ship
      return suffix.length >= 2 && /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  return word;
}

/**
 * The lexemes a question's word stands for: itself, its stem and the stem's common inflections
 * (exact lexemes: the GIN index finds each at once, where a prefix would scan a range of them).
 */
export function wordForms(word: string): string[] {
  const base = stem(word);
  const forms = new Set([word, base]);
  if (/^[a-zà-ÿ]+$/.test(base) && base.length >= 3) {
    const last = base.at(-1) ?? '';
    for (const ending of ['s', 'es', 'ed', 'ing']) forms.add(base + ending);
    // ship → shipped, shipping
    if (/[aeiou][b-df-hj-np-tv-z]$/.test(base) && !/[aeiou]{2}[b-df-hj-np-tv-z]$/.test(base)) {
      for (const ending of ['ed', 'ing']) forms.add(base + last + ending);
    }
    // close → closed, closing
    if (base.endsWith('e')) forms.add(`${base}d`).add(`${base.slice(0, -1)}ing`);
    // delivery ↔ deliveries
    if (word.endsWith('ies')) forms.add(`${word.slice(0, -3)}y`);
    if (word.endsWith('y') && word.length > 3) forms.add(`${word.slice(0, -1)}ies`);
  }
  return [...forms];
}

export interface QueryTerm {
  /** The Snowball stem (accents folded): two words of one stem are one term. */
  key: string;
  /** Lexemes of the full-text index that count as this term (word characters only). */
  forms: string[];
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words as the index holds them: lower case, NFC, apostrophes split (as analyse() splits). */
function surfaceWords(text: string): string[] {
  return text.toLowerCase().normalize('NFC').replace(/[’']/g, ' ').match(WORD) ?? [];
}

/** The question's content terms, in order, once each (stop words, filler and lone letters dropped). */
export function questionTerms(text: string, language: BotLanguage): QueryTerm[] {
  const raw = surfaceWords(text);
  const tokens = analyse(text, language);
  const byKey = new Map<string, Set<string>>();
  for (const [i, token] of tokens.entries()) {
    const word = raw[i] ?? token.word;
    if (token.stop || FILLER.has(token.word)) continue;
    // "how long", "how often": the question word, not its topic.
    if (language === 'en' && raw[i - 1] === 'how' && HOW_WORDS.has(word)) continue;
    if (word.length < 2 && !/\p{N}/u.test(word)) continue;
    let forms = byKey.get(token.stem);
    if (!forms) {
      if (byKey.size >= MAX_TERMS) continue;
      forms = new Set();
      byKey.set(token.stem, forms);
    }
    for (const form of wordForms(word)) forms.add(form);
    if (token.word !== word) forms.add(token.word);
  }
  return [...byKey.entries()].map(([key, forms]) => ({ key, forms: [...forms] }));
}

/** The Snowball stems of a text's content words (what an answer's phrases or a sentence are about). */
export function contentStems(text: string, language: BotLanguage): Set<string> {
  return new Set(
    analyse(text, language)
      .filter((t) => !t.stop)
      .map((t) => t.stem),
  );
}
