import {
  messageResponseSchema,
  TWO_FACTOR_PATHS as P,
  recoveryCodesResponseSchema,
  twoFactorQrResponseSchema,
  twoFactorStatusResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';
import { isApiError } from '../../app/api/api-error';
import { i18next } from '../../i18n/i18n';

export const twoFactorKey = ['security', 'two-factor'] as const;

export async function fetchTwoFactorStatus() {
  return (await apiRequest(P.status, { schema: twoFactorStatusResponseSchema })).data;
}
export async function generateQr() {
  return (await apiRequest(P.generateQr, { method: 'POST', schema: twoFactorQrResponseSchema })).data;
}
export async function enableTwoFactor(code: string) {
  return (await apiRequest(P.setup, { body: { code }, schema: recoveryCodesResponseSchema })).data;
}
export async function disableTwoFactor(code: string) {
  return apiRequest(P.update, { body: { enabled: false, code }, schema: messageResponseSchema });
}
export async function regenerateRecoveryCodes(code: string) {
  return (await apiRequest(P.recoveryCodes, { body: { code }, schema: recoveryCodesResponseSchema })).data;
}

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
