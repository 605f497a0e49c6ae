import { describe, expect, it } from 'vitest';
import { fillEntities, findEntities } from './entities.js';

const sizes = {
  entity: 'size',
  values: [
    { value: 'small', synonyms: ['S', 'petite'] },
    { value: 'extra large', synonyms: ['XL', 'extra-large'] },
    { value: 'large', synonyms: ['L', 'big'] },
  ],
};
const cities = { entity: 'city', values: [{ value: 'Montréal', synonyms: ['mtl'] }] };

describe('findEntities', () => {
  it('finds values and synonyms as whole words, folding case and accents', () => {
    expect(findEntities('Do you have it in XL?', [sizes]).get('size')).toBe('extra large');
    expect(findEntities('a BIG one shipped to montreal', [sizes, cities])).toEqual(
      new Map([
        ['size', 'large'],
        ['city', 'Montréal'],
      ]),
    );
    // The longest match wins: "extra large" contains "large".
    expect(findEntities('extra large please', [sizes]).get('size')).toBe('extra large');
  });

  it('does not match inside other words', () => {
    expect(findEntities('Is shipping slow?', [sizes]).size).toBe(0);
    expect(findEntities('largely fine', [sizes]).size).toBe(0);
  });
});

describe('fillEntities', () => {
  const defined = new Set(['size', 'city']);
  it('fills placeholders of defined entities', () => {
    expect(fillEntities('We have {size} in stock.', new Map([['size', 'large']]), defined)).toBe(
      'We have large in stock.',
    );
  });

  it('drops a placeholder the message does not fill and tidies the gap', () => {
    expect(fillEntities('We ship to {city} in 2 days.', new Map(), defined)).toBe('We ship to in 2 days.');
    expect(fillEntities('Your size is {size}.', new Map(), defined)).toBe('Your size is.');
  });

  it('leaves braces that are not entities alone', () => {
    const json = '{"a":1} {other} {size}';
    expect(fillEntities(json, new Map([['size', 'S']]), defined)).toBe('{"a":1} {other} S');
  });
});
