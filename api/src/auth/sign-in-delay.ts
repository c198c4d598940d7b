/**
 * How long a sign-in attempt must wait, from what the failures of the recent window say. A
 * growing delay instead of a lock: the right password always gets in once the wait is over, so
 * failures sent by somebody else can slow an account down but never shut its owner out.
 *
 * Three counts, each with its own threshold:
 * - this account from this address (someone mistyping, or guessing from one place);
 * - this account from many addresses (guessing spread over a botnet) — not applied where the
 *   account has signed in before, so its owner's usual tablet or office is not slowed;
 * - many accounts from this address (credential stuffing) — not applied to accounts that have
 *   signed in from this address before, so a plant behind one network address keeps working.
 */
export interface SignInLimits {
  /** Failures older than this are forgotten. */
  windowMinutes: number;
  /** Failures of one account from one address before each further attempt waits. */
  freeFailuresPerAccountAddress: number;
  /** Distinct addresses failing one account before unknown addresses wait. */
  addressesPerAccountBeforeDelay: number;
  /** Distinct accounts failing from one address before accounts unknown there wait. */
  accountsPerAddressBeforeDelay: number;
  /** The first wait; each further failure doubles it, up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Failures of the window, as read for one attempt. */
export interface FailureCounts {
  /** This account from this address. */
  pair: { failures: number; lastAt: Date | null };
  /** This account, over all addresses. */
  account: { addresses: number; lastAt: Date | null };
  /** This address, over all accounts. */
  address: { accounts: number; lastAt: Date | null };
  /** The account has signed in successfully from this address before. */
  knownAddress: boolean;
}

/** Seconds of delay after `count` failures past a threshold of `free` (0 while within it). */
export function delayAfter(count: number, free: number, limits: SignInLimits): number {
  const over = count - free;
  if (over < 0) return 0;
  return Math.min(limits.maxDelaySeconds, limits.baseDelaySeconds * 2 ** Math.min(over, 30));
}

/** Whole seconds to wait before this attempt is heard; 0 when it may go ahead now. */
export function signInWait(counts: FailureCounts, limits: SignInLimits, now: Date): number {
  const remaining = (lastAt: Date | null, delaySeconds: number) =>
    lastAt && delaySeconds > 0 ? Math.max(0, Math.ceil((lastAt.getTime() + delaySeconds * 1000 - now.getTime()) / 1000)) : 0;
  const waits = [remaining(counts.pair.lastAt, delayAfter(counts.pair.failures, limits.freeFailuresPerAccountAddress, limits))];
  if (!counts.knownAddress) {
    waits.push(remaining(counts.account.lastAt, delayAfter(counts.account.addresses, limits.addressesPerAccountBeforeDelay, limits)));
    waits.push(remaining(counts.address.lastAt, delayAfter(counts.address.accounts, limits.accountsPerAddressBeforeDelay, limits)));
  }
  return Math.max(...waits);
}
