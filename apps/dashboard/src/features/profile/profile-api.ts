import { TEAM_ADMIN_PATHS as P, type ProfileUpdateRequest, profileResponseSchema } from '@convo/api';
import { PROFILE_IMAGE_RANDOM_MAX, PROFILE_IMAGE_RANDOM_MIN } from '@convo/domain';
import { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';
import { joinUrl, parseResponse } from '../../app/api/api-error';
import { messagingAuthHeaders } from '../../app/api/authorized-file';
import { configStore } from '../../app/config/config-store';

export const profileKey = ['settings', 'profile'] as const;

export async function fetchProfile() {
  return (await apiRequest(P.profile, { schema: profileResponseSchema })).data;
}

export async function updateProfile(body: ProfileUpdateRequest) {
  return (await apiRequest(P.profile, { method: 'PATCH', body, schema: profileResponseSchema })).data;
}

const UPLOAD_IMAGE_PATH = '/rest/ws/upload/image';
const uploadedSchema = z.object({ key: z.string(), url: z.string() });

/** SPEC §9: a profile image is named by the time plus a random number from 1 to 1000. */
export function profileImageName(file: File, now = Date.now(), random = Math.random()): string {
  const n =
    PROFILE_IMAGE_RANDOM_MIN + Math.floor(random * (PROFILE_IMAGE_RANDOM_MAX - PROFILE_IMAGE_RANDOM_MIN + 1));
  const ext = /\.[a-z0-9]{1,5}$/i.exec(file.name)?.[0]?.toLowerCase() ?? '';
  return `${now}${n}${ext}`;
}

/** Multipart upload to upload/image (apiRequest sends JSON only); the server checks type and size. */
export async function uploadProfileImage(file: File) {
  const base = configStore.getState().config?.messagingBaseUrl ?? '';
  const form = new FormData();
  form.append('file', file, profileImageName(file));
  const response = await fetch(joinUrl(base, UPLOAD_IMAGE_PATH), {
    method: 'POST',
    headers: messagingAuthHeaders(),
    body: form,
  });
  return parseResponse(
    { status: response.status, ok: response.ok, body: await response.text() },
    uploadedSchema,
    'messaging',
  );
}
