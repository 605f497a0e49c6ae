// Mutations of the suggestions screen; each refreshes every cached suggestions list when it settles.

import type { SuggestionWrite } from '@convo/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSuggestion, deleteSuggestion, updateSuggestion } from '../api';

const SUGGESTIONS_KEY = ['bots', 'suggestions'] as const;

function useRefreshing<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUGGESTIONS_KEY }),
  });
}

/** Creates without an id, updates with one. */
export const useSaveSuggestion = () =>
  useRefreshing(({ id, body }: { id?: string; body: SuggestionWrite }) =>
    id === undefined ? createSuggestion(body) : updateSuggestion(id, body),
  );

export const useDeleteSuggestion = () => useRefreshing((id: string) => deleteSuggestion(id));
