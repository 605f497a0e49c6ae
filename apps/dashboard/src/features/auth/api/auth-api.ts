// Account calls of the product API (packages/api ACCOUNT_PATHS), typed by the contract schemas.

import { ACCOUNT_PATHS, type LoginRequest, type Session, type SignupRequest } from '@convo/api';
// zod mini: the sign-in page calls these, and classic zod would double its download (issue 39).
import * as z from 'zod/mini';
import { apiRequest } from '../../../app/api/api-client';
import { sessionResponseSchema } from '../../../app/boot-schemas';

/** `{ code: 'SUCCESS', message? }` (the body of the calls that return no data). */
const successSchema = z.object({ code: z.literal('SUCCESS'), message: z.optional(z.string()) });
export type SuccessResponse = z.infer<typeof successSchema>;

export async function login(body: LoginRequest): Promise<Session> {
  const response = await apiRequest(ACCOUNT_PATHS.login, {
    body,
    schema: sessionResponseSchema,
    token: null,
  });
  return response.data;
}

export async function signup(body: SignupRequest): Promise<Session> {
  const response = await apiRequest(ACCOUNT_PATHS.signup, {
    body,
    schema: sessionResponseSchema,
    token: null,
  });
  return response.data;
}

/** The session of a token (used after Google sign-in, and to refresh the stored session). */
export async function fetchMe(token?: string): Promise<Session> {
  const response = await apiRequest(ACCOUNT_PATHS.me, { schema: sessionResponseSchema, token });
  return response.data;
}

export function requestPasswordReset(userName: string): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.passwordResetRequest, {
    body: { userName },
    schema: successSchema,
    token: null,
  });
}

export function validateResetCode(userName: string, code: string): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.passwordResetValidate, {
    body: { userName, code },
    schema: successSchema,
    token: null,
  });
}

export function updatePasswordWithCode(
  userName: string,
  code: string,
  newPassword: string,
): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.passwordResetUpdate, {
    body: { userName, code, newPassword },
    schema: successSchema,
    token: null,
  });
}

export function changePassword(oldPassword: string, newPassword: string): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.passwordChange, {
    body: { oldPassword, newPassword },
    schema: successSchema,
  });
}

export function validateEmail(code: string): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.emailValidate, { body: { code }, schema: successSchema });
}

export function resendValidationEmail(): Promise<SuccessResponse> {
  return apiRequest(ACCOUNT_PATHS.emailResend, { method: 'POST', body: {}, schema: successSchema });
}

/** Where the Google sign-in starts; the server comes back to /loginv2?googleToken=… or ?error=…. */
export function googleStartUrl(apiBaseUrl: string, variant: string, origin: string): string {
  const params = new URLSearchParams({ product: variant, origin });
  const base = apiBaseUrl === '' || apiBaseUrl === '/' ? '' : apiBaseUrl.replace(/\/+$/, '');
  return `${base}${ACCOUNT_PATHS.googleStart}?${params.toString()}`;
}
