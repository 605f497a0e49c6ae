// Which page a cold load lands on, from its path and whether a session is stored: boot and the
// early start in index.html (src/early/early-start.ts) both choose what to fetch by it, so it
// imports nothing but constants.

import { normalizePath } from '@convo/domain';
import { isSignInPath } from '../sign-in/sign-in-app-path';
import { CONVERSATIONS_PATH, DASHBOARD_PATH } from './paths';

/** sign-in: the sign-in app alone; dashboard, inbox: the prepared pages; app: any other page. */
export type Landing = 'sign-in' | 'dashboard' | 'inbox' | 'app';

/**
 * The namespaces of the signed-in shell itself (the application switcher in the user menu, the
 * connection banner): asked for once the shell had rendered, they drew it a second time.
 */
const SHELL_NAMESPACES = ['applications', 'inbox'];

/** The namespaces each landing needs besides the default one, loaded with it at start-up. */
export const LANDING_NAMESPACES: Readonly<Record<Landing, readonly string[]>> = {
  'sign-in': [],
  dashboard: ['analytics', ...SHELL_NAMESPACES],
  inbox: SHELL_NAMESPACES,
  app: [],
};

export function landingFor(pathname: string, signedIn: boolean): Landing {
  if (!signedIn) return isSignInPath(pathname) ? 'sign-in' : 'app';
  const path = normalizePath(pathname);
  if (path === DASHBOARD_PATH) return 'dashboard';
  if (path === CONVERSATIONS_PATH || path.startsWith(`${CONVERSATIONS_PATH}/`)) return 'inbox';
  return 'app';
}
