// Apart from sign-in-app.tsx: boot reads it to choose which app to load.

import { normalizePath } from '@convo/domain';
import { LOGIN_PATH, LOGIN_SSO_PATH } from '../routing/paths';

/** The paths the sign-in app shows; any other one is the whole app's. */
export function isSignInPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === LOGIN_PATH || path === LOGIN_SSO_PATH;
}
