import { defaultSettings, type Settings } from '@planta/contracts';
import { animationDurations, mergeSettings, settingsChanged } from './settings';
import { applyRouteSettings, currentSettingsAtom, sessionStore, userAtom, createDefaultUser } from './session.atoms';

describe('mergeSettings', () => {
  it('returns a copy of the defaults without overrides', () => {
    const merged = mergeSettings(defaultSettings);
    expect(merged).toEqual(defaultSettings);
    expect(merged).not.toBe(defaultSettings);
    expect(merged.layout.config.navbar).not.toBe(defaultSettings.layout.config.navbar);
  });

  it('merges route settings deeply over the defaults', () => {
    const merged = mergeSettings(defaultSettings, { layout: { config: { navbar: { display: false }, footer: { display: false } } } });
    expect(merged.layout.config.navbar).toEqual({ display: false, folded: false, position: 'left' });
    expect(merged.layout.config.footer).toEqual({ display: false, style: 'static' });
    expect(merged.layout.config.toolbar).toEqual(defaultSettings.layout.config.toolbar);
    expect(merged.layout.style).toBe('layout1');
    expect(merged.theme).toEqual(defaultSettings.theme);
  });

  it('applies user settings, and lets the route win over them', () => {
    const merged = mergeSettings(
      defaultSettings,
      { layout: { config: { navbar: { display: false } } } },
      { theme: { main: 'dark' }, layout: { style: 'layout3', config: { navbar: { display: true, folded: true } } } },
    );
    expect(merged.theme.main).toBe('dark');
    expect(merged.theme.navbar).toBe('defaultDark');
    expect(merged.layout.style).toBe('layout3');
    expect(merged.layout.config.navbar).toEqual({ display: false, folded: true, position: 'left' });
  });

  it('replaces arrays instead of merging them, and skips undefined values', () => {
    type WithList = Settings & { list: string[] };
    const base = { ...defaultSettings, list: ['a', 'b', 'c'] } as WithList;
    const merged = mergeSettings(base, { list: ['z'], animations: undefined } as never) as WithList;
    expect(merged.list).toEqual(['z']);
    expect(merged.animations).toBe(true);
  });

  it('does not modify its inputs nor copy prototype keys', () => {
    const before = JSON.stringify(defaultSettings);
    const route = JSON.parse('{"layout":{"config":{"mode":"boxed"}},"__proto__":{"polluted":true}}');
    const merged = mergeSettings(defaultSettings, route);
    expect(merged.layout.config.mode).toBe('boxed');
    expect(JSON.stringify(defaultSettings)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((merged as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('settingsChanged', () => {
  it('compares by value', () => {
    expect(settingsChanged(defaultSettings, mergeSettings(defaultSettings))).toBe(false);
    expect(settingsChanged(defaultSettings, mergeSettings(defaultSettings, { direction: 'rtl' }))).toBe(true);
    expect(settingsChanged(defaultSettings, mergeSettings(defaultSettings, { layout: { config: { toolbar: { position: 'above' } } } }))).toBe(true);
  });
});

describe('animationDurations (spec 4)', () => {
  it('is 0 when off, 1000 ms global and 400 ms hover when on', () => {
    expect(animationDurations(false)).toEqual({ global: 0, hover: 0 });
    expect(animationDurations(true)).toEqual({ global: 1000, hover: 400 });
  });
});

describe('applyRouteSettings', () => {
  afterEach(() => {
    sessionStore.set(userAtom, createDefaultUser());
    sessionStore.set(currentSettingsAtom, mergeSettings(defaultSettings));
  });

  it('updates the current settings only when the computed ones differ', () => {
    const hidden = { layout: { config: { navbar: { display: false }, toolbar: { display: false } } } };
    expect(applyRouteSettings(hidden)).toBe(true);
    const first = sessionStore.get(currentSettingsAtom);
    expect(first.layout.config.navbar.display).toBe(false);
    expect(applyRouteSettings(hidden)).toBe(false);
    expect(sessionStore.get(currentSettingsAtom)).toBe(first);
    expect(applyRouteSettings(undefined)).toBe(true);
    expect(sessionStore.get(currentSettingsAtom)).toEqual(defaultSettings);
  });

  it("includes the signed-in user's own settings", () => {
    const user = createDefaultUser();
    user.data.settings = { theme: { main: 'dark' } };
    sessionStore.set(userAtom, user);
    applyRouteSettings(null);
    expect(sessionStore.get(currentSettingsAtom).theme.main).toBe('dark');
  });
});
