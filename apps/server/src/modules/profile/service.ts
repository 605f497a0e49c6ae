import type { Profile, ProfileUpdateRequest } from '@convo/api';
import { isSupportedLanguage, toRoleType, validatePhone } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { fileUrl, isImageType } from '../attachments/index.js';
import * as repo from './repository.js';

// /settings/profile: the member's own name, phone, picture and time zone (SPEC §3 User preference).
// The password is changed through accounts (users/password/update).

export interface ProfileDeps {
  db: Db;
  publicUrl: string;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export async function read(deps: ProfileDeps, caller: AuthContext): Promise<Profile> {
  const row = await repo.findMemberWithPreferences(deps.db, caller.applicationId, caller.userId);
  if (!row) throw notFound('Member not found.');
  const { user } = row;
  return {
    userName: user.userId,
    name: user.displayName,
    email: user.email ?? user.userId,
    imageLink: user.imageLink,
    contactNumber: user.contactNumber,
    timeZone: row.timeZone ?? null,
    language: isSupportedLanguage(row.language) ? row.language : null,
    roleType: toRoleType(user.roleType) ?? '2',
  };
}

export async function update(
  deps: ProfileDeps,
  caller: AuthContext,
  change: ProfileUpdateRequest,
): Promise<Profile> {
  if (change.contactNumber) {
    const phone = validatePhone(change.contactNumber);
    if (!phone.ok)
      throw badRequest(phone.code, phone.message, [{ path: 'contactNumber', message: phone.message }]);
  }
  if (change.timeZone && !isTimeZone(change.timeZone)) {
    throw badRequest('INVALID_PARAMETER', `Unknown time zone: ${change.timeZone}`, [
      { path: 'timeZone', message: 'is not an IANA time zone' },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    let imageLink: string | null | undefined;
    if (change.imageKey === null) imageLink = null;
    else if (change.imageKey !== undefined) {
      const image = await repo.findImage(tx, caller.applicationId, change.imageKey.toLowerCase());
      if (!image || !isImageType(image.contentType)) {
        throw badRequest('INVALID_PARAMETER', 'Upload the picture first (a PNG, JPEG, GIF or WebP image).', [
          { path: 'imageKey', message: 'is not an uploaded image' },
        ]);
      }
      imageLink = fileUrl(deps.publicUrl, image.id);
    }
    await repo.updateMember(tx, caller.applicationId, caller.userId, {
      ...(change.name === undefined ? {} : { displayName: change.name }),
      ...(change.contactNumber === undefined ? {} : { contactNumber: change.contactNumber?.trim() || null }),
      ...(imageLink === undefined ? {} : { imageLink }),
    });
    if (change.timeZone !== undefined) {
      await repo.saveTimeZone(tx, caller.applicationId, caller.userId, change.timeZone);
    }
    if (change.language !== undefined) {
      await repo.saveLanguage(tx, caller.applicationId, caller.userId, change.language);
    }
  });
  return read(deps, caller);
}

/** The dashboard language a member chose (agent assist translates into it); null when none. */
export async function memberLanguage(db: Db, applicationId: string, userId: string) {
  const row = await repo.findMemberWithPreferences(db, applicationId, userId);
  const language = row?.language;
  return isSupportedLanguage(language) ? language : null;
}
