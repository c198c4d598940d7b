/**
 * The interface languages (spec 1): Spanish is the interface language and the default bundle;
 * English, Arabic and Turkish bundles exist too. The language menu offers Spanish and English
 * only; Arabic and Turkish can still be chosen through a setting.
 */
export type Direction = 'ltr' | 'rtl';

export interface LanguageDefinition {
  /** i18next language code */
  id: string;
  /** the language's own name, shown as is in every interface language */
  title: string;
  /** flag code (ISO 3166-1 alpha-2, lower case) */
  flag: string;
  direction: Direction;
}

export const LANGUAGES = [
  { id: 'es', title: 'Español', flag: 'es', direction: 'ltr' },
  { id: 'en', title: 'English', flag: 'us', direction: 'ltr' },
  { id: 'ar', title: 'العربية', flag: 'sa', direction: 'rtl' },
  { id: 'tr', title: 'Türkçe', flag: 'tr', direction: 'ltr' },
] as const satisfies readonly LanguageDefinition[];

export type LanguageCode = (typeof LANGUAGES)[number]['id'];

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.id);

export const DEFAULT_LANGUAGE = 'es' satisfies LanguageCode;

/** What the toolbar's language menu offers (spec 1): es (Español, flag es) and en (English, flag us). */
export const MENU_LANGUAGES: readonly LanguageDefinition[] = LANGUAGES.filter((language) => language.id === 'es' || language.id === 'en');

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * The supported language a code stands for: 'en-US' → 'en', 'AR' → 'ar'; anything else
 * (unknown, empty, undefined) → Spanish, the default.
 */
export function resolveLanguage(code: string | null | undefined): LanguageCode {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : DEFAULT_LANGUAGE;
}

export function getLanguage(code: string | null | undefined): LanguageDefinition {
  const id = resolveLanguage(code);
  return LANGUAGES.find((language) => language.id === id) ?? LANGUAGES[0];
}

/** Writing direction of a language: rtl for Arabic, ltr for the others. */
export function languageDirection(code: string | null | undefined): Direction {
  return getLanguage(code).direction;
}
