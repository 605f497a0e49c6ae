// Apart from sso-api.ts: the sign-in page uses these, and that module's contract schemas would
// bring classic zod into the sign-in page's download (issue 39).

import { SSO_PATHS as P } from '@convo/api/accounts/constants';
import { isApiError, joinUrl } from '../../app/api/api-error';
import { i18next } from '../../i18n/i18n';

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
