import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  CORE_NAMESPACES,
  coreBundleLoaders,
  spanishBundles,
  spanishSignedInTexts,
  wholeSpanish,
  type Bundle,
  type BundleShape,
  type CoreBundles,
  type LanguageBundles,
  type OnDemandLanguage,
  type SpanishSignedInTexts,
} from './bundles';
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
const LANGUAGE_REQUEST = Symbol.for('@planta/i18n/language-request');

type GlobalHolder = { [SHARED_INSTANCE]?: I18n };
type MarkedInstance = I18n & { [DOCUMENT_SYNC]?: boolean; [LANGUAGE_REQUEST]?: LanguageCode };

/** The instance the portal uses: the i18next singleton, or the one a first copy of this lib adopted. */
export function getI18n(): I18n {
  const holder = globalThis as GlobalHolder;
  return (holder[SHARED_INSTANCE] ??= i18next);
}

const isReady = (instance: I18n): boolean => Boolean(instance.isInitialized || instance.isInitializing);
/** The language an instance shows (its resolved language, as one of the portal's codes). */
export const currentLanguage = (instance: I18n): LanguageCode => resolveLanguage(instance.resolvedLanguage ?? instance.language);

/**
 * A chunk of texts fetched once for every caller and kept once arrived. Only code lives here (like
 * the bundler's own module cache); which texts an instance holds is read from the instance. A
 * failed fetch is forgotten, so the next attempt tries again, and rejects saying `what` failed.
 */
interface OnDemand<T> {
  fetch(): Promise<T>;
  arrived(): T | undefined;
}

function onDemand<T>(load: () => Promise<T>, what: string): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let arrived: T | undefined;
  return {
    fetch: () =>
      (pending ??= load().then(
        (value) => (arrived = value),
        (cause: unknown) => {
          pending = undefined;
          const reason = cause instanceof Error ? cause.message : String(cause);
          throw new Error(`@planta/i18n: ${what} could not be loaded (${reason})`, { cause });
        },
      )),
    arrived: () => arrived,
  };
}

/** The on-demand languages' core bundles (each loader looked up when fetched) and the Spanish texts of the signed-in screens. */
const coreChunks = Object.fromEntries(
  (Object.keys(coreBundleLoaders) as OnDemandLanguage[]).map((language) => [
    language,
    onDemand(() => coreBundleLoaders[language](), `the "${language}" texts`),
  ]),
) as Record<OnDemandLanguage, OnDemand<CoreBundles>>;
const signedInChunk = onDemand(() => spanishSignedInTexts.load(), 'the texts of the signed-in screens');

/** Spanish as far as it is at hand: the start-up bundles, whole once the signed-in texts have arrived. */
const spanishAtHand = (): Partial<Record<string, Bundle>> => {
  const signedIn = signedInChunk.arrived();
  return signedIn ? wholeSpanish(signedIn) : spanishBundles;
};

/** A language's core bundles when they need no fetching: Spanish, or a chunk that has arrived. */
const bundlesAtHand = (language: LanguageCode): Partial<Record<string, Bundle>> | undefined =>
  language === DEFAULT_LANGUAGE ? spanishAtHand() : coreChunks[language].arrived();

/** The core namespaces a language has once loaded: Spanish holds the signed-in screens' ones later. */
const loadedNamespaces = (language: LanguageCode): readonly string[] => (language === DEFAULT_LANGUAGE ? Object.keys(spanishBundles) : CORE_NAMESPACES);

function addCoreBundles(instance: I18n, language: LanguageCode, bundles: Partial<Record<string, Bundle>>): void {
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (bundle && !instance.hasResourceBundle(language, ns)) instance.addResourceBundle(language, ns, bundle, true, false);
  }
  const signedIn = signedInChunk.arrived();
  if (language === DEFAULT_LANGUAGE && signedIn && !areSignedInTextsLoaded(instance)) addSignedInTexts(instance, signedIn);
}

/** Merges the signed-in screens' texts into Spanish (copies: i18next keeps and merges into what it is given). */
function addSignedInTexts(instance: I18n, texts: SpanishSignedInTexts): void {
  for (const [ns, bundle] of Object.entries(texts)) instance.addResourceBundle(DEFAULT_LANGUAGE, ns, JSON.parse(JSON.stringify(bundle)), true, false);
}

/**
 * The options of every instance: bundled resources (no backend), Spanish fallback, React binding.
 * The resources are Spanish, plus `language` when its chunk is at hand; otherwise the instance
 * starts in Spanish (initI18n and createI18n then switch once the chunk arrives).
 */
export function i18nOptions(language?: string | null): InitOptions {
  const wanted = resolveLanguage(language);
  const bundles = bundlesAtHand(wanted);
  return {
    lng: bundles ? wanted : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    // a remote's namespace finds the common words (Guardar, Cancelar...) without a prefix
    fallbackNS: 'common',
    // i18next keeps and merges into what it is given: hand it copies, never the bundles themselves
    resources: JSON.parse(JSON.stringify({ [DEFAULT_LANGUAGE]: spanishAtHand(), ...(bundles && { [wanted]: bundles }) })),
    // React escapes what it renders
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // resources given, no backend: init completes synchronously, t() works as soon as init returns
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

/** Switches without waiting (nobody awaits it); a failure only leaves the current language. */
function switchLater(language: string, instance: I18n): void {
  if (resolveLanguage(language) === currentLanguage(instance)) return;
  setLanguage(language, instance).catch((error: unknown) => console.error(error));
}

function configure(instance: I18n, language: string | null | undefined, bindReact: boolean): I18n {
  if (bindReact && !instance.modules.external.includes(initReactI18next)) instance.use(initReactI18next);
  syncDocument(instance);
  void instance.init(i18nOptions(language));
  applyDocumentLanguage(instance.resolvedLanguage ?? instance.language);
  if (language) switchLater(language, instance);
  return instance;
}

/** Initialises an instance nobody has initialised yet, in Spanish. */
function ensureReady(instance: I18n): void {
  if (isReady(instance)) return;
  if (instance === getI18n()) initI18n();
  else configure(instance, undefined, false);
}

/**
 * The portal's shared i18next instance, configured and bound to react-i18next (so
 * `useTranslation()` works without a provider). Safe to call any number of times, from the shell
 * and from every remote: the first call initialises; a later call only switches to `language`
 * when one is given (and adds the Spanish bundles if someone else initialised the instance).
 * A language whose chunk has not arrived yet shows Spanish until it does: to render nothing
 * before it, `await setLanguage(language)` first.
 */
export function initI18n(language?: string | null): I18n {
  const instance = getI18n();
  if (!isReady(instance)) return configure(instance, language, true);
  addCoreBundles(instance, DEFAULT_LANGUAGE, spanishBundles);
  syncDocument(instance);
  if (language) switchLater(language, instance);
  return instance;
}

/**
 * A new, independent instance with the same configuration (tests, isolated renders): Spanish,
 * and `language` at once when its chunk has arrived (else once it does). It is not bound to
 * react-i18next's global instance: render it with `<I18nextProvider i18n={instance}>`. It still
 * keeps <html lang dir> in step with its language.
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

/** Whether an instance holds a language's core bundles (Spanish always, once initialised). */
export function isLanguageLoaded(lng: string, instance: I18n = getI18n()): boolean {
  const language = resolveLanguage(lng);
  return loadedNamespaces(language).every((ns) => instance.hasResourceBundle(language, ns));
}

/** Whether an instance holds the Spanish texts of the signed-in screens (the other languages come whole). */
export function areSignedInTextsLoaded(instance: I18n = getI18n()): boolean {
  return instance.hasResourceBundle(DEFAULT_LANGUAGE, 'pages');
}

/**
 * Adds the Spanish texts of the signed-in screens (the chrome, the dashboards, the page titles):
 * the sign-in pages do without them, so they are a chunk of their own, fetched once. Spanish is
 * every language's fallback, so they are added whatever the language shown. Rejects with a clear
 * error when the chunk cannot be fetched; a later call tries again.
 */
export async function loadSignedInTexts(instance: I18n = getI18n()): Promise<void> {
  ensureReady(instance);
  if (areSignedInTextsLoaded(instance)) return;
  const texts = await signedInChunk.fetch();
  if (!areSignedInTextsLoaded(instance)) addSignedInTexts(instance, texts);
}

/** Fetches the signed-in screens' texts ahead, without adding them anywhere (a visitor signing in). */
export function preloadSignedInTexts(): Promise<void> {
  return signedInChunk.fetch().then(() => undefined);
}

/**
 * Adds a language's core bundles to an instance. Only Spanish is in the first bundle; each other
 * language is a chunk of its own, fetched once, when it is first needed. Rejects with a clear
 * error when the chunk cannot be fetched (offline, a deployment replaced it): the instance is
 * left as it was, and a later call tries again.
 */
export async function loadLanguage(lng: string, instance: I18n = getI18n()): Promise<LanguageCode> {
  const language = resolveLanguage(lng);
  ensureReady(instance);
  if (!isLanguageLoaded(language, instance)) {
    addCoreBundles(instance, language, language === DEFAULT_LANGUAGE ? spanishBundles : await coreChunks[language].fetch());
  }
  return language;
}

/**
 * Switches the interface language (unknown codes fall back to Spanish, 'en-US' is 'en'), sets
 * `<html lang>`, and sets `<html dir>` only when the new language's direction differs from the
 * document's (spec 1): Arabic switches the document to right-to-left, the others back.
 * The language's bundles load first (loadLanguage): t() never answers in Spanish or with raw keys
 * for it. When they cannot be loaded, the language stays as it was and the promise rejects.
 * When calls overlap, the last one wins (a language that arrives late does not replace it).
 */
export async function setLanguage(lng: string, instance: I18n = getI18n()): Promise<LanguageChange> {
  const language = resolveLanguage(lng);
  ensureReady(instance);
  const marked = instance as MarkedInstance;
  marked[LANGUAGE_REQUEST] = language;
  // already loaded: no await, so the switch happens before this call returns its promise
  if (!isLanguageLoaded(language, instance)) await loadLanguage(language, instance);
  const current = currentLanguage(instance);
  const previous = languageDirection(current);
  if (marked[LANGUAGE_REQUEST] !== language) return { language: current, direction: previous, directionChanged: false };
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

/** What i18next's resource store does but does not declare: adding without telling, and telling. */
interface QuietStore {
  addResourceBundle(lng: string, ns: string, resources: unknown, deep: boolean, overwrite: boolean, options: { silent: boolean }): void;
  emit(event: 'added'): void;
}

/**
 * Adds a namespace's bundles in every language, typically from a remote at load time:
 * `registerBundles('production', { es, en, ar, tr })`. The other languages must have exactly the
 * Spanish keys (checked by the compiler). Deep-merges over what the namespace already has, so
 * a remote loaded twice is harmless. Initialises the shared instance first when nobody has yet.
 */
export function registerBundles<T extends Bundle>(namespace: string, bundles: LanguageBundles<T>, instance: I18n = getI18n()): I18n {
  if (!NAMESPACE.test(namespace)) throw new Error(`registerBundles: invalid namespace "${namespace}"`);
  ensureReady(instance);
  // Added silently: every screen that translates re-renders on the store's 'added' event, and a
  // remote registers its texts before any of its screens renders. Only a namespace registered
  // again (a remote loaded again, texts arriving later) redraws the screens, once.
  const store = instance.store as unknown as QuietStore;
  // read first: the store lists the namespace as it adds it
  const known = instance.options.ns;
  const namespaces: string[] = known === undefined ? [] : typeof known === 'string' ? [known] : [...known];
  for (const lng of LANGUAGE_CODES) {
    const bundle = bundles[lng];
    if (!bundle) throw new Error(`registerBundles: namespace "${namespace}" has no "${lng}" bundle`);
    store.addResourceBundle(lng, namespace, bundle, true, true, { silent: true });
  }
  if (namespaces.includes(namespace)) store.emit('added');
  else instance.options.ns = [...namespaces, namespace];
  return instance;
}

/**
 * Texts another namespace already has, reused under a namespace's own keys: every text becomes
 * an i18next nesting (`$t(common:dieState.inStock)`) that reads the original in the language
 * shown. A remote reuses the core's words this way in every language without holding the
 * languages that load on demand. `spanish` gives the keys: `nestedTexts('common:dieState', spanishBundles.common.dieState)`.
 */
export function nestedTexts<T extends Bundle>(key: string, spanish: T): BundleShape<T> {
  const nest = (path: string, bundle: Bundle): Bundle =>
    Object.fromEntries(
      Object.entries(bundle).map(([name, value]) => [name, typeof value === 'string' ? `$t(${path}.${name})` : nest(`${path}.${name}`, value)]),
    );
  return nest(key, spanish) as BundleShape<T>;
}
