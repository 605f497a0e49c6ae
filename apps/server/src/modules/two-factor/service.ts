import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { AppError, badRequest } from '../../http/errors.js';
import { openSealedJson, randomHex, sealJson, sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// TOTP second factor (SPEC §4 "Two-factor: setup, update, generate QR"; §8 'Error while validating
// otp'). The secret is sealed with the server secret; a code is accepted once (its time step is
// remembered) with one step of clock drift either way; ten single-use recovery codes are kept hashed.

export interface TwoFactorDeps {
  db: Db;
  appSecret: string;
  issuer: string;
}

export const OTP_ERROR = 'Error while validating otp';
const RECOVERY_CODES = 10;
const DRIFT_SECONDS = 30;

// 401 at sign-in (no session yet); 400 on the settings calls, where a 401 would end the session.
const invalidOtp = (atSignIn: boolean) => new AppError(atSignIn ? 401 : 400, 'INVALID_OTP', OTP_ERROR);
const sealedSecretSchema = (value: unknown): string => {
  if (typeof value === 'object' && value !== null && 's' in value && typeof value.s === 'string')
    return value.s;
  throw new Error('two-factor secret is unreadable');
};

function secretOf(deps: TwoFactorDeps, row: repo.TwoFactorRow): string {
  return sealedSecretSchema(openSealedJson(deps.appSecret, row.sealedSecret));
}

const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomHex(5);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => sha256(normalise(c))) };
}

export async function status(deps: TwoFactorDeps, applicationId: string, userId: string) {
  const row = await repo.find(deps.db, applicationId, userId);
  return {
    enabled: row?.enabledAt != null,
    recoveryCodesLeft: row?.enabledAt != null ? row.recoveryCodeHashes.length : 0,
  };
}

/** A fresh secret for the authenticator app, with its otpauth URI and a QR code of it. */
export async function generate(deps: TwoFactorDeps, applicationId: string, userId: string, label: string) {
  const current = await repo.find(deps.db, applicationId, userId);
  if (current?.enabledAt) {
    throw badRequest('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on. Turn it off first.');
  }
  const secret = generateSecret();
  await repo.savePending(deps.db, applicationId, userId, sealJson(deps.appSecret, { s: secret }));
  const otpauthUrl = generateURI({ issuer: deps.issuer, label, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Checks a code (or, when allowed, a recovery code) inside the caller's transaction and records its
 * use. Throws 'Error while validating otp' when it is wrong or already used.
 */
export async function consumeCode(
  deps: TwoFactorDeps,
  tx: Db,
  row: repo.TwoFactorRow,
  code: string,
  allowRecovery: boolean,
  atSignIn = false,
): Promise<void> {
  const token = normalise(code);
  if (/^\d{6}$/.test(token)) {
    const result = verifySync({
      secret: secretOf(deps, row),
      token,
      epochTolerance: DRIFT_SECONDS,
      afterTimeStep: row.lastStep > 0 ? row.lastStep : undefined,
    });
    if (!result.valid || !('timeStep' in result)) throw invalidOtp(atSignIn);
    await repo.update(tx, row.applicationId, row.userId, { lastStep: result.timeStep });
    return;
  }
  const hash = sha256(token);
  if (allowRecovery && row.enabledAt && row.recoveryCodeHashes.includes(hash)) {
    await repo.update(tx, row.applicationId, row.userId, {
      recoveryCodeHashes: row.recoveryCodeHashes.filter((h) => h !== hash),
    });
    return;
  }
  throw invalidOtp(atSignIn);
}

/** Confirms set-up with a first code; answers the recovery codes, shown once. */
export async function enable(deps: TwoFactorDeps, applicationId: string, userId: string, code: string) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.find(tx, applicationId, userId, true);
    if (!row) throw badRequest('TWO_FACTOR_NOT_SET_UP', 'Scan a new QR code first.');
    if (row.enabledAt) throw badRequest('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
    await consumeCode(deps, tx, row, code, false);
    const { codes, hashes } = newRecoveryCodes();
    await repo.update(tx, applicationId, userId, { enabledAt: new Date(), recoveryCodeHashes: hashes });
    return { recoveryCodes: codes };
  });
}

async function requireEnabled(tx: Db, applicationId: string, userId: string) {
  const row = await repo.find(tx, applicationId, userId, true);
  if (!row?.enabledAt) throw badRequest('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off.');
  return row;
}

export async function disable(deps: TwoFactorDeps, applicationId: string, userId: string, code: string) {
  await deps.db.transaction(async (tx) => {
    const row = await requireEnabled(tx, applicationId, userId);
    await consumeCode(deps, tx, row, code, true);
    await repo.remove(tx, applicationId, userId);
  });
}

export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  applicationId: string,
  userId: string,
  code: string,
) {
  return deps.db.transaction(async (tx) => {
    const row = await requireEnabled(tx, applicationId, userId);
    await consumeCode(deps, tx, row, code, false);
    const { codes, hashes } = newRecoveryCodes();
    await repo.update(tx, applicationId, userId, { recoveryCodeHashes: hashes });
    return { recoveryCodes: codes };
  });
}

/**
 * The sign-in step: nothing to do when the member has no second factor; otherwise the code (or a
 * recovery code) must be given and right. Runs in the sign-in transaction.
 */
export async function checkSignIn(
  deps: TwoFactorDeps,
  tx: Db,
  applicationId: string,
  userId: string,
  otp: string | undefined,
) {
  const row = await repo.find(tx, applicationId, userId, true);
  if (!row?.enabledAt) return;
  if (otp === undefined || otp.trim() === '') {
    throw new AppError(401, 'OTP_REQUIRED', 'Enter the code from your authenticator app.');
  }
  await consumeCode(deps, tx, row, otp, true, true);
}

export async function isEnabled(db: Db, applicationId: string, userId: string): Promise<boolean> {
  return (await repo.find(db, applicationId, userId))?.enabledAt != null;
}
