import { es } from './es';
import type { esSignedIn } from './es/signed-in';
import type { BundleShape } from './types';
import type { DEFAULT_LANGUAGE, LanguageCode } from '../languages';

export type { Bundle, BundleShape, LanguageBundles } from './types';

/** The namespaces this lib ships; each remote adds its own with registerBundles(). */
export const CORE_NAMESPACES = ['common', 'shell', 'auth', 'pages'] as const;
export type CoreNamespace = (typeof CORE_NAMESPACES)[number];

/** Spanish at start-up, and the Spanish texts of the signed-in screens. */
export type SpanishStartUpBundles = typeof es;
export type SpanishSignedInTexts = typeof esSignedIn;

/** The whole Spanish core, which gives every other language its shape. */
export type CoreResources = {
  common: SpanishStartUpBundles['common'];
  shell: SpanishStartUpBundles['shell'] & SpanishSignedInTexts['shell'];
  auth: SpanishStartUpBundles['auth'];
  pages: SpanishSignedInTexts['pages'];
};

/** One language's core bundles (i18next layout for one language: namespace → keys), with exactly the Spanish keys. */
export type CoreBundles = { [N in CoreNamespace]: BundleShape<CoreResources[N]> };

/**
 * Spanish, the default and fallback language: always at hand, so i18next initialises
 * synchronously. What the sign-in pages use; the signed-in screens' texts load with the chrome.
 */
export const spanishBundles: SpanishStartUpBundles = es;

/** The Spanish texts of the signed-in screens, a chunk of their own (about 4 KB gzip). */
export const spanishSignedInTexts = {
  load: async (): Promise<SpanishSignedInTexts> => (await import(/* webpackChunkName: "i18n-es-signed-in" */ './es/signed-in')).esSignedIn,
};

/** The whole Spanish core: the start-up bundles with the signed-in screens' texts merged in. */
export function wholeSpanish(signedIn: SpanishSignedInTexts): CoreResources {
  return {
    ...spanishBundles,
    common: { ...spanishBundles.common, ...signedIn.common },
    shell: { ...spanishBundles.shell, ...signedIn.shell },
    pages: signedIn.pages,
  };
}

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
