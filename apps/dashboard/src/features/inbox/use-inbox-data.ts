// Reference data of the inbox (teammates, teams, tags, quick replies), cached for the session.

import { useQuery } from '@tanstack/react-query';
import { listQuickReplies, listTags, listTeammates, listTeams } from './inbox-api';

const LONG = 5 * 60_000;

export function useTeammates() {
  return useQuery({
    queryKey: ['inbox', 'teammates'],
    queryFn: ({ signal }) => listTeammates(signal),
    staleTime: LONG,
  });
}

export const INBOX_TEAMS_KEY = ['inbox', 'teams'] as const;

/** Teams change from Settings → Team (no live event): refetched when half a minute old. */
export function useTeams() {
  return useQuery({
    queryKey: INBOX_TEAMS_KEY,
    queryFn: ({ signal }) => listTeams(signal),
    staleTime: 30_000,
  });
}

export function useTags() {
  return useQuery({ queryKey: ['tags'], queryFn: ({ signal }) => listTags(signal), staleTime: LONG });
}

/** `enabled: false` until they are needed (the composer asks once '/' is typed). */
export function useQuickReplies(enabled = true) {
  return useQuery({
    queryKey: ['quick-replies'],
    queryFn: ({ signal }) => listQuickReplies(signal),
    staleTime: LONG,
    enabled,
  });
}
