import {
  messageResponseSchema,
  TWO_FACTOR_PATHS as P,
  recoveryCodesResponseSchema,
  twoFactorQrResponseSchema,
  twoFactorStatusResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

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
