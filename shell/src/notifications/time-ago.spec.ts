import { timeAgo } from './time-ago';

const now = new Date('2026-11-29T10:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;

describe('how long ago a notification came (issue 37)', () => {
  it.each([
    ['under a minute', before(20_000), 'ahora'],
    ['five minutes', before(5 * MINUTE + 10_000), 'hace 5 min'],
    ['two hours', before(2 * 60 * MINUTE + 5 * MINUTE), 'hace 2 h'],
    ['a day', before(26 * 60 * MINUTE), 'ayer'],
    ['three days', before(3 * 24 * 60 * MINUTE), 'hace 3 d'],
    ['a clock a little ahead', new Date(now.getTime() + 30_000).toISOString(), 'ahora'],
  ])('in Spanish: %s', (_case, at, expected) => {
    expect(timeAgo(at, now, 'es')).toBe(expected);
  });

  it('in the UI language', () => {
    expect(timeAgo(before(5 * MINUTE), now, 'en')).toBe('5 min. ago');
    expect(timeAgo(before(5 * MINUTE), now, 'tr')).toBe('5 dk. önce');
    expect(timeAgo(before(5 * MINUTE), now, 'ar')).not.toBe(timeAgo(before(5 * MINUTE), now, 'en'));
  });

  it('moves on as time passes', () => {
    const at = before(5 * MINUTE);
    expect(timeAgo(at, new Date(now.getTime() + 3 * MINUTE), 'es')).toBe('hace 8 min');
  });
});
