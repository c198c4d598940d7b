import { es } from './es';
import type { BundleShape } from './types';
import type { DEFAULT_LANGUAGE, LanguageCode } from '../languages';

export type { Bundle, BundleShape, LanguageBundles } from './types';

/** The namespaces this lib ships; each remote adds its own with registerBundles(). */
export const CORE_NAMESPACES = ['common', 'shell', 'auth', 'pages'] as const;
export type CoreNamespace = (typeof CORE_NAMESPACES)[number];

/** The Spanish bundles, which give every other language its shape. */
export type CoreResources = { [N in CoreNamespace]: (typeof es)[N] };

/** One language's core bundles (i18next layout for one language: namespace → keys), with exactly the Spanish keys. */
export type CoreBundles = { [N in CoreNamespace]: BundleShape<CoreResources[N]> };

/** Spanish, the default and fallback language: always at hand, so i18next initialises synchronously. */
export const spanishBundles: CoreResources = es;

/** The languages that load on demand: every language but Spanish. */
export type OnDemandLanguage = Exclude<LanguageCode, typeof DEFAULT_LANGUAGE>;

/**
 * The other languages' core bundles, one chunk per language, fetched only when that language is
 * chosen: a user reads one language, so the first bundle carries Spanish alone. The type makes
 * every language of LANGUAGE_CODES have its loader.
 */
export const coreBundleLoaders: Record<OnDemandLanguage, () => Promise<CoreBundles>> = {
  en: async () => (await import(/* webpackChunkName: "i18n-en" */ './en')).en,
  ar: async () => (await import(/* webpackChunkName: "i18n-ar" */ './ar')).ar,
  tr: async () => (await import(/* webpackChunkName: "i18n-tr" */ './tr')).tr,
};
