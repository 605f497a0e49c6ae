import {
  AUTOMATION_PATHS,
  AUTOMATION_USAGE_PAGE_SIZE,
  automationHookDeleteResponseSchema,
  automationHookListResponseSchema,
  automationKeyResponseSchema,
  automationNewKeyResponseSchema,
  automationUsageResponseSchema,
} from '@convo/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';

// The automation connector's dashboard API (privilege `integrations`): the API key (status, made or
// rotated: the key and signing secret come back once), the REST hook subscriptions, the usage table.

export const automationKeys = {
  all: ['automation'] as const,
  key: ['automation', 'key'] as const,
  hooks: ['automation', 'hooks'] as const,
  usage: (page: number) => ['automation', 'usage', page] as const,
};

export function useAutomationKey() {
  return useQuery({
    queryKey: automationKeys.key,
    queryFn: async ({ signal }) =>
      (await apiRequest(AUTOMATION_PATHS.key, { schema: automationKeyResponseSchema, signal })).data,
  });
}

export function useRotateAutomationKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(AUTOMATION_PATHS.rotateKey, {
          method: 'POST',
          schema: automationNewKeyResponseSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.key }),
  });
}

export function useAutomationHooks() {
  return useQuery({
    queryKey: automationKeys.hooks,
    queryFn: async ({ signal }) =>
      (await apiRequest(AUTOMATION_PATHS.hooks, { schema: automationHookListResponseSchema, signal })).data,
  });
}

export function useUnsubscribeHook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(AUTOMATION_PATHS.hook.replace(':id', encodeURIComponent(id)), {
        method: 'DELETE',
        schema: automationHookDeleteResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.hooks }),
  });
}

export function useAutomationUsage(page: number) {
  return useQuery({
    queryKey: automationKeys.usage(page),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${AUTOMATION_PATHS.usage}?page=${page}&pageSize=${AUTOMATION_USAGE_PAGE_SIZE}`, {
          schema: automationUsageResponseSchema,
          signal,
        })
      ).data,
    placeholderData: (previous) => previous,
  });
}
