import { createCloseGuard, isBlockedNotice, NOTIFICATION_CLOSE_GUARD_MS } from './close-guard';

describe('notification close guard (spec 4, 9)', () => {
  it('ignores closes within 1 second of the last accepted one', () => {
    let now = 10_000;
    const guard = createCloseGuard(NOTIFICATION_CLOSE_GUARD_MS, () => now);
    expect(guard()).toBe(true);
    now += 999;
    expect(guard()).toBe(false);
    now += 1;
    expect(guard()).toBe(true);
    now += 500;
    expect(guard()).toBe(false);
    expect(NOTIFICATION_CLOSE_GUARD_MS).toBe(1000);
  });

  it("recognises the 'bloqueado' notices", () => {
    expect(isBlockedNotice('La tarea 4 fue bloqueado por calidad')).toBe(true);
    expect(isBlockedNotice('Tarea desbloqueada')).toBe(false);
  });
});
