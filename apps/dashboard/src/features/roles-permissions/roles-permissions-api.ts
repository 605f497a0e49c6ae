import { TEAM_ADMIN_PATHS as P, type RolesPermissions, rolesPermissionsResponseSchema } from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

export const rolesPermissionsKey = ['settings', 'roles-permissions'] as const;

export async function fetchRolesPermissions() {
  return (await apiRequest(P.rolesPermissions, { schema: rolesPermissionsResponseSchema })).data;
}

export async function saveRolesPermissions(body: RolesPermissions) {
  return (
    await apiRequest(P.rolesPermissions, { method: 'PUT', body, schema: rolesPermissionsResponseSchema })
  ).data;
}
