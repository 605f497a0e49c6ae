// Where to come back to after login: the `referrer` query of the login page, or the stored one.

import { normalizePath } from '@convo/domain';
import { PATHS } from './paths';

const MAX_REFERRER_LENGTH = 2000;
/** Pages that make no sense to return to after signing in. */
const NO_RETURN_PREFIXES = ['/loginv2', '/login', '/signup', '/signupV2', '/password', '/email/validate'];

/** A same-origin path (with optional query) that is safe to navigate to, else null. */
export function safeReferrer(value: string | null | undefined): string | null {
  if (value == null) return null;
  const referrer = value.trim();
  if (referrer === '' || referrer.length > MAX_REFERRER_LENGTH) return null;
  // Only absolute paths of this site: no scheme, no protocol-relative '//host', no '/\host'.
  if (!referrer.startsWith('/') || referrer.startsWith('//') || referrer.startsWith('/\\')) return null;
  const path = normalizePath(referrer).toLowerCase();
  if (
    NO_RETURN_PREFIXES.some(
      (prefix) => path === prefix.toLowerCase() || path.startsWith(`${prefix.toLowerCase()}/`),
    )
  ) {
    return null;
  }
  return referrer;
}

/** The login page URL that brings the user back to `pathname` + `search` afterwards. */
export function loginUrlWithReferrer(pathname: string, search: string): string {
  const query = search.startsWith('?') || search === '' ? search : `?${search}`;
  const referrer = safeReferrer(`${pathname}${query}`);
  if (referrer === null || (normalizePath(pathname) === '/' && query === '')) return PATHS.login;
  return `${PATHS.login}?${new URLSearchParams({ referrer }).toString()}`;
}

/** The referrer named in a query string, if it is safe. */
export function referrerFromSearch(search: string): string | null {
  return safeReferrer(new URLSearchParams(search).get('referrer'));
}
