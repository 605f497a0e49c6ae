// The blocked-domain messages of SPEC §8: "a multiple-accounts-on-domain message (trial scope
// exceeded) and a frequent-signups message (refuses competitor research use); both ask to get in
// touch or buy a plan". SPEC gives neither their wording nor a code nor the rule behind the second;
// the threshold, the code and the text here are ours (docs/decisions.md).

import { BILLING_ROUTE, isBillingPath } from '../accounts';
import { PLAN } from '../billing';
import { emailDomain, isBlockedSignupDomain } from '../shared';

/** Why an account is blocked by its e-mail domain; stored with the application it applies to. */
export const SIGNUP_BLOCK = {
  MULTIPLE_ACCOUNTS: 'multiple-accounts',
  FREQUENT_SIGNUPS: 'frequent-signups',
} as const;
export type SignupBlock = (typeof SIGNUP_BLOCK)[keyof typeof SIGNUP_BLOCK];
export const SIGNUP_BLOCKS: readonly SignupBlock[] = Object.values(SIGNUP_BLOCK);

/** Sign-ups of one company domain counted over this many days… */
export const FREQUENT_SIGNUPS_WINDOW_DAYS = 30;
/** …of which this many are let through; the next one in the window is a frequent sign-up. */
export const FREQUENT_SIGNUPS_ALLOWED = 3;

/**
 * Mail providers whose domain many unrelated people share: sign-ups there say nothing about one
 * company, so they are never counted together.
 */
export const SHARED_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'zoho.com',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'qq.com',
  '163.com',
  'rediffmail.com',
];

/** The domain a sign-up is counted under, or null when it is not one company's (shared or none). */
export function companyDomainOf(email: string): string | null {
  const domain = emailDomain(email);
  if (domain === '' || SHARED_MAIL_DOMAINS.includes(domain)) return null;
  return domain;
}

/**
 * A new sign-up's block: frequent sign-ups when `earlierSignups` of its company domain were made
 * within the window already (more than FREQUENT_SIGNUPS_ALLOWED including this one), else none.
 */
export function frequentSignupBlock(earlierSignups: number): SignupBlock | null {
  return earlierSignups >= FREQUENT_SIGNUPS_ALLOWED ? SIGNUP_BLOCK.FREQUENT_SIGNUPS : null;
}

/** A block holds while the account has bought nothing: on the trial or free plan. */
export function signupBlockHolds(plan: string): boolean {
  return plan === PLAN.TRIAL || plan === PLAN.FREE;
}

/** API code of a member call refused for frequent sign-ups (HTTP 402: buying a plan lifts it). */
export const FREQUENT_SIGNUPS = 'FREQUENT_SIGNUPS';
export const FREQUENT_SIGNUPS_MESSAGE =
  'Many accounts have been signed up from your email domain in a short time. Trial accounts are not for competitor research: to keep using the product, get in touch with us or buy a plan.';

export interface SignupBlockRefusal {
  code: typeof FREQUENT_SIGNUPS;
  message: string;
  /** Where the member can lift it: the billing page. */
  redirect: string;
}

/** The refusal of a member call of a blocked account; null when no block holds. */
export function signupBlockRefusal(block: string | null, plan: string): SignupBlockRefusal | null {
  if (block !== SIGNUP_BLOCK.FREQUENT_SIGNUPS || !signupBlockHolds(plan)) return null;
  return { code: FREQUENT_SIGNUPS, message: FREQUENT_SIGNUPS_MESSAGE, redirect: BILLING_ROUTE };
}

export interface DomainBlockInput {
  email: string | null | undefined;
  plan: string | null | undefined;
  /** The application's stored block (frequent sign-ups), if any. */
  signupBlock?: string | null | undefined;
  path: string;
}

/**
 * Which blocked-domain modal the dashboard shows (SPEC §2 default view, step 1), or null: frequent
 * sign-ups while on the trial or free plan; a disposable domain on the free plan (the
 * multiple-accounts message). Never on the billing pages, where the way out is.
 */
export function domainBlockReason({ email, plan, signupBlock, path }: DomainBlockInput): SignupBlock | null {
  if (plan == null || isBillingPath(path)) return null;
  if (signupBlock === SIGNUP_BLOCK.FREQUENT_SIGNUPS && signupBlockHolds(plan)) {
    return SIGNUP_BLOCK.FREQUENT_SIGNUPS;
  }
  if (plan === PLAN.FREE && isBlockedSignupDomain(email)) return SIGNUP_BLOCK.MULTIPLE_ACCOUNTS;
  return null;
}
