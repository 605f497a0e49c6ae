import {
  STORE_PATHS,
  type StoreConnection,
  type StoreConnectRequest,
  type StoreProvider,
  storeConnectResponseSchema,
  storeDisconnectResponseSchema,
  storeListResponseSchema,
  storePath,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';

// Online stores in the hub (issue 38 items 1–2). The token is sent when connecting, never read back.

export const storeKeys = { list: ['integrations', 'stores'] as const };

export async function fetchStores(signal?: AbortSignal): Promise<StoreConnection[]> {
  return (await apiRequest(STORE_PATHS.list, { schema: storeListResponseSchema, signal })).data;
}

export async function connectStore(
  provider: StoreProvider,
  body: StoreConnectRequest,
): Promise<StoreConnection> {
  return (await apiRequest(storePath(provider), { method: 'POST', body, schema: storeConnectResponseSchema }))
    .data;
}

export async function disconnectStore(provider: StoreProvider): Promise<void> {
  await apiRequest(storePath(provider), { method: 'DELETE', schema: storeDisconnectResponseSchema });
}
