import { entityWriteSchema } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { ENTITY_NAME_PATTERN, entityValuesFromText, entityValuesToText } from './entity-lines';

describe('entity values as lines', () => {
  it('reads one value per line with its synonyms, skipping blanks and merging repeats', () => {
    const { values, error } = entityValuesFromText(
      'Paris: paname, city of light\n\n  Lyon \nparis: Paname, ville lumière\nNice:',
    );
    expect(error).toBeNull();
    expect(values).toEqual([
      { value: 'Paris', synonyms: ['paname', 'city of light', 'ville lumière'] },
      { value: 'Lyon', synonyms: [] },
      { value: 'Nice', synonyms: [] },
    ]);
    expect(entityWriteSchema.parse({ entity: 'city', locale: 'fr', values })).toBeTruthy();
  });

  it('writes the values back the way it reads them', () => {
    const values = [
      { value: 'Paris', synonyms: ['paname'] },
      { value: 'Lyon', synonyms: [] },
    ];
    expect(entityValuesToText(values)).toBe('Paris: paname\nLyon');
    expect(entityValuesFromText(entityValuesToText(values)).values).toEqual(values);
  });

  it('says what the API would refuse', () => {
    expect(entityValuesFromText(' \n ').error).toBe('valuesRequired');
    expect(entityValuesFromText(`x: ${Array.from({ length: 51 }, (_, i) => `s${i}`).join(',')}`).error).toBe(
      'tooManySynonyms',
    );
    expect(entityValuesFromText('y'.repeat(201)).error).toBe('tooLong');
    expect(entityValuesFromText(Array.from({ length: 1001 }, (_, i) => `v${i}`).join('\n')).error).toBe(
      'tooManyValues',
    );
  });

  it('accepts the entity names the API accepts', () => {
    expect(ENTITY_NAME_PATTERN.test('order_id')).toBe(true);
    expect(ENTITY_NAME_PATTERN.test('city-2')).toBe(true);
    expect(ENTITY_NAME_PATTERN.test('2city')).toBe(false);
    expect(ENTITY_NAME_PATTERN.test('my city')).toBe(false);
  });
});
