// App modules (packages/api APP_MODULE_PATHS): the client apps of this application.

import {
  type AppModule,
  type AppModuleCreateRequest,
  type AppModuleEditRequest,
  appModuleDeleteResponseSchema,
  appModuleListResponseSchema,
  appModuleResponseSchema,
  APP_MODULE_PATHS as P,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

const messaging = { family: 'messaging' as const };

export const appModuleKeys = { list: ['app-modules', 'list'] as const };

export async function fetchAppModules(signal?: AbortSignal): Promise<AppModule[]> {
  return (await apiRequest(P.list, { ...messaging, schema: appModuleListResponseSchema, signal })).response;
}

export async function createAppModule(body: AppModuleCreateRequest): Promise<AppModule> {
  return (await apiRequest(P.create, { ...messaging, body, schema: appModuleResponseSchema })).response;
}

export async function editAppModule(body: AppModuleEditRequest): Promise<AppModule> {
  return (await apiRequest(P.edit, { ...messaging, body, schema: appModuleResponseSchema })).response;
}

export async function deleteAppModule(name: string) {
  return (
    await apiRequest(P.delete, {
      ...messaging,
      method: 'DELETE',
      query: { name },
      schema: appModuleDeleteResponseSchema,
    })
  ).response;
}
