// Pure rules of the suggestions screen: which suggestions a search, a category and a bot filter
// keep, the categories to pick from, and the write body of the modal's values.

import type { Suggestion, SuggestionWrite } from '@convo/api';

/** 'all': every suggestion; 'shared': those of every bot (no botKey); otherwise one bot's id. */
export type BotFilter = 'all' | 'shared' | (string & {});

export interface SuggestionFilters {
  search: string;
  /** '' keeps every category. */
  category: string;
  bot: BotFilter;
}

export const NO_FILTERS: SuggestionFilters = { search: '', category: '', bot: 'all' };

const fold = (text: string) => text.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * The suggestions the filters keep, in the server's order. A bot's filter also keeps the shared
 * ones: a suggestion for all bots is one that bot reuses too.
 */
export function filterSuggestions(list: readonly Suggestion[], filters: SuggestionFilters): Suggestion[] {
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  return list.filter((s) => {
    if (filters.category !== '' && s.category !== filters.category) return false;
    if (filters.bot === 'shared' && s.botKey !== null) return false;
    if (filters.bot !== 'all' && filters.bot !== 'shared' && s.botKey !== null && s.botKey !== filters.bot)
      return false;
    if (words.length === 0) return true;
    const haystack = fold(`${s.name} ${s.category} ${s.content}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Distinct non-empty categories, sorted for the filter and the modal's suggestions. */
export function categoriesOf(list: readonly Suggestion[]): string[] {
  const set = new Set(list.map((s) => s.category.trim()).filter((c) => c !== ''));
  return [...set].sort((a, b) => a.localeCompare(b));
}

export interface SuggestionValues {
  category: string;
  name: string;
  content: string;
  /** '' for every bot. */
  botId: string;
  supportsRichMessage: boolean;
}

export function suggestionInitial(s?: Suggestion, botId = ''): SuggestionValues {
  return {
    category: s?.category ?? '',
    name: s?.name ?? '',
    content: s?.content ?? '',
    botId: s ? (s.botKey ?? '') : botId,
    supportsRichMessage: s?.supportsRichMessage ?? false,
  };
}

export function suggestionBody(values: SuggestionValues): SuggestionWrite {
  return {
    botId: values.botId === '' ? null : values.botId,
    category: values.category.trim(),
    name: values.name.trim(),
    content: values.content.trim(),
    supportsRichMessage: values.supportsRichMessage,
  };
}

/** Limits of the API's contract (suggestionWriteSchema), checked before sending. */
export const SUGGESTION_LIMITS = { category: 100, name: 200, content: 5000 } as const;
