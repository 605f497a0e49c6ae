// The chat widget's settings document: one query per application, and a save per page that
// PATCHes that page's section and puts the answered document in the cache.

import {
  type ChatWidgetSection,
  type ChatWidgetSettings,
  chatWidgetSettingsResponseSchema,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';
import { useRequiredSession } from '../../../app/session/use-required-session';

export const chatWidgetSettingsKey = (applicationId: string) =>
  ['chat-widget-settings', applicationId] as const;

export async function fetchChatWidgetSettings(signal?: AbortSignal): Promise<ChatWidgetSettings> {
  const response = await apiRequest(WIDGET_SETTINGS_PATHS.chatWidget, {
    schema: chatWidgetSettingsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

export async function saveChatWidgetSection<S extends ChatWidgetSection>(
  section: S,
  value: ChatWidgetSettings[S],
): Promise<ChatWidgetSettings> {
  const response = await apiRequest(WIDGET_SETTINGS_PATHS.chatWidget, {
    method: 'PATCH',
    body: { [section]: value },
    schema: chatWidgetSettingsResponseSchema,
  });
  return response.data;
}

export function useChatWidgetSettings() {
  const { applicationId } = useRequiredSession();
  return useQuery({
    queryKey: chatWidgetSettingsKey(applicationId),
    queryFn: ({ signal }) => fetchChatWidgetSettings(signal),
  });
}

export function useSaveChatWidgetSection<S extends ChatWidgetSection>(section: S) {
  const { applicationId } = useRequiredSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: ChatWidgetSettings[S]) => saveChatWidgetSection(section, value),
    onSuccess: (saved) => queryClient.setQueryData(chatWidgetSettingsKey(applicationId), saved),
  });
}
