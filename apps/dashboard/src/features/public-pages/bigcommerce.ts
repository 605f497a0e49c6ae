// The BigCommerce marketplace link (SPEC §2 "BigCommerce page"): what it carries, as a pure reading.

import { validateEmail } from '@convo/domain';

/** The signup source a BigCommerce link marks (SPEC §2). */
export const BIGCOMMERCE_SIGNUP_SOURCE = 'bigCommerce';

/** Stored under STORAGE_KEYS.bigCommerce, in the shape the key's comment names. */
export interface BigCommerceData {
  accessToken: string;
  bcEmail: string;
  storeHash: string;
}

export type BigCommerceLink =
  | { ok: true; data: BigCommerceData }
  | { ok: false; missing: ('accessToken' | 'email' | 'storeHash')[] };

export function parseBigCommerceLink(search: string): BigCommerceLink {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() ?? '';
  const accessToken = read('accessToken');
  const email = read('email').toLowerCase();
  const storeHash = read('storeHash');
  const missing: ('accessToken' | 'email' | 'storeHash')[] = [];
  if (accessToken === '') missing.push('accessToken');
  if (!validateEmail(email).ok) missing.push('email');
  if (storeHash === '') missing.push('storeHash');
  return missing.length > 0
    ? { ok: false, missing }
    : { ok: true, data: { accessToken, bcEmail: email, storeHash } };
}

/** The sign-up form starts with the store owner's e-mail when a BigCommerce link was opened. */
export function bigCommerceEmail(stored: Partial<BigCommerceData> | null): string {
  return typeof stored?.bcEmail === 'string' ? stored.bcEmail : '';
}
