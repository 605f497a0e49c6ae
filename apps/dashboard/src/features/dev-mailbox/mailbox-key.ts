// The local mailbox answers only the operator: the server prints a link ending in `#key=…` at
// start. The page keeps the key for the tab (a reload still works) and takes it out of the
// address bar; a fragment never reaches a server log or a Referer.

const STORAGE_KEY = 'convo.devMailboxKey';
/** The header the server reads the key from (apps/server dev-mailbox/access.ts). */
export const MAILBOX_KEY_HEADER = 'X-Dev-Mailbox-Key';

/** The key in a location hash such as `#key=abc`, or null. */
export function keyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key === null || key.trim() === '' ? null : key.trim();
}

/** The key of this visit: from the link when it carries one (then remembered), else the remembered one. */
export function rememberMailboxKey(
  hash: string,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): string | null {
  const given = keyFromHash(hash);
  try {
    if (given !== null) storage.setItem(STORAGE_KEY, given);
    return given ?? storage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode and the like): the link's key still works for this view.
    return given;
  }
}
