import {
  messageResponseSchema,
  SSO_PATHS as P,
  type ssoSettingsRequestSchema,
  ssoSettingsResponseSchema,
} from '@convo/api';
import type { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';

export const ssoKey = ['settings', 'sso'] as const;

export async function fetchSso() {
  return (await apiRequest(P.settings, { schema: ssoSettingsResponseSchema })).data;
}
export async function saveSso(body: z.input<typeof ssoSettingsRequestSchema>) {
  return (await apiRequest(P.settings, { method: 'PUT', body, schema: ssoSettingsResponseSchema })).data;
}
export async function removeSso() {
  return apiRequest(P.settings, { method: 'DELETE', schema: messageResponseSchema });
}
