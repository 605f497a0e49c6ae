// Session encode/decode (SPEC §3): base64 of the JSON, never holding a password. The app
// settings travel under their own key, so the session key holds the user part only.

import type { AppSettings, Session } from '@convo/api';
import { MESSAGES } from '@convo/domain';
import { safeParse } from 'zod/mini';
import { appSettingsSchema, storedSessionSchema } from '../boot-schemas';

export type StoredSession = Omit<Session, 'appSettings'>;

export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Drops every property whose name mentions a password, at any depth. */
export function withoutPasswords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutPasswords(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (/password/i.test(key)) continue;
    result[key] = withoutPasswords(item);
  }
  return result as T;
}

export interface EncodedSession {
  session: string;
  appSettings: string;
}

export function encodeSession(session: Session): EncodedSession {
  const { appSettings, ...user } = withoutPasswords(session);
  return { session: toBase64(JSON.stringify(user)), appSettings: JSON.stringify(appSettings) };
}

export type DecodeResult =
  | { ok: true; session: Session }
  | { ok: false; reason: 'missing' | 'corrupt' | 'settings-missing'; message: string };

/** Rebuilds the session from the two stored values; anything unreadable counts as no session. */
export function decodeSession(rawSession: string | null, rawSettings: string | null): DecodeResult {
  if (rawSession === null || rawSession === '') {
    return { ok: false, reason: 'missing', message: MESSAGES.sessionNotFound };
  }
  let user: StoredSession;
  try {
    const parsed = safeParse(storedSessionSchema, JSON.parse(fromBase64(rawSession)));
    if (!parsed.success) return { ok: false, reason: 'corrupt', message: MESSAGES.sessionNotFound };
    user = parsed.data;
  } catch {
    return { ok: false, reason: 'corrupt', message: MESSAGES.sessionNotFound };
  }
  let appSettings: AppSettings;
  try {
    const parsed = safeParse(appSettingsSchema, rawSettings === null ? undefined : JSON.parse(rawSettings));
    if (!parsed.success)
      return { ok: false, reason: 'settings-missing', message: MESSAGES.appSettingNotFound };
    appSettings = parsed.data;
  } catch {
    return { ok: false, reason: 'settings-missing', message: MESSAGES.appSettingNotFound };
  }
  return { ok: true, session: { ...user, appSettings } };
}
