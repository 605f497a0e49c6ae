import {
  messageResponseSchema,
  SSO_PATHS as P,
  type ssoSettingsRequestSchema,
  ssoSettingsResponseSchema,
} from '@convo/api';
import type { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';
import { isApiError, joinUrl } from '../../app/api/api-error';
import { i18next } from '../../i18n/i18n';

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

/** The server's redirect to the company's identity provider for this work e-mail. */
export function ssoStartUrl(apiBaseUrl: string, email: string, origin: string): string {
  const query = new URLSearchParams({ email, origin });
  return `${joinUrl(apiBaseUrl, P.start)}?${query.toString()}`;
}

const CODES = [
  'SSO_NOT_CONFIGURED',
  'SSO_ACCOUNT_NOT_FOUND',
  'SSO_DOMAIN_NOT_ALLOWED',
  'SSO_EMAIL_UNVERIFIED',
  'SSO_STATE_INVALID',
  'SSO_CANCELLED',
  'SSO_FAILED',
  'SSO_DISCOVERY_FAILED',
  'SSO_DOMAIN_TAKEN',
  'USER_DEACTIVATED',
] as const;

/** The translated text of an SSO error code (from a redirect or an API error), or null. */
export function ssoErrorText(codeOrError: unknown): string | null {
  const code =
    typeof codeOrError === 'string' ? codeOrError : isApiError(codeOrError) ? codeOrError.code : null;
  const known = CODES.find((c) => c === code);
  return known === undefined ? null : i18next.t(`sso.errors.${known}`, { ns: 'security' });
}
