// Sign-in throttling (issue 14): failures are counted on separate counters (the account, the
// address, or a known device), and past the free tries each counter locks with a doubling backoff.

export interface SignInThrottlePolicy {
  /** Failures a counter allows before it locks. */
  maxFailures: number;
  /** Lock after the last free failure; each further failure doubles it. */
  baseLockMs: number;
  /** No lock is longer than this (and a counter forgets its failures after it). */
  maxLockMs: number;
}

/** How long a counter stays locked after its `failures`-th failure (0: not locked yet). */
export function lockAfterFailure(failures: number, policy: SignInThrottlePolicy): number {
  if (failures < policy.maxFailures) return 0;
  const doublings = Math.min(failures - policy.maxFailures, 30);
  return Math.min(policy.baseLockMs * 2 ** doublings, policy.maxLockMs);
}

/**
 * Which counters an attempt is charged to. A known device (one that signed in to this account
 * before) has a counter of its own, so strangers' failures on the account or on a shared address
 * never lock its owner out; anybody else is counted per account and per address.
 */
export function signInCounters(who: { account: string; address: string; device: string | null }): string[] {
  if (who.device) return [`device:${who.device}`];
  return [`account:${who.account.trim().toLowerCase()}`, `address:${who.address}`];
}

/** Whole minutes to announce for a wait, at least one. */
export function retryMinutes(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 60_000));
}

/** The 429 message of every limit (sign-in, sign-up, floods). */
export function rateLimitedMessage(waitMs: number): string {
  return `Too many attempts. Try again in ${retryMinutes(waitMs)} minute(s).`;
}
