import { auth as arAuth } from './ar/auth';
import { common as arCommon } from './ar/common';
import { pages as arPages } from './ar/pages';
import { shell as arShell } from './ar/shell';
import { auth as enAuth } from './en/auth';
import { common as enCommon } from './en/common';
import { pages as enPages } from './en/pages';
import { shell as enShell } from './en/shell';
import { auth as esAuth } from './es/auth';
import { common as esCommon } from './es/common';
import { pages as esPages } from './es/pages';
import { shell as esShell } from './es/shell';
import { auth as trAuth } from './tr/auth';
import { common as trCommon } from './tr/common';
import { pages as trPages } from './tr/pages';
import { shell as trShell } from './tr/shell';
import type { BundleShape, LanguageBundles } from './types';
import type { LanguageCode } from '../languages';

export type { Bundle, BundleShape, LanguageBundles } from './types';

/** The namespaces this lib ships; each remote adds its own with registerBundles(). */
export const CORE_NAMESPACES = ['common', 'shell', 'auth', 'pages'] as const;
export type CoreNamespace = (typeof CORE_NAMESPACES)[number];

/** The Spanish bundles, which give every other language its shape. */
export interface CoreResources {
  common: typeof esCommon;
  shell: typeof esShell;
  auth: typeof esAuth;
  pages: typeof esPages;
}

/** Every core namespace in every language (i18next `resources` layout: language → namespace → keys). */
export const resources: Record<LanguageCode, { [N in CoreNamespace]: BundleShape<CoreResources[N]> }> = {
  es: { common: esCommon, shell: esShell, auth: esAuth, pages: esPages },
  en: { common: enCommon, shell: enShell, auth: enAuth, pages: enPages },
  ar: { common: arCommon, shell: arShell, auth: arAuth, pages: arPages },
  tr: { common: trCommon, shell: trShell, auth: trAuth, pages: trPages },
};

/** The same bundles grouped by namespace, in the shape registerBundles() takes. */
export const coreBundles: { [N in CoreNamespace]: LanguageBundles<CoreResources[N]> } = {
  common: { es: esCommon, en: enCommon, ar: arCommon, tr: trCommon },
  shell: { es: esShell, en: enShell, ar: arShell, tr: trShell },
  auth: { es: esAuth, en: enAuth, ar: arAuth, tr: trAuth },
  pages: { es: esPages, en: enPages, ar: arPages, tr: trPages },
};
