import { formatChatTime } from './chat-time';

describe("formatChatTime 'YYYY-MM-DD, hh:mm' (spec 3, 9)", () => {
  it('pads month, day, hours and minutes', () => {
    expect(formatChatTime(new Date(2026, 0, 5, 9, 7))).toBe('2026-01-05, 09:07');
  });

  it('reads ISO strings in local time', () => {
    const local = new Date(2025, 10, 21, 10, 30);
    expect(formatChatTime(local.toISOString())).toBe('2025-11-21, 10:30');
  });

  it('uses the 24-hour clock, so that afternoon and night messages never look alike', () => {
    expect(formatChatTime(new Date(2026, 6, 14, 13, 5))).toBe('2026-07-14, 13:05');
    expect(formatChatTime(new Date(2026, 6, 14, 1, 5))).toBe('2026-07-14, 01:05');
    expect(formatChatTime(new Date(2026, 6, 14, 0, 45))).toBe('2026-07-14, 00:45');
  });

  it('gives an empty text for an unreadable time', () => {
    expect(formatChatTime('no es una fecha')).toBe('');
  });
});
