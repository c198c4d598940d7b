import type { Settings, UserSettings } from '@planta/contracts';

/** Every key optional, at every depth; arrays are taken whole. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** What a route (or the user's profile) may override in the settings. */
export type SettingsPatch = DeepPartial<Settings>;

/** Keys never copied from a patch: settings come from the server and routes, never onto prototypes. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function cloneData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneData(item)) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) if (!UNSAFE_KEYS.has(key)) copy[key] = cloneData(value[key]);
    return copy as T;
  }
  return value;
}

function mergeInto(target: unknown, source: unknown): unknown {
  if (source === undefined) return cloneData(target);
  if (!isPlainObject(source) || !isPlainObject(target)) return cloneData(source);
  const result = cloneData(target) as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (UNSAFE_KEYS.has(key) || source[key] === undefined) continue;
    result[key] = mergeInto(target[key], source[key]);
  }
  return result;
}

/**
 * Spec 2.5 / 4: the settings a page is shown with. Starts from `defaults`, applies the user's own
 * settings (theme, layout style, ...) and then the matching route's settings, which win (a route
 * such as /login hides the navbar whatever the user prefers). Objects are merged deeply, arrays
 * and other values are replaced, `undefined` leaves the value below untouched. Inputs are not
 * modified; the result shares no objects with them.
 */
export function mergeSettings(defaults: Settings, routeSettings?: SettingsPatch | null, userSettings?: SettingsPatch | UserSettings | null): Settings {
  let merged: unknown = cloneData(defaults);
  if (userSettings) merged = mergeInto(merged, userSettings);
  if (routeSettings) merged = mergeInto(merged, routeSettings);
  return merged as Settings;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
    const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/** Spec 4: the current settings are replaced only when the computed ones differ (by value). */
export function settingsChanged(a: Settings | SettingsPatch, b: Settings | SettingsPatch): boolean {
  return !deepEqual(a, b);
}

/** Class added to <body> while animations are off (spec 4). */
export const NO_ANIMATE_CLASS = 'no-animate';

export interface AnimationDurations {
  /** global transition duration, ms */
  global: number;
  /** hover transition duration, ms */
  hover: number;
}

/** Spec 4: animations off → every duration 0; on → 1000 ms global and 400 ms on hover. */
export function animationDurations(animations: boolean): AnimationDurations {
  return animations ? { global: 1000, hover: 400 } : { global: 0, hover: 0 };
}
