import {
  INTEGRATION_PATHS,
  type Integration,
  type IntegrationConnectRequest,
  type IntegrationType,
  integrationDeleteResponseSchema,
  integrationListResponseSchema,
  integrationPath,
  integrationResponseSchema,
  META_OAUTH_PATHS,
  type MetaOAuthType,
  metaOAuthConfigResponseSchema,
  metaOAuthPendingPath,
  metaOAuthPendingResponseSchema,
  metaOAuthSelectPath,
  metaOAuthStartPath,
  metaOAuthStartResponseSchema,
} from '@convo/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api/api-client';

// The integrations hub's API (privilege `integrations`): the list, one integration's detail,
// connect, disconnect, enable/disable. Credentials are sent, never read back.

export const integrationKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  detail: (type: IntegrationType) => ['integrations', 'detail', type] as const,
  metaOAuth: ['integrations', 'meta-oauth'] as const,
  metaPending: (id: string) => ['integrations', 'meta-oauth', 'pending', id] as const,
};

export async function fetchIntegrations(signal?: AbortSignal): Promise<Integration[]> {
  return (await apiRequest(INTEGRATION_PATHS.list, { schema: integrationListResponseSchema, signal })).data;
}

export async function fetchIntegration(type: IntegrationType, signal?: AbortSignal): Promise<Integration> {
  return (await apiRequest(integrationPath(type), { schema: integrationResponseSchema, signal })).data;
}

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: integrationKeys.all });

export function useIntegrations() {
  return useQuery({ queryKey: integrationKeys.list, queryFn: ({ signal }) => fetchIntegrations(signal) });
}

export function useIntegration(type: IntegrationType) {
  return useQuery({
    queryKey: integrationKeys.detail(type),
    queryFn: ({ signal }) => fetchIntegration(type, signal),
  });
}

export function useConnectIntegration(type: IntegrationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: IntegrationConnectRequest) =>
      (await apiRequest(integrationPath(type), { method: 'POST', body, schema: integrationResponseSchema }))
        .data,
    onSuccess: () => refresh(client),
  });
}

export function useDisconnectIntegration(type: IntegrationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(integrationPath(type), { method: 'DELETE', schema: integrationDeleteResponseSchema }),
    onSuccess: () => refresh(client),
  });
}

export function useSetIntegrationEnabled(type: IntegrationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (
        await apiRequest(`${integrationPath(type)}/status/${enabled ? 'enable' : 'disable'}`, {
          method: 'PATCH',
          schema: integrationResponseSchema,
        })
      ).data,
    onSuccess: () => refresh(client),
  });
}

/** Whether this server has a Meta app, so "Connect with Facebook" can be offered. */
export function useMetaOAuthConfig() {
  return useQuery({
    queryKey: integrationKeys.metaOAuth,
    queryFn: async ({ signal }) =>
      (await apiRequest(META_OAUTH_PATHS.config, { schema: metaOAuthConfigResponseSchema, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Facebook Login's dialog URL (the server also sets the cookie the callback checks). */
export function useStartMetaOAuth(type: MetaOAuthType) {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(metaOAuthStartPath(type), { method: 'POST', schema: metaOAuthStartResponseSchema }))
        .data.url,
  });
}

/** The pages (or Instagram accounts) Facebook Login gave, waiting for the admin's pick; no tokens. */
export function useMetaOAuthPending(id: string) {
  return useQuery({
    queryKey: integrationKeys.metaPending(id),
    queryFn: async ({ signal }) =>
      (await apiRequest(metaOAuthPendingPath(id), { schema: metaOAuthPendingResponseSchema, signal })).data,
    retry: false,
  });
}

export function useSelectMetaAccount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: string) =>
      (
        await apiRequest(metaOAuthSelectPath(id), {
          method: 'POST',
          body: { accountId },
          schema: integrationResponseSchema,
        })
      ).data,
    onSuccess: () => refresh(client),
  });
}
