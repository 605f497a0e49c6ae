import {
  type EmailFallbackSettings,
  emailFallbackResponseSchema,
  EMAIL_FALLBACK_PATHS as P,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

export const emailFallbackKey = ['settings', 'email-fallback'] as const;

export async function fetchEmailFallback() {
  return (await apiRequest(P.settings, { schema: emailFallbackResponseSchema })).data;
}

export async function saveEmailFallback(body: EmailFallbackSettings) {
  return (await apiRequest(P.settings, { method: 'PUT', body, schema: emailFallbackResponseSchema })).data;
}
