import {
  ACCOUNT_SUSPENDED_ROUTE,
  type AccountState,
  BILLING_ROUTE,
  blockedStateRoute,
  normalizePath,
  TRIAL_EXPIRED_ROUTE,
} from '@convo/domain';

// Where SPEC §4's account states send the dashboard, as a pure decision.

/** Screens a blocked account may still open: its own screen, billing (to buy or pay), help, profile. */
const OPEN_WHEN_BLOCKED: readonly string[] = [
  BILLING_ROUTE,
  '/settings/helpcenter-billing',
  '/settings/profile',
  '/help',
];

const STATE_SCREENS: readonly string[] = [TRIAL_EXPIRED_ROUTE, ACCOUNT_SUSPENDED_ROUTE];

/**
 * The path to go to, or null to stay: a blocked state sends every other screen to its own; once
 * the account is in order again, its state screens send back to the landing page.
 */
export function billingRedirect(state: AccountState, pathname: string, landing: string): string | null {
  const path = normalizePath(pathname);
  const target = blockedStateRoute(state);
  if (target !== null) {
    if (path === target || OPEN_WHEN_BLOCKED.includes(path)) return null;
    return target;
  }
  return STATE_SCREENS.includes(path) ? landing : null;
}
