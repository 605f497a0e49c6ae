// Custom entities in kompose's answers: a reply may hold `{entity}` placeholders that are filled
// with the entity's value found in the customer's message (its value or one of its synonyms, as
// whole words, ignoring case and Latin accents). A placeholder whose entity the message does not
// mention is dropped, so a reply never shows raw braces to a customer.

export interface EntityDefinition {
  entity: string;
  values: readonly { value: string; synonyms: readonly string[] }[];
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();

/** Each entity mentioned in the message → its canonical value (the longest match wins). */
export function findEntities(message: string, entities: readonly EntityDefinition[]): Map<string, string> {
  const text = ` ${fold(message)} `;
  const found = new Map<string, string>();
  for (const definition of entities) {
    let best: { value: string; length: number } | null = null;
    for (const v of definition.values) {
      for (const word of [v.value, ...v.synonyms]) {
        const folded = fold(word);
        if (folded && text.includes(` ${folded} `) && (!best || folded.length > best.length)) {
          best = { value: v.value, length: folded.length };
        }
      }
    }
    if (best) found.set(definition.entity, best.value);
  }
  return found;
}

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_-]*)\}/g;

/** Fills the placeholders of defined entities; others (e.g. braces of a JSON payload) stay. */
export function fillEntities(
  text: string,
  found: ReadonlyMap<string, string>,
  defined: ReadonlySet<string>,
): string {
  let dropped = false;
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!defined.has(name)) return whole;
    const value = found.get(name);
    if (value === undefined) dropped = true;
    return value ?? '';
  });
  // Tidy the gap a dropped placeholder leaves ("for  today" → "for today", "size ." → "size.").
  return dropped
    ? filled
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ ([.,!?;:])/g, '$1')
        .trim()
    : filled;
}
