import type { Settings, UserSettings } from '@planta/contracts';
import {
  defaultSettingsAtom,
  errorMessage,
  mergeSettings,
  splitDeviceSettings,
  updateDeviceSettingsAtom,
  updateUser,
  userAtom,
  type SettingsPatch,
} from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from './user-language.hook';

/** What the user may change and keep (the contract's userSettingsSchema): layout, theme, direction, animations, language. */
export type SettingsChange = UserSettings;

/** Deep merge of a change into the user's stored settings (objects merged, other values replaced). */
export function mergeUserSettings(stored: UserSettings | undefined, change: SettingsChange): UserSettings {
  return mergeSettings((stored ?? {}) as unknown as Settings, change as SettingsPatch) as unknown as UserSettings;
}

/** The part of a change that the layout settings hold (everything but the language). */
function settingsPart(change: SettingsChange): SettingsPatch {
  const { language: _language, ...rest } = change;
  return rest as SettingsPatch;
}

/**
 * Applies a settings change. What belongs to the device (the navbar's folding) is kept in this
 * browser for this device class (libs/session device-settings.ts); the rest goes into the defaults
 * every route merges over, into the user's own settings (which win over the defaults), and, for a
 * signed-in user, on the server through `updateUser({ settings })` (spec 4: settings persist per user).
 */
export function useUpdateSettings(): (change: SettingsChange) => Promise<void> {
  const store = useStore();
  return useCallback(
    async (whole: SettingsChange) => {
      const { device, user: change } = splitDeviceSettings(whole);
      if (device) store.set(updateDeviceSettingsAtom, device);
      if (!change) return;
      store.set(defaultSettingsAtom, mergeSettings(store.get(defaultSettingsAtom), settingsPart(change)));
      const user = store.get(userAtom);
      const settings = mergeUserSettings(user.data.settings, change);
      store.set(userAtom, { ...user, data: { ...user.data, settings } });
      if (user.role.length === 0) return;
      try {
        await updateUser({ settings });
      } catch (error) {
        showSnackbar({ message: errorMessage(error), variant: 'error' });
      }
    },
    [store],
  );
}

/**
 * Switches the interface language (and with it the direction) and keeps it in the user's settings;
 * a language whose texts cannot be downloaded is neither switched to nor kept.
 */
export function useChangeLanguage(): (language: string) => Promise<void> {
  const { i18n } = useTranslation();
  const update = useUpdateSettings();
  return useCallback(
    async (language: string) => {
      const change = await applyLanguage(language, i18n);
      if (!change) return;
      await update({ language: change.language, direction: change.direction });
    },
    [i18n, update],
  );
}
