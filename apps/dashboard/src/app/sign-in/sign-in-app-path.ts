// Apart from sign-in-app.tsx: boot reads it to choose which app to load.

import { normalizePath } from '@convo/domain';
import { PATHS } from '../routing/paths';

/** The paths the sign-in app shows; any other one is the whole app's. */
export function isSignInPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === PATHS.login || path === PATHS.loginSso;
}
