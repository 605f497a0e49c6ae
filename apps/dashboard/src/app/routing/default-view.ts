// The default view of SPEC §2, as a pure decision. The catch-all route renders what this returns.

import { domainBlockReason, isPublicRoute, normalizePath, type SignupBlock } from '@convo/domain';
import { PATHS } from './paths';
import { loginUrlWithReferrer } from './referrer';

export interface DefaultViewInput {
  /** What the decision needs of the session, or null when signed out. */
  session: { email: string; plan: string; signupBlock?: string | null | undefined } | null;
  pathname: string;
  search: string;
  /** Local onboarding data says getStarted. */
  onboardingGetStarted: boolean;
  /** A referrer path is stored (then the query is kept on the /startingup redirect). */
  hasStoredReferrer: boolean;
  /** The first accessible built route (see landingPath). */
  landingPath: string;
}

export type DefaultViewDecision =
  /** (1) Blocked by the e-mail domain (SPEC §8's two reasons), outside billing: blocking modal. */
  | { kind: 'domain-blocked'; reason: SignupBlock }
  /** (2) and (3): go elsewhere, replacing the history entry. */
  | { kind: 'redirect'; to: string }
  /** (3) The signed-in dashboard container (layout + authenticated routes). */
  | { kind: 'container' }
  /** Signed out on a public path that has no screen of its own yet. */
  | { kind: 'public' }
  /** (4) Signed out: to the login page with a referrer; `logout` when the path is not public. */
  | { kind: 'login'; to: string; logout: boolean };

export function decideDefaultView(input: DefaultViewInput): DefaultViewDecision {
  const { session, pathname, search } = input;
  const path = normalizePath(pathname);
  if (session !== null) {
    const reason = domainBlockReason({ ...session, path });
    if (reason !== null) return { kind: 'domain-blocked', reason };
    if (input.onboardingGetStarted && path !== PATHS.startingUp) {
      return { kind: 'redirect', to: `${PATHS.startingUp}${input.hasStoredReferrer ? search : ''}` };
    }
    if (pathname === '/') return { kind: 'redirect', to: input.landingPath };
    return { kind: 'container' };
  }
  const isPublic = isPublicRoute(path);
  if (isPublic && path !== '/') return { kind: 'public' };
  return { kind: 'login', to: loginUrlWithReferrer(pathname, search), logout: !isPublic };
}

export interface LandingInput {
  /** The variant's preferred landing page (DEFAULT_LANDING). */
  preferred: string;
  /** Built authenticated routes, in navigation order. */
  built: readonly string[];
  canAccess: (path: string) => boolean;
}

/** The preferred landing when it is built and allowed, else the first built route the user may open. */
export function landingPath({ preferred, built, canAccess }: LandingInput): string {
  const candidates = [preferred, ...built];
  return candidates.find((path) => built.includes(path) && canAccess(path)) ?? PATHS.help;
}
