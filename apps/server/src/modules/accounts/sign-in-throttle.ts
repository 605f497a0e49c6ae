import { createHmac } from 'node:crypto';
import { ACCOUNT_PATHS } from '@convo/api';
import { lockAfterFailure, type SignInThrottlePolicy, signInCounters } from '@convo/domain';
import { AppError } from '../../http/errors.js';
import { type LimitStore, rateLimited } from '../../http/limit-store.js';
import type { AppConfig } from '../../platform/config.js';
import { randomToken, safeEqual } from '../../platform/crypto.js';

// Sign-in throttling (docs/decisions.md, "Sign-in throttling and known devices"): failures are
// counted per account and per address, with a doubling lock past the free tries; a browser that
// signed in to the account before carries a signed device cookie and is counted on its own, so a
// stranger's failures never lock the real user out.

export const DEVICE_COOKIE = 'convo_device';
/** Longest a charged attempt may hold its counter's lock while the password is checked. */
const PROBE_MS = 30_000;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface SignInThrottleDeps {
  store: LimitStore;
  config: AppConfig;
}

export interface SignInWho {
  userName: string;
  address: string;
  /** The request's Cookie header. */
  cookies: string | undefined;
  /** A code was given, so a refused second factor is a guess, not the prompt for one. */
  otpGiven: boolean;
}

/** Runs a sign-in under the throttle; on success also returns the device cookie to set. */
export async function throttledSignIn<T>(
  deps: SignInThrottleDeps,
  who: SignInWho,
  signIn: () => Promise<T>,
): Promise<{ result: T; setCookie: string }> {
  const { config, store } = deps;
  const account = who.userName.trim().toLowerCase();
  const device = knownDevice(config.appSecret, account, readDeviceCookie(who.cookies));
  const policyOf = (counter: string): SignInThrottlePolicy => ({
    maxFailures: counter.startsWith('address:')
      ? config.rateLimit.loginAddressMax
      : config.rateLimit.loginMax,
    baseLockMs: Math.min(60_000, config.rateLimit.windowMs),
    maxLockMs: config.rateLimit.windowMs,
  });

  const charged: { key: string; count: number; probing: boolean }[] = [];
  for (const key of signInCounters({ account, address: who.address, device })) {
    const r = await store.charge(key, policyOf(key).maxFailures, config.rateLimit.windowMs, PROBE_MS);
    if ('lockedMs' in r) {
      for (const c of charged) await store.release(c.key, c.probing);
      throw rateLimited(r.lockedMs);
    }
    charged.push({ key, ...r });
  }

  let result: T;
  try {
    result = await signIn();
  } catch (err) {
    if (isGuess(err, who.otpGiven)) {
      for (const c of charged) {
        const ms = lockAfterFailure(c.count, policyOf(c.key));
        if (ms > 0) await store.lock(c.key, ms);
      }
    } else {
      for (const c of charged) await store.release(c.key, c.probing);
    }
    throw err;
  }
  // The account's (or device's) failures are forgiven; the address keeps the others' failures
  // (else an attacker could wipe them by signing in to an account of their own now and then).
  for (const c of charged) {
    if (c.key.startsWith('address:')) await store.release(c.key, c.probing);
    else await store.clear(c.key);
  }
  return { result, setCookie: deviceCookie(config, account, device) };
}

/** Wrong password or wrong second factor; not a deactivated account or the prompt for a code. */
function isGuess(err: unknown, otpGiven: boolean): boolean {
  if (!(err instanceof AppError)) return false;
  if (err.code === 'USER_DEACTIVATED') return false;
  if (err.code === 'OTP_REQUIRED') return otpGiven;
  return err.statusCode === 400 || err.statusCode === 401;
}

const sign = (secret: string, account: string, id: string) =>
  createHmac('sha256', `device:${secret}`).update(`${account}\n${id}`).digest('base64url');

/** The device id when the cookie was issued to this browser for this account, else null. */
function knownDevice(secret: string, account: string, cookie: string | null): string | null {
  if (!cookie) return null;
  const [id, mac, ...rest] = cookie.split('.');
  if (!id || !mac || rest.length > 0) return null;
  return safeEqual(mac, sign(secret, account, id)) ? id : null;
}

/** Issued on every successful sign-in (keeping the id of a known device). */
export function deviceCookie(config: AppConfig, account: string, id: string | null = null): string {
  const deviceId = id ?? randomToken(16);
  const value = `${deviceId}.${sign(config.appSecret, account.trim().toLowerCase(), deviceId)}`;
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Only the sign-in path needs it; script never does.
  return `${DEVICE_COOKIE}=${value}; Path=${ACCOUNT_PATHS.login}; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}${secure}`;
}

function readDeviceCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === DEVICE_COOKIE && v) return v;
  }
  return null;
}
