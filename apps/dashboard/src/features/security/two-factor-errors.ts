// Apart from two-factor-api.ts: the sign-in page shows these texts, and that module's contract
// schemas would bring classic zod into the sign-in page's download (issue 39).

import { isApiError } from '../../app/api/api-error';
import { i18next } from '../../i18n/i18n';

const CODES = [
  'INVALID_OTP',
  'OTP_REQUIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_SET_UP',
  'TWO_FACTOR_NOT_ENABLED',
] as const;

/** The translated text of a two-factor error, or null for other errors. */
export function twoFactorErrorText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const code = CODES.find((c) => c === error.code);
  return code === undefined ? null : i18next.t(`errors.${code}`, { ns: 'security' });
}
