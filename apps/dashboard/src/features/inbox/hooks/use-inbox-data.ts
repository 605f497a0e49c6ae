// Reference data of the inbox (teammates, teams), cached for the session. Tags and quick replies
// are read through conversation-settings, which manages them.

import { useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../team/api/team-api';
import { listTeammates, listTeams } from '../api/inbox-api';

const LONG = 5 * 60_000;

export function useTeammates() {
  return useQuery({
    queryKey: ['inbox', 'teammates'],
    queryFn: ({ signal }) => listTeammates(signal),
    staleTime: LONG,
  });
}

/** Teams change from Settings → Team (no live event): refetched when half a minute old. */
export function useTeams() {
  return useQuery({
    queryKey: teamKeys.inboxTeams,
    queryFn: ({ signal }) => listTeams(signal),
    staleTime: 30_000,
  });
}
