import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';

/** Theme names kept in the settings (spec 9 defaults: main default, navbar dark, toolbar light, footer dark). */
export const LIGHT_THEME = 'default';
export const DARK_THEME = 'defaultDark';
export const THEME_NAMES = [LIGHT_THEME, DARK_THEME] as const;

export function isDarkTheme(name: string | null | undefined): boolean {
  return /dark/i.test(name ?? '');
}

/** The Fluent theme a settings theme name stands for. */
export function fluentTheme(name: string | null | undefined): Theme {
  return isDarkTheme(name) ? webDarkTheme : webLightTheme;
}
