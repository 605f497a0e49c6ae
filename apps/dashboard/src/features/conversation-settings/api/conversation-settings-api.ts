import {
  type ConversationSettingsPatch,
  conversationSettingsResponseSchema,
  INBOX_PATHS,
  inboxDeletedResponseSchema,
  type QuickReplyWriteRequest,
  quickReplyListResponseSchema,
  quickReplyPath,
  quickReplyResponseSchema,
  type TagWriteRequest,
  TRANSCRIPT_SETTINGS_PATH,
  type TranscriptSettingsWrite,
  tagListResponseSchema,
  tagPath,
  tagResponseSchema,
  tagRestorePath,
  transcriptSettingsResponseSchema,
} from '@convo/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';
import { toastError } from '../../../app/toasts';

export const CONVERSATION_SETTINGS_KEY = ['conversation-settings'] as const;
export const TAGS_KEY = ['tags'] as const;
export const QUICK_REPLIES_KEY = ['quick-replies'] as const;

const LONG = 5 * 60_000;

export async function listTags(signal?: AbortSignal) {
  return (await apiRequest(INBOX_PATHS.tags, { schema: tagListResponseSchema, signal })).data;
}

export async function listQuickReplies(signal?: AbortSignal) {
  return (await apiRequest(INBOX_PATHS.quickReplies, { schema: quickReplyListResponseSchema, signal })).data;
}

/** The tags managed here, also read by the inbox (list filter, conversation header). */
export function useTags() {
  return useQuery({ queryKey: TAGS_KEY, queryFn: ({ signal }) => listTags(signal), staleTime: LONG });
}

/** `enabled: false` until they are needed (the inbox's composer asks once '/' is typed). */
export function useQuickReplies(enabled = true) {
  return useQuery({
    queryKey: QUICK_REPLIES_KEY,
    queryFn: ({ signal }) => listQuickReplies(signal),
    staleTime: LONG,
    enabled,
  });
}

export function useConversationSettings() {
  return useQuery({
    queryKey: CONVERSATION_SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(INBOX_PATHS.conversationSettings, {
          schema: conversationSettingsResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useSaveConversationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ConversationSettingsPatch) =>
      (
        await apiRequest(INBOX_PATHS.conversationSettings, {
          method: 'PATCH',
          body: patch,
          schema: conversationSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(CONVERSATION_SETTINGS_KEY, data),
    onError: (error) => toastError(error),
  });
}

export const TRANSCRIPT_SETTINGS_KEY = ['transcript-settings'] as const;

export function useTranscriptSettings() {
  return useQuery({
    queryKey: TRANSCRIPT_SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(TRANSCRIPT_SETTINGS_PATH, { schema: transcriptSettingsResponseSchema, signal })).data,
  });
}

export function useSaveTranscriptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TranscriptSettingsWrite) =>
      (
        await apiRequest(TRANSCRIPT_SETTINGS_PATH, {
          method: 'PUT',
          body,
          schema: transcriptSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(TRANSCRIPT_SETTINGS_KEY, data),
    onError: (error) => toastError(error),
  });
}

export const saveQuickReply = async (id: string | null, body: QuickReplyWriteRequest) =>
  (
    await apiRequest(id === null ? INBOX_PATHS.quickReplies : quickReplyPath(id), {
      method: id === null ? 'POST' : 'PUT',
      body,
      schema: quickReplyResponseSchema,
    })
  ).data;

export const deleteQuickReply = async (id: string) =>
  (await apiRequest(quickReplyPath(id), { method: 'DELETE', schema: inboxDeletedResponseSchema })).data;

export const createTag = async (body: TagWriteRequest) =>
  (await apiRequest(INBOX_PATHS.tags, { method: 'POST', body, schema: tagResponseSchema })).data;
export const renameTag = async (id: string, body: TagWriteRequest) =>
  (await apiRequest(tagPath(id), { method: 'PATCH', body, schema: tagResponseSchema })).data;
export const deleteTag = async (id: string) =>
  (await apiRequest(tagPath(id), { method: 'DELETE', schema: tagResponseSchema })).data;
export const restoreTag = async (id: string) =>
  (await apiRequest(tagRestorePath(id), { method: 'POST', schema: tagResponseSchema })).data;
