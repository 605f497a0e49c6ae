// A custom entity's values as the builder edits them: one value per line, its synonyms after a
// colon, separated by commas ("Paris: paname, city of light").

export interface EntityValue {
  value: string;
  synonyms: string[];
}

export const ENTITY_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]*$/;
const MAX_VALUES = 1000;
const MAX_SYNONYMS = 50;
const MAX_LENGTH = 200;

export function entityValuesToText(values: readonly EntityValue[]): string {
  return values
    .map((v) => (v.synonyms.length === 0 ? v.value : `${v.value}: ${v.synonyms.join(', ')}`))
    .join('\n');
}

export type EntityLinesError = 'valuesRequired' | 'tooManyValues' | 'tooManySynonyms' | 'tooLong';

/** The values of the text (blank lines skipped, repeats merged), or why they cannot be saved. */
export function entityValuesFromText(text: string): {
  values: EntityValue[];
  error: EntityLinesError | null;
} {
  const byValue = new Map<string, EntityValue>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const value = (colon === -1 ? line : line.slice(0, colon)).trim();
    if (value === '') continue;
    const synonyms =
      colon === -1
        ? []
        : line
            .slice(colon + 1)
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '');
    const key = value.toLowerCase();
    const existing = byValue.get(key);
    const merged = existing === undefined ? { value, synonyms: [] as string[] } : existing;
    for (const s of synonyms)
      if (!merged.synonyms.some((x) => x.toLowerCase() === s.toLowerCase())) merged.synonyms.push(s);
    byValue.set(key, merged);
  }
  const values = [...byValue.values()];
  let error: EntityLinesError | null = null;
  if (values.length === 0) error = 'valuesRequired';
  else if (values.length > MAX_VALUES) error = 'tooManyValues';
  else if (values.some((v) => v.synonyms.length > MAX_SYNONYMS)) error = 'tooManySynonyms';
  else if (values.some((v) => v.value.length > MAX_LENGTH || v.synonyms.some((s) => s.length > MAX_LENGTH)))
    error = 'tooLong';
  return { values, error };
}
