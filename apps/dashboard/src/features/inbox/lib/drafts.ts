// Unsent text per conversation under KM_DRAFT_MESSAGES (SPEC §3): `{ "<groupId>": "text" }`.

import { storage } from '../../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../../app/storage/storage-keys';

/** Reads the drafts map; anything unreadable counts as no drafts. */
export function parseDrafts(raw: string | null): Record<string, string> {
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** The map with this conversation's draft set, or removed when blank. */
export function withDraft(
  drafts: Record<string, string>,
  groupId: number,
  text: string,
): Record<string, string> {
  const next = { ...drafts };
  if (text.trim() === '') delete next[String(groupId)];
  else next[String(groupId)] = text;
  return next;
}

export function readDraft(groupId: number): string {
  return parseDrafts(storage.getItem(STORAGE_KEYS.drafts))[String(groupId)] ?? '';
}

export function saveDraft(groupId: number, text: string): void {
  const next = withDraft(parseDrafts(storage.getItem(STORAGE_KEYS.drafts)), groupId, text);
  if (Object.keys(next).length === 0) storage.removeItem(STORAGE_KEYS.drafts);
  else storage.setItem(STORAGE_KEYS.drafts, JSON.stringify(next));
}
