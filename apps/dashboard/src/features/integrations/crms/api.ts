import {
  CRM_PATHS,
  type CrmProvider,
  type CrmSettingsRequest,
  crmConnectionResponseSchema,
  crmConversationPath,
  crmConversationResponseSchema,
  crmDeleteResponseSchema,
  crmLinkResponseSchema,
  crmListResponseSchema,
  crmPath,
  crmSyncPath,
  crmTestPath,
  crmTicketPath,
} from '@convo/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';

// CRMs and helpdesks (issue 38 item 3): the settings of each provider (privilege `integrations`;
// secrets are sent, never read back) and a conversation's ticket and CRM activity.

export const crmKeys = {
  list: ['crms'] as const,
  conversation: (groupId: number) => ['crms', 'conversation', groupId] as const,
};

export function useCrmConnections() {
  return useQuery({
    queryKey: crmKeys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest(CRM_PATHS.list, { schema: crmListResponseSchema, signal })).data,
  });
}

export function useSaveCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CrmSettingsRequest) =>
      (await apiRequest(crmPath(body.provider), { method: 'PUT', body, schema: crmConnectionResponseSchema }))
        .data,
    onSettled: () => client.invalidateQueries({ queryKey: ['crms'] }),
  });
}

export function useTestCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: CrmProvider) =>
      (await apiRequest(crmTestPath(provider), { method: 'POST', schema: crmConnectionResponseSchema })).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['crms'] }),
  });
}

export function useDisconnectCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: CrmProvider) =>
      apiRequest(crmPath(provider), { method: 'DELETE', schema: crmDeleteResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['crms'] }),
  });
}

export function useConversationCrm(groupId: number) {
  return useQuery({
    queryKey: crmKeys.conversation(groupId),
    queryFn: async ({ signal }) =>
      (await apiRequest(crmConversationPath(groupId), { schema: crmConversationResponseSchema, signal }))
        .data,
  });
}

export function useCreateTicket(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(crmTicketPath(groupId), { method: 'POST', schema: crmLinkResponseSchema })).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['crms'] }),
  });
}

export function useSyncConversation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: 'hubspot' | 'salesforce') =>
      (await apiRequest(crmSyncPath(groupId, provider), { method: 'POST', schema: crmLinkResponseSchema }))
        .data,
    onSettled: () => client.invalidateQueries({ queryKey: ['crms'] }),
  });
}
