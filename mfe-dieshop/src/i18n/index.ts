import { registerBundles, type Bundle, type I18n, type LanguageCode } from '@planta/i18n';
import { dieshop as ar } from './ar';
import { commonTexts } from './common.texts';
import { dieshop as en } from './en';
import { dieshop as es } from './es';
import { dieshop as tr } from './tr';

/**
 * The 'dieshop' namespace of this remote, in the four languages. Every page imports this module,
 * so it holds only what every screen may show: the area's vocabulary (`common.texts.ts`) and the
 * record pages' load texts (`es.ts`, `en.ts`, `ar.ts`, `tr.ts`). Each screen's texts
 * (`<screen>.texts.ts`, one top-level key per screen) are registered by the modules that show them
 * (`registerDieshopTexts`), so a page's chunk carries only its own texts; `texts.catalogue.ts`
 * lists them all.
 */
export const DIESHOP_NS = 'dieshop';

/** One texts file of the namespace: the same keys in every language (plural forms aside). */
export type DieshopTexts = { readonly [language in LanguageCode]: Bundle };

/** The record pages' load texts (`load.*`), small and shown by several pages: registered here. */
export const sharedTexts = { es, en, ar, tr };

/**
 * Deep-merges `texts` into the namespace of the shared instance (or of `instance`, in tests);
 * harmless when repeated. Each module registers the texts it shows at module load, so they are
 * there before its first render and each page carries only its own.
 */
export function registerDieshopTexts(texts: DieshopTexts, instance?: I18n): I18n {
  // Not LanguageBundles<T>: Arabic writes plural forms Spanish has not (`_two`, `_few`...); the
  // catalogue's spec keeps the languages in step instead.
  return registerBundles<Bundle>(DIESHOP_NS, texts, instance);
}

registerDieshopTexts(commonTexts);
registerDieshopTexts(sharedTexts);
