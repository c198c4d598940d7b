import { delayAfter, signInWait, type FailureCounts, type SignInLimits } from './sign-in-delay';

const limits: SignInLimits = {
  windowMinutes: 15,
  freeFailuresPerAccountAddress: 5,
  addressesPerAccountBeforeDelay: 10,
  accountsPerAddressBeforeDelay: 30,
  baseDelaySeconds: 1,
  maxDelaySeconds: 300,
};
const now = new Date('2026-11-22T10:00:00Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const counts = (overrides: Partial<FailureCounts> = {}): FailureCounts => ({
  pair: { failures: 0, lastAt: null },
  account: { addresses: 0, lastAt: null },
  address: { accounts: 0, lastAt: null },
  knownAddress: false,
  ...overrides,
});

describe('delayAfter', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 2],
    [7, 4],
    [13, 256],
    [14, 300],
    [1000, 300],
  ])('after %i failures of one account from one address waits %i s', (failures, seconds) => {
    expect(delayAfter(failures, limits.freeFailuresPerAccountAddress, limits)).toBe(seconds);
  });
});

describe('signInWait', () => {
  it.each<[string, FailureCounts, number]>([
    ['no failures', counts(), 0],
    ['four typos from the tablet', counts({ pair: { failures: 4, lastAt: secondsAgo(0) } }), 0],
    ['the sixth attempt right after the fifth failure', counts({ pair: { failures: 5, lastAt: secondsAgo(0) } }), 1],
    ['eight failures, the last 3 s ago: 8 s delay, 5 left', counts({ pair: { failures: 8, lastAt: secondsAgo(3) } }), 5],
    ['a delay that has passed', counts({ pair: { failures: 8, lastAt: secondsAgo(60) } }), 0],
    ['a botnet on the account, from an address it never used', counts({ account: { addresses: 12, lastAt: secondsAgo(1) } }), 3],
    ['a botnet on the account, from the address its owner signs in from', counts({ account: { addresses: 12, lastAt: secondsAgo(1) }, knownAddress: true }), 0],
    ['stuffing from the plant address, an account new there', counts({ address: { accounts: 31, lastAt: secondsAgo(0) } }), 2],
    ['stuffing from the plant address, a colleague who signs in there', counts({ address: { accounts: 31, lastAt: secondsAgo(0) }, knownAddress: true }), 0],
    ['one person mistyping does not slow an address with few failing accounts', counts({ address: { accounts: 1, lastAt: secondsAgo(0) } }), 0],
    ['the owner’s own typos still count at a known address', counts({ pair: { failures: 6, lastAt: secondsAgo(0) }, knownAddress: true }), 2],
  ])('%s', (_case, failureCounts, seconds) => {
    expect(signInWait(failureCounts, limits, now)).toBe(seconds);
  });

  it('never asks for more than the longest delay: the right password always gets in after it', () => {
    const flooded = counts({
      pair: { failures: 10_000, lastAt: secondsAgo(0) },
      account: { addresses: 5000, lastAt: secondsAgo(0) },
      address: { accounts: 5000, lastAt: secondsAgo(0) },
    });
    expect(signInWait(flooded, limits, now)).toBe(limits.maxDelaySeconds);
  });
});
