// Public routes, landing pages and path rules of SPEC §2 and §6.

import type { ProductVariant } from '../shared';
import { normalizePath } from '../shared';
import { type CompanySetting, canAccessPath, PRODUCT_VARIANT, type Product } from './permissions';
import type { RoleType } from './roles';

export const PUBLIC_ROUTES = [
  '/',
  '/loginv2',
  '/loginv2/sso',
  '/login',
  '/login/sso',
  '/dialogflow-callback',
  '/email/update',
  '/email/validate',
  '/subscribe',
  '/unsubscribe',
  '/signup',
  '/signupV2',
  '/help',
  '/setUpPage',
  '/installation',
  '/404',
  '/password/update',
  '/apps',
  '/bigcommerce',
  '/startingup',
  '/getstarted',
  '/live-agent',
  '/2fa/setup',
  '/document-preview',
  // ours: development mail viewer and the password-reset request page
  '/dev/mailbox',
  '/password/reset',
] as const;
export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

/**
 * SPEC §2's `{token}` route: `/t/<token>`, the single-use sign-in link of the agent app's QR code
 * (docs/decisions.md). One segment of URL-safe characters, nothing below it.
 */
export const TOKEN_ROUTE_PATTERN = /^\/t\/[A-Za-z0-9_-]+$/;

/**
 * Exact match after dropping trailing slash, query and hash (paths are case-sensitive), or the
 * `{token}` route.
 */
export function isPublicRoute(path: string): boolean {
  const normalized = normalizePath(path);
  return (PUBLIC_ROUTES as readonly string[]).includes(normalized) || TOKEN_ROUTE_PATTERN.test(normalized);
}

export const LOGIN_ROUTE = '/loginv2';
export const SIGNUP_ROUTE = '/signup';
export const STARTING_UP_ROUTE = '/startingup';
export const BILLING_ROUTE = '/settings/billing';
export const ACCOUNT_SUSPENDED_ROUTE = '/account-suspended';
export const TRIAL_EXPIRED_ROUTE = '/trial-expired';
export const SERVICE_WORKER_PATH = '/service-worker.js';

export const DEFAULT_LANDING: Readonly<Record<ProductVariant, string>> = {
  classic: '/dashboard',
  agentic: '/bots/manage-bots',
};

/** Landing candidates in menu order; the first one the user may open wins. */
export const LANDING_CANDIDATES: Readonly<Record<ProductVariant, readonly string[]>> = {
  classic: ['/dashboard', '/conversations', '/users', '/bots/manage-bots', '/reports', '/settings/profile'],
  agentic: ['/bots/manage-bots', '/conversations', '/settings/profile'],
};

export interface LandingInput {
  variant: ProductVariant;
  /** Defaults to the product matching the variant. */
  product?: Product;
  roleType: RoleType | null | undefined;
  companySetting?: CompanySetting | null;
}

/** Default landing unless the role cannot open it; falls back to DEFAULT_LANDING if nothing fits. */
export function firstAccessibleRoute({ variant, product, roleType, companySetting }: LandingInput): string {
  const resolvedProduct = product ?? (variant === PRODUCT_VARIANT.agent ? 'agent' : 'classic');
  const found = LANDING_CANDIDATES[variant].find((path) =>
    canAccessPath(path, roleType, companySetting, resolvedProduct),
  );
  return found ?? DEFAULT_LANDING[variant];
}

export const NOTIFICATION_HIDDEN_PATH_PARTS = [
  '/subscribe',
  '/unsubscribe',
  '/agenticfirst',
  '/live-agent',
] as const;

/** The notification and third-party script area is hidden on these paths (substring match). */
export function isNotificationAreaHidden(path: string): boolean {
  return NOTIFICATION_HIDDEN_PATH_PARTS.some((part) => path.includes(part));
}

export const SUPPORT_WIDGET_EXCLUDED_PATH_PARTS = [
  '/signup',
  '/dialogflow/callback',
  '/password/update',
] as const;

/** Path part of the support-widget rule (§6); the privilege and plan checks are the caller's. */
export function isSupportWidgetPathAllowed(path: string): boolean {
  return !SUPPORT_WIDGET_EXCLUDED_PATH_PARTS.some((part) => path.includes(part));
}

/** Billing pages stay reachable when other screens are blocked (domain block, subscription). */
export function isBillingPath(path: string): boolean {
  const p = normalizePath(path);
  return p === BILLING_ROUTE || p.startsWith(`${BILLING_ROUTE}/`);
}
