// Calls behind /settings/team (product API: members, invitations, bots) and the messaging API's
// team endpoints (teams and teammates), typed by the shared contracts.

import {
  type botCreateRequestSchema,
  type InviteRequest,
  invitationDetailResponseSchema,
  invitationListResponseSchema,
  invitationResponseSchema,
  type MemberUpdateRequest,
  memberPath,
  messageResponseSchema,
  TEAM_ADMIN_PATHS as P,
  platformOk,
  successEnvelope,
  TEAM_USER_STATS_PATHS as T,
  teamDeleteResponseSchema,
  teamMemberListResponseSchema,
  teamMemberViewSchema,
  teammatesResponseSchema,
  teamSchema,
} from '@convo/api';
import * as z from 'zod/mini';
import { apiRequest } from '../../../app/api/api-client';

export const teamKeys = {
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
  teams: ['team', 'teams'] as const,
  /** The inbox's copy of the teams (the messaging API's list), refreshed after a change here. */
  inboxTeams: ['inbox', 'teams'] as const,
};

export async function fetchMembers() {
  return (await apiRequest(P.members, { schema: teamMemberListResponseSchema })).data;
}

export async function updateMembers(body: MemberUpdateRequest) {
  return (await apiRequest(P.membersUpdate, { method: 'PATCH', body, schema: teamMemberListResponseSchema }))
    .data;
}

export async function deleteMember(userName: string) {
  return apiRequest(memberPath(userName), { method: 'DELETE', schema: messageResponseSchema });
}

export async function createBot(body: z.input<typeof botCreateRequestSchema>) {
  return (await apiRequest(P.bots, { body, schema: successEnvelope(teamMemberViewSchema) })).data;
}

export async function fetchInvitations() {
  return (await apiRequest(P.inviteList, { schema: invitationListResponseSchema })).data;
}

export async function sendInvitation(body: InviteRequest) {
  return (await apiRequest(P.invite, { body, schema: invitationResponseSchema })).data;
}

export async function resendInvitation(id: string) {
  return (await apiRequest(P.inviteResend, { body: { id }, schema: invitationResponseSchema })).data;
}

export async function revokeInvitation(id: string) {
  return apiRequest(P.invitation, { method: 'DELETE', query: { id }, schema: messageResponseSchema });
}

/** Public: what an invitation link is for (the sign-up page, before there is a session). */
export async function fetchInvitationDetail(token: string) {
  return (
    await apiRequest(P.inviteDetail, {
      query: { token },
      schema: invitationDetailResponseSchema,
      token: null,
    })
  ).data;
}

const messaging = { family: 'messaging' as const };

export async function fetchTeams() {
  return (await apiRequest(T.teamList, { ...messaging, schema: platformOk(z.array(teamSchema)) })).response;
}

export async function createTeam(teamName: string) {
  return (
    await apiRequest(T.teamCreate, { ...messaging, body: { teamName }, schema: platformOk(teamSchema) })
  ).response;
}

export async function renameTeam(teamId: string, teamName: string) {
  return (
    await apiRequest(T.teamUpdate, {
      ...messaging,
      method: 'PATCH',
      body: { teamId, teamName },
      schema: platformOk(teamSchema),
    })
  ).response;
}

export async function deleteTeam(teamId: string) {
  return apiRequest(T.teamDelete, {
    ...messaging,
    method: 'DELETE',
    query: { teamId },
    schema: platformOk(teamDeleteResponseSchema),
  });
}

export async function changeTeammates(teamId: string, userIds: string[], add: boolean) {
  return apiRequest(add ? T.teammateAdd : T.teammateRemove, {
    ...messaging,
    method: 'PATCH',
    body: { teamId, userIds },
    schema: platformOk(teammatesResponseSchema),
  });
}
