// Calls of the inbox: the messaging API (conversations, messages, notes, timeline, users, teams)
// and the product API (notes, e-mail originals, reply suggestions; tags and quick replies are
// conversation-settings' own). Every response is checked against its contract.

import {
  CONVERSATION_PATHS,
  type ConversationFilterRequest,
  conversationPageResponseSchema,
  conversationSummaryPath,
  conversationSummaryResponseSchema,
  emailOriginalPath,
  emailOriginalResponseSchema,
  groupEventsPath,
  groupFeedSchema,
  groupNotesPath,
  MESSAGING_PATHS,
  messageListResponseSchema,
  messageSendResponseSchema,
  messageTranslationPath,
  messageTranslationResponseSchema,
  messagingUserSchema,
  noteDeleteResponseSchema,
  noteListResponseSchema,
  notePath,
  noteResponseSchema,
  platformOk,
  replySuggestionsPath,
  replySuggestionsResponseSchema,
  TEAM_USER_STATS_PATHS,
  teamSummarySchema,
  timelineResponseSchema,
  userListSchema,
  userStatusResponseSchema,
} from '@convo/api';
import { isSupportedLanguage, NOTES_PAGE_SIZE } from '@convo/domain';
import * as z from 'zod/mini';
import { apiRequest } from '../../../app/api/api-client';
import { joinUrl, parseResponse } from '../../../app/api/api-error';
import { messagingAuthHeaders } from '../../../app/api/authorized-file';
import { configStore } from '../../../app/config/config-store';
import { getSession } from '../../../app/session/session-store';
import { SEARCH_CALL } from '../lib/saved-filter';

const messaging = 'messaging' as const;
export const MESSAGE_PAGE_SIZE = 50;

export async function searchConversations(filter: ConversationFilterRequest, signal?: AbortSignal) {
  const res = await apiRequest(SEARCH_CALL.path, {
    family: SEARCH_CALL.family,
    method: SEARCH_CALL.method,
    body: filter,
    schema: conversationPageResponseSchema,
    signal,
  });
  return res.response;
}

export async function waitingList(startIndex: number, pageSize: number, signal?: AbortSignal) {
  const res = await apiRequest(CONVERSATION_PATHS.waitingList, {
    family: messaging,
    query: { startIndex, pageSize },
    schema: conversationPageResponseSchema,
    signal,
  });
  return res.response;
}

export async function conversationInfo(groupId: number, signal?: AbortSignal) {
  const res = await apiRequest(MESSAGING_PATHS.groupInfo, {
    family: messaging,
    query: { groupId },
    schema: platformOk(groupFeedSchema),
    signal,
  });
  return res.response;
}

/** A page of messages, newest first, older than `endTime` when given. */
export async function listMessages(groupId: number, endTime: number | undefined, signal?: AbortSignal) {
  return apiRequest(MESSAGING_PATHS.messageListV3, {
    family: messaging,
    query: { groupId, pageSize: MESSAGE_PAGE_SIZE, endTime },
    schema: messageListResponseSchema,
    signal,
  });
}

export interface SendInput {
  groupId: number;
  key: string;
  message: string;
  contentType?: number;
  fileMeta?: Record<string, unknown>;
}

export async function sendMessage(input: SendInput) {
  return apiRequest(MESSAGING_PATHS.messageSendV2, {
    family: messaging,
    body: { ...input, contentType: input.contentType ?? 0 },
    schema: messageSendResponseSchema,
  });
}

export async function changeStatus(groupId: number, status: number) {
  const res = await apiRequest(MESSAGING_PATHS.statusChange, {
    family: messaging,
    method: 'PATCH',
    query: { groupId, status },
    schema: platformOk(groupFeedSchema),
  });
  return res.response;
}

export async function changeStatusOfMany(groupIds: number[], status: number) {
  const res = await apiRequest(MESSAGING_PATHS.statusChangeAll, {
    family: messaging,
    method: 'PATCH',
    body: { groupIds, status },
    schema: platformOk(z.object({ changed: z.number() })),
  });
  return res.response;
}

export async function changeAssignee(groupId: number, assignee: string, takeOverFromBot: boolean) {
  const res = await apiRequest(MESSAGING_PATHS.assigneeChange, {
    family: messaging,
    method: 'PATCH',
    query: { groupId, assignee, takeOverFromBot },
    schema: platformOk(z.object({ result: z.string(), feed: groupFeedSchema })),
  });
  return res.response.feed;
}

/** Assigns the conversation to a team (by its client group id); routing may pick its agent. */
export async function changeTeam(groupId: number, teamId: string) {
  const res = await apiRequest(MESSAGING_PATHS.teamChange, {
    family: messaging,
    method: 'PATCH',
    query: { groupId, teamId },
    schema: platformOk(z.object({ result: z.string(), feed: groupFeedSchema })),
  });
  return res.response.feed;
}

export async function changeTags(groupId: number, operation: 'add' | 'remove', tags: string[]) {
  const res = await apiRequest(MESSAGING_PATHS.tags.replace(':operation', operation), {
    family: messaging,
    method: 'PATCH',
    body: { groupId, tags },
    schema: platformOk(groupFeedSchema),
  });
  return res.response;
}

export async function listNotes(groupId: number, page: number, signal?: AbortSignal) {
  const res = await apiRequest(groupNotesPath(groupId), {
    family: messaging,
    query: { limit: NOTES_PAGE_SIZE, offset: page * NOTES_PAGE_SIZE },
    schema: noteListResponseSchema,
    signal,
  });
  return res.response;
}

export async function addNote(groupId: number, body: string) {
  return (
    await apiRequest(groupNotesPath(groupId), {
      family: messaging,
      body: { body },
      schema: noteResponseSchema,
    })
  ).response;
}

export async function updateNote(noteId: string, body: string) {
  return (
    await apiRequest(notePath(noteId), {
      family: messaging,
      method: 'PUT',
      body: { body },
      schema: noteResponseSchema,
    })
  ).response;
}

export async function deleteNote(noteId: string) {
  return (
    await apiRequest(notePath(noteId), {
      family: messaging,
      method: 'DELETE',
      schema: noteDeleteResponseSchema,
    })
  ).response;
}

export async function listTimeline(groupId: number, signal?: AbortSignal) {
  const res = await apiRequest(groupEventsPath(groupId), {
    family: messaging,
    schema: timelineResponseSchema,
    signal,
  });
  return res.response;
}

/** Every teammate (super admins, admins, agents, bots): assignment targets and filter choices. */
export async function listTeammates(signal?: AbortSignal) {
  const res = await apiRequest(TEAM_USER_STATS_PATHS.userList, {
    family: messaging,
    query: { roleType: '0,1,2,3', pageSize: 100 },
    schema: platformOk(userListSchema),
    signal,
  });
  return res.response.users;
}

export async function listTeams(signal?: AbortSignal) {
  const res = await apiRequest(TEAM_USER_STATS_PATHS.teamListV2, {
    family: messaging,
    schema: platformOk(z.array(teamSummarySchema)),
    signal,
  });
  return res.response;
}

export async function userDetails(userIds: string[], signal?: AbortSignal) {
  const res = await apiRequest(TEAM_USER_STATS_PATHS.userDetail, {
    family: messaging,
    body: { userIdList: userIds },
    schema: platformOk(z.array(messagingUserSchema)),
    signal,
  });
  return res.response;
}

export async function setAvailability(status: 0 | 1) {
  const res = await apiRequest(TEAM_USER_STATS_PATHS.userStatus, {
    family: messaging,
    body: { status },
    schema: platformOk(userStatusResponseSchema),
  });
  return res.response;
}

const TRANSCRIPT_PATH = '/rest/ws/message/transcript/send';
export async function sendTranscript(groupId: number, to?: string) {
  const res = await apiRequest(TRANSCRIPT_PATH, {
    family: messaging,
    body: { groupId, ...(to ? { to } : {}) },
    schema: z.object({
      status: z.literal('success'),
      response: z.object({ to: z.string(), messageCount: z.number() }),
    }),
  });
  return res.response;
}

export const uploadedFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
  thumbnailUrl: z.optional(z.string()),
  createdAtTime: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const UPLOAD_PATH = '/rest/ws/upload/file';

/** Multipart upload (apiRequest sends JSON only); same headers and error handling. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const base = configStore.getState().config?.messagingBaseUrl ?? '';
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(`${base.replace(/\/$/, '')}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: messagingAuthHeaders(),
    body: form,
  });
  return parseResponse(
    { status: response.status, ok: response.ok, body: await response.text() },
    uploadedFileSchema,
    'messaging',
  );
}

/** SPEC §7 .eml parse: the original of a received e-mail, read by the server. */
export async function fetchEmailOriginal(groupId: number, messageId: number, signal?: AbortSignal) {
  return (
    await apiRequest(emailOriginalPath(groupId, messageId, true), {
      schema: emailOriginalResponseSchema,
      signal,
    })
  ).data;
}

/** SPEC §7 .eml fetch: the original's bytes, saved by the browser as a file. */
export async function downloadEmailOriginal(groupId: number, messageId: number): Promise<void> {
  const base = configStore.getState().config?.apiBaseUrl ?? '';
  const token = getSession()?.token;
  const response = await fetch(joinUrl(base, emailOriginalPath(groupId, messageId)), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'message/rfc822' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `message-${messageId}.eml`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Suggested replies (smartreply) for the conversation's newest customer message. */
export async function fetchReplySuggestions(groupId: number, signal?: AbortSignal) {
  return (await apiRequest(replySuggestionsPath(groupId), { schema: replySuggestionsResponseSchema, signal }))
    .data;
}

/** Agent assist: a summary of the conversation by the application's AI agent. */
export async function fetchConversationSummary(groupId: number) {
  return (
    await apiRequest(conversationSummaryPath(groupId), {
      method: 'POST',
      body: {},
      schema: conversationSummaryResponseSchema,
    })
  ).data;
}

/**
 * Agent assist: one message translated into the agent's language: the dashboard's (when it is one
 * the server knows), else the server takes their profile's.
 */
export async function fetchMessageTranslation(groupId: number, messageKey: string, language: string | null) {
  return (
    await apiRequest(messageTranslationPath(groupId), {
      method: 'POST',
      body: isSupportedLanguage(language) ? { messageKey, language } : { messageKey },
      schema: messageTranslationResponseSchema,
    })
  ).data;
}
