import { defaultSettings } from '@planta/contracts';
import { deviceClassAtom, deviceSettingsAtom, deviceSettingsKey, splitDeviceSettings, updateDeviceSettingsAtom } from './device-settings';
import { applyRouteSettings, createDefaultUser, currentSettingsAtom, sessionStore, userAtom } from './session.atoms';
import { mergeSettings } from './settings';

beforeEach(() => {
  localStorage.clear();
  const user = createDefaultUser();
  sessionStore.set(userAtom, { ...user, role: ['staff'], data: { ...user.data, id: 7, settings: { theme: { main: 'defaultDark' } } } });
  sessionStore.set(deviceClassAtom, 'touch');
  sessionStore.set(currentSettingsAtom, mergeSettings(defaultSettings));
});

describe('device settings (issue 9: folding the navbar on a tablet must not fold it on the desktop)', () => {
  it('split the navbar folding from the rest of a change', () => {
    expect(splitDeviceSettings({ layout: { config: { navbar: { folded: true } } } })).toEqual({
      device: { layout: { config: { navbar: { folded: true } } } },
      user: null,
    });
    expect(splitDeviceSettings({ theme: { main: 'defaultDark' }, layout: { style: 'layout2', config: { navbar: { folded: false, display: true } } } })).toEqual(
      {
        device: { layout: { config: { navbar: { folded: false } } } },
        user: { theme: { main: 'defaultDark' }, layout: { style: 'layout2', config: { navbar: { display: true } } } },
      },
    );
    expect(splitDeviceSettings({ animations: false })).toEqual({ device: null, user: { animations: false } });
  });

  it('keep the folding per user and device class in localStorage, over the user settings and under the route', () => {
    sessionStore.set(updateDeviceSettingsAtom, { layout: { config: { navbar: { folded: true } } } });
    expect(JSON.parse(localStorage.getItem(deviceSettingsKey(7, 'touch'))!)).toEqual({ layout: { config: { navbar: { folded: true } } } });
    expect(localStorage.getItem(deviceSettingsKey(7, 'desktop'))).toBeNull();

    applyRouteSettings(null, sessionStore.get(deviceSettingsAtom));
    expect(sessionStore.get(currentSettingsAtom).layout.config.navbar.folded).toBe(true);
    expect(sessionStore.get(currentSettingsAtom).theme.main).toBe('defaultDark');

    // The same user on a desktop: not folded.
    sessionStore.set(deviceClassAtom, 'desktop');
    applyRouteSettings(null, sessionStore.get(deviceSettingsAtom));
    expect(sessionStore.get(currentSettingsAtom).layout.config.navbar.folded).toBe(false);

    // A route's own settings still win.
    sessionStore.set(deviceClassAtom, 'touch');
    applyRouteSettings({ layout: { config: { navbar: { folded: false } } } }, sessionStore.get(deviceSettingsAtom));
    expect(sessionStore.get(currentSettingsAtom).layout.config.navbar.folded).toBe(false);
  });

  it('read nothing from a damaged stored value', () => {
    localStorage.setItem(deviceSettingsKey(7, 'touch'), '{not json');
    expect(sessionStore.get(deviceSettingsAtom)).toEqual({});
  });
});
