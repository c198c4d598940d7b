import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_NAMESPACES, coreBundles, resources, type Bundle, type LanguageBundles } from './bundles';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, languageDirection, resolveLanguage, type Direction, type LanguageCode } from './languages';

export type { I18n };

/**
 * The portal's i18next instance lives on globalThis under a registered symbol. With
 * Module Federation, i18next and react-i18next are shared singletons, so every remote already
 * gets the host's instance; the global handle also covers a remote that ended up with its own copy
 * of i18next or of this lib: it still registers its bundles on the host's instance. Every piece
 * of state (bundles, listeners, flags) is kept on the instance itself, never in module variables,
 * so several copies of this module can work on it side by side.
 */
const SHARED_INSTANCE = Symbol.for('@planta/i18n/instance');
const DOCUMENT_SYNC = Symbol.for('@planta/i18n/document-sync');

type GlobalHolder = { [SHARED_INSTANCE]?: I18n };
type MarkedInstance = I18n & { [DOCUMENT_SYNC]?: boolean };

/** The instance the portal uses: the i18next singleton, or the one a first copy of this lib adopted. */
export function getI18n(): I18n {
  const holder = globalThis as GlobalHolder;
  return (holder[SHARED_INSTANCE] ??= i18next);
}

const isReady = (instance: I18n): boolean => Boolean(instance.isInitialized || instance.isInitializing);

/** The options of every instance: bundled resources (no backend), Spanish fallback, React binding. */
export function i18nOptions(language?: string | null): InitOptions {
  return {
    lng: resolveLanguage(language),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    // a remote's namespace finds the common words (Guardar, Cancelar...) without a prefix
    fallbackNS: 'common',
    // i18next keeps and merges into what it is given: hand it copies, never the bundles themselves
    resources: JSON.parse(JSON.stringify(resources)),
    // React escapes what it renders
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // bundled resources: init completes synchronously, t() works as soon as init returns
    initAsync: false,
    react: {
      useSuspense: false,
      bindI18n: 'languageChanged',
      // a remote registering its namespace after the first render re-renders its translations
      bindI18nStore: 'added',
    },
  };
}

/** Keeps <html lang dir> in step with the instance's language, whoever changes it. */
function syncDocument(instance: I18n): void {
  const marked = instance as MarkedInstance;
  if (marked[DOCUMENT_SYNC]) return;
  marked[DOCUMENT_SYNC] = true;
  instance.on('languageChanged', (lng: string) => {
    applyDocumentLanguage(lng);
  });
}

function configure(instance: I18n, language: string | null | undefined, bindReact: boolean): I18n {
  if (bindReact && !instance.modules.external.includes(initReactI18next)) instance.use(initReactI18next);
  syncDocument(instance);
  void instance.init(i18nOptions(language));
  applyDocumentLanguage(instance.resolvedLanguage ?? instance.language);
  return instance;
}

/** Adds the core bundles to an instance someone else initialised (idempotent; keeps newer texts). */
function ensureCoreBundles(instance: I18n): void {
  for (const ns of CORE_NAMESPACES) {
    for (const lng of LANGUAGE_CODES) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, coreBundles[ns][lng], true, false);
    }
  }
}

/**
 * The portal's shared i18next instance, configured and bound to react-i18next (so
 * `useTranslation()` works without a provider). Safe to call any number of times, from the shell
 * and from every remote: the first call initialises; a later call only switches to `language`
 * when one is given (and adds the core bundles if someone else initialised the instance).
 */
export function initI18n(language?: string | null): I18n {
  const instance = getI18n();
  if (!isReady(instance)) return configure(instance, language, true);
  ensureCoreBundles(instance);
  syncDocument(instance);
  if (language && resolveLanguage(language) !== resolveLanguage(instance.resolvedLanguage ?? instance.language)) {
    void setLanguage(language, instance);
  }
  return instance;
}

/**
 * A new, independent instance with the same configuration and the core bundles (tests,
 * isolated renders). It is not bound to react-i18next's global instance: render it with
 * `<I18nextProvider i18n={instance}>`. It still keeps <html lang dir> in step with its language.
 */
export function createI18n(language?: string | null): I18n {
  return configure(i18next.createInstance(), language, false);
}

export interface LanguageChange {
  language: LanguageCode;
  direction: Direction;
  /** the new language writes in the other direction than the previous one */
  directionChanged: boolean;
}

/**
 * Switches the interface language (unknown codes fall back to Spanish, 'en-US' is 'en'), sets
 * `<html lang>`, and sets `<html dir>` only when the new language's direction differs from the
 * document's (spec 1): Arabic switches the document to right-to-left, the others back.
 */
export async function setLanguage(lng: string, instance: I18n = getI18n()): Promise<LanguageChange> {
  const language = resolveLanguage(lng);
  if (!isReady(instance)) {
    if (instance === getI18n()) initI18n(language);
    else configure(instance, language, false);
  }
  const previous = languageDirection(instance.resolvedLanguage ?? instance.language);
  await instance.changeLanguage(language);
  applyDocumentLanguage(language);
  const direction = languageDirection(language);
  return { language, direction, directionChanged: direction !== previous };
}

/**
 * Writes a language to `<html lang>` and its direction to `<html dir>` when it differs from the
 * document's current direction (an absent dir counts as ltr). Returns whether dir changed.
 * Does nothing where there is no document (server, workers).
 */
export function applyDocumentLanguage(lng: string | null | undefined, doc: Document | null | undefined = globalThis.document): boolean {
  const root = doc?.documentElement;
  if (!root) return false;
  const language = resolveLanguage(lng);
  const direction = languageDirection(language);
  if (root.lang !== language) root.lang = language;
  const current: Direction = root.dir.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
  if (current === direction) return false;
  root.dir = direction;
  return true;
}

/** The direction the document currently has (ltr when none is set). */
export function documentDirection(doc: Document | null | undefined = globalThis.document): Direction {
  return doc?.documentElement?.dir.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
}

const NAMESPACE = /^[A-Za-z][\w-]*$/;

/**
 * Adds a namespace's bundles in every language, typically from a remote at load time:
 * `registerBundles('production', { es, en, ar, tr })`. The other languages must have exactly the
 * Spanish keys (checked by the compiler). Deep-merges over what the namespace already has, so
 * a remote loaded twice is harmless. Initialises the shared instance first when nobody has yet.
 */
export function registerBundles<T extends Bundle>(namespace: string, bundles: LanguageBundles<T>, instance: I18n = getI18n()): I18n {
  if (!NAMESPACE.test(namespace)) throw new Error(`registerBundles: invalid namespace "${namespace}"`);
  if (!isReady(instance)) {
    if (instance === getI18n()) initI18n();
    else configure(instance, undefined, false);
  }
  for (const lng of LANGUAGE_CODES) {
    const bundle = bundles[lng];
    if (!bundle) throw new Error(`registerBundles: namespace "${namespace}" has no "${lng}" bundle`);
    instance.addResourceBundle(lng, namespace, bundle, true, true);
  }
  const known = instance.options.ns;
  const namespaces: string[] = known === undefined ? [] : typeof known === 'string' ? [known] : [...known];
  if (!namespaces.includes(namespace)) instance.options.ns = [...namespaces, namespace];
  return instance;
}
