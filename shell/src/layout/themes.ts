import { webLightTheme, type Theme } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

/** Theme names kept in the settings (spec 9 defaults: main default, navbar dark, toolbar light, footer dark). */
export const LIGHT_THEME = 'default';
export const DARK_THEME = 'defaultDark';
export const THEME_NAMES = [LIGHT_THEME, DARK_THEME] as const;

export function isDarkTheme(name: string | null | undefined): boolean {
  return /dark/i.test(name ?? '');
}

/**
 * Fluent's light theme with three palette text colours darkened to keep text ≥ 4.5:1 on the
 * portal's greys: outline and ghost badges write in them (the die summary's time per state, the
 * severity and priority chips), and Fluent's own values fall short there: severe #da3b01 is 4.37:1
 * on #fafafa, warning #817400 4.35:1 and danger #d13438 4.33:1 on #f5f5f5 / #f0f0f0. Each now takes a
 * darker step (4.8:1 or more on #f0f0f0); the dark theme's counterparts are light and pass as they are.
 */
export const lightTheme: Theme = {
  ...webLightTheme,
  colorPaletteDarkOrangeForeground3: webLightTheme.colorPaletteDarkOrangeForeground1,
  colorPaletteRedForeground3: webLightTheme.colorPaletteRedForeground1,
  colorPaletteYellowForeground2: '#6c6100',
};

// The dark theme's tokens (about 6 KB gzip) are not on the sign-in page, which is light: they come
// with the chrome (layout-frame.tsx provides them, for the dark navbar and footer) or, for a page
// whose main theme is dark, are downloaded by useFluentTheme.
let darkTheme: Theme | undefined;
let darkThemeDownload: Promise<Theme> | undefined;

export function provideDarkTheme(theme: Theme): void {
  darkTheme = theme;
}

function downloadDarkTheme(): Promise<Theme> {
  darkThemeDownload ??= import('./dark-theme').then(
    (module) => (darkTheme = module.webDarkTheme),
    (error: unknown) => {
      // Offline before it was ever loaded: the page stays light, and the next render asks again.
      darkThemeDownload = undefined;
      throw error;
    },
  );
  return darkThemeDownload;
}

/** The Fluent theme a settings theme name stands for (light until the dark one is there). */
export function fluentTheme(name: string | null | undefined): Theme {
  return isDarkTheme(name) ? (darkTheme ?? lightTheme) : lightTheme;
}

/** fluentTheme, and the page drawn again once a dark theme it asks for has been downloaded. */
export function useFluentTheme(name: string | null | undefined): Theme {
  const dark = isDarkTheme(name);
  const [, setDownloaded] = useState(0);
  useEffect(() => {
    if (!dark || darkTheme) return;
    let current = true;
    downloadDarkTheme().then(
      () => current && setDownloaded((count) => count + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [dark]);
  return fluentTheme(name);
}
