import { atom } from 'jotai';
import type { Settings } from '@planta/contracts';
import { readStored, userAtom, writeStored } from './session.atoms';
import { mergeSettings, type SettingsPatch } from './settings';

/**
 * Settings that belong to the device in the user's hands rather than to the user: a navbar folded
 * on a shop-floor tablet to make room must stay open on the same user's office desktop. They are
 * kept in this browser's localStorage, per user and per device class, never in the server-side
 * profile; every other setting still follows the user everywhere.
 */
export type DeviceClass = 'touch' | 'desktop';

/** Touch screens and tablets: a coarse pointer, or no wider than a landscape tablet (1024 px). */
export const TOUCH_QUERY = '(pointer: coarse), (max-width: 1024px)';

export function detectDeviceClass(): DeviceClass {
  const touch = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches;
  return touch ? 'touch' : 'desktop';
}

/** The device class the settings are read for; the layout follows the media query into it. */
export const deviceClassAtom = atom<DeviceClass>(detectDeviceClass());

/** The localStorage key of one user's settings on one device class. */
export function deviceSettingsKey(userId: number, device: DeviceClass): string {
  return `planta.deviceSettings.${userId}.${device}`;
}

function parse(raw: string | null): SettingsPatch {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SettingsPatch) : {};
  } catch {
    return {};
  }
}

/** Bumped on every write, so that the stored value is read again. */
const revisionAtom = atom(0);

/** The signed-in user's settings for this device class (an empty patch when none are kept). */
export const deviceSettingsAtom = atom((get) => {
  get(revisionAtom);
  return parse(readStored(deviceSettingsKey(get(userAtom).data.id, get(deviceClassAtom))));
});

/** Merges a change into the stored device settings of the signed-in user and this device class. */
export const updateDeviceSettingsAtom = atom(null, (get, set, change: SettingsPatch) => {
  const key = deviceSettingsKey(get(userAtom).data.id, get(deviceClassAtom));
  const next = mergeSettings(parse(readStored(key)) as Settings, change);
  writeStored(key, JSON.stringify(next));
  set(revisionAtom, get(revisionAtom) + 1);
});

/**
 * Splits a settings change into what is kept per device (the navbar's folding) and what is kept
 * in the user's profile (everything else). Either part is null when the change has none of it.
 */
export function splitDeviceSettings<T extends SettingsPatch>(change: T): { device: SettingsPatch | null; user: T | null } {
  const folded = change.layout?.config?.navbar?.folded;
  if (folded === undefined) return { device: null, user: change };
  const device: SettingsPatch = { layout: { config: { navbar: { folded } } } };
  const { folded: _folded, ...navbar } = change.layout!.config!.navbar!;
  const config = { ...change.layout!.config!, navbar };
  if (Object.keys(navbar).length === 0) delete (config as { navbar?: unknown }).navbar;
  const layout = { ...change.layout!, config };
  if (Object.keys(config).length === 0) delete (layout as { config?: unknown }).config;
  const user = { ...change, layout } as T;
  if (Object.keys(layout).length === 0) delete (user as { layout?: unknown }).layout;
  return { device, user: Object.keys(user).length === 0 ? null : user };
}
