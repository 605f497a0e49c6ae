import type { Suggestion } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  filterSuggestions,
  NO_FILTERS,
  suggestionBody,
  suggestionInitial,
} from './suggestion-filters';

const BOT_A = '11111111-1111-4111-8111-111111111111';
const BOT_B = '22222222-2222-4222-8222-222222222222';

const make = (over: Partial<Suggestion>): Suggestion => ({
  id: over.name ?? 'x',
  botKey: null,
  applicationId: 'app',
  category: '',
  name: 'x',
  content: 'x',
  supportsRichMessage: false,
  ...over,
});

const list = [
  make({ name: 'Shipping times', category: 'Shipping', content: 'We ship in 2 days.' }),
  make({ name: 'Returns', category: 'Returns', content: 'Returns are free for 30 días.', botKey: BOT_A }),
  make({ name: 'Opening hours', category: 'Store', content: 'Open 9 to 5.', botKey: BOT_B }),
  make({ name: 'Greeting', content: 'Hello!' }),
];
const names = (out: Suggestion[]) => out.map((s) => s.name);

describe('filterSuggestions', () => {
  it('keeps everything without filters', () => {
    expect(names(filterSuggestions(list, NO_FILTERS))).toEqual(names(list));
  });

  it('searches name, category and content, every word, ignoring case and accents', () => {
    expect(names(filterSuggestions(list, { ...NO_FILTERS, search: 'SHIP' }))).toEqual(['Shipping times']);
    expect(names(filterSuggestions(list, { ...NO_FILTERS, search: 'free dias' }))).toEqual(['Returns']);
    expect(names(filterSuggestions(list, { ...NO_FILTERS, search: 'free nine' }))).toEqual([]);
    expect(names(filterSuggestions(list, { ...NO_FILTERS, search: '  store  ' }))).toEqual(['Opening hours']);
  });

  it('filters by exact category', () => {
    expect(names(filterSuggestions(list, { ...NO_FILTERS, category: 'Returns' }))).toEqual(['Returns']);
    expect(names(filterSuggestions(list, { ...NO_FILTERS, category: 'Return' }))).toEqual([]);
  });

  it("keeps a bot's own and the shared suggestions for a bot, only shared ones for 'shared'", () => {
    expect(names(filterSuggestions(list, { ...NO_FILTERS, bot: BOT_A }))).toEqual([
      'Shipping times',
      'Returns',
      'Greeting',
    ]);
    expect(names(filterSuggestions(list, { ...NO_FILTERS, bot: 'shared' }))).toEqual([
      'Shipping times',
      'Greeting',
    ]);
  });

  it('combines the filters', () => {
    expect(names(filterSuggestions(list, { search: 'open', category: 'Store', bot: BOT_A }))).toEqual([]);
    expect(names(filterSuggestions(list, { search: 'open', category: 'Store', bot: BOT_B }))).toEqual([
      'Opening hours',
    ]);
  });
});

describe('categoriesOf', () => {
  it('lists distinct non-empty categories, sorted', () => {
    expect(categoriesOf([...list, make({ name: 'More', category: 'Shipping' })])).toEqual([
      'Returns',
      'Shipping',
      'Store',
    ]);
  });
});

describe('suggestion values', () => {
  it('round-trips an existing suggestion and trims, with null for every bot', () => {
    const values = suggestionInitial(list[1]);
    expect(values.botId).toBe(BOT_A);
    expect(suggestionBody({ ...values, name: '  Returns policy ', botId: '' })).toEqual({
      botId: null,
      category: 'Returns',
      name: 'Returns policy',
      content: 'Returns are free for 30 días.',
      supportsRichMessage: false,
    });
  });

  it('starts a new one on the filtered bot', () => {
    expect(suggestionInitial(undefined, BOT_B)).toMatchObject({ botId: BOT_B, name: '', content: '' });
  });
});
