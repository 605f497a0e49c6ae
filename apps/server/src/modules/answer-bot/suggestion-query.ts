// What the visitor typed, as a full-text query that finds articles sharing any of its words (the
// more shared, the higher ranked): a question is worded unlike an article, so not every word can
// be required. Words every question has are left out, in the widget's four languages.

const COMMON_WORDS = new Set(
  [
    // en
    'the and for are but not you your with can how what when where why who which this that have has had was were does did doing will would should could from into about there their they them then than its our out get got any all just too very also please help need want',
    // es
    'los las del por para con una uno unos unas que como cuando donde porque por qué mis tus sus est esta este esto estoy tengo puedo quiero necesito hay ayuda',
    // fr
    'les des une pour avec que qui quoi comment quand est suis mes mon mes vos votre nous vous ils elles pas sur dans aide besoin veux peux',
  ]
    .join(' ')
    .split(' '),
);

/** At most this many words are searched (a pasted paragraph is not twenty OR branches). */
const MAX_TERMS = 8;

export function suggestionQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter(
    (w) => w.length >= 3 && !COMMON_WORDS.has(w),
  );
  const terms = [...new Set(words)].slice(0, MAX_TERMS);
  return terms.length > 0 ? terms.map((t) => `${t}:*`).join(' | ') : null;
}
