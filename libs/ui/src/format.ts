import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY, durationText, hoursDurationText, millimetreText, moneyText, numberText } from '@planta/contracts';
import { companyCurrencyAtom } from '@planta/session';

/** A date-only value (`2026-12-01`) is a calendar day: shown as such, whatever the time zone. */
const calendarDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value));

/**
 * How numbers and dates read in a language: one format for the whole portal, the user's
 * (`1.446,8` and `01/12/2026` in Spanish, `1,446.8` and `12/01/2026` in English). Empty values
 * read '—'. Durations and money come from the contracts' number formats (one rule for screens and exports).
 */
export function formatsOf(language: string, companyCurrency: string = DEFAULT_CURRENCY) {
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  return {
    language,
    number: (value: number | null | undefined, digits = 3) => numberText(value, language, digits),
    percent: (value: number | null | undefined) => (value === null || value === undefined ? '—' : percent.format(value)),
    date: (value: string | null | undefined) => (value ? date.format(calendarDay(value)) : '—'),
    dateTime: (value: string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—'),
    time: (value: string | null | undefined) => (value ? time.format(new Date(value)) : '—'),
    /** A measure in millimetres, two or three decimals ('40,35'). */
    millimetres: (value: number | null | undefined) => millimetreText(value, language),
    /** Minutes as hours and minutes ('26 h 48 min'). */
    duration: (minutes: number | null | undefined) => durationText(minutes, language),
    /** Hours as hours and minutes ('0,85' → '51 min'). */
    hoursDuration: (hours: number | null | undefined) => hoursDurationText(hours, language),
    /** Money in the company's currency ('5.907 €'). */
    money: (value: number | null | undefined, currency: string = companyCurrency, digits = 2) => moneyText(value, currency, language, digits),
  };
}
export type Formats = ReturnType<typeof formatsOf>;

/**
 * One set of formats per language and currency, made once: building the Intl formatters on every
 * render of every component that shows a figure was a good part of the signed-in pages' start-up work.
 */
const knownFormats = new Map<string, Formats>();

/** The formats of the user's current language (the same object while it stays); money in their company's currency. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  const currency = useAtomValue(companyCurrencyAtom);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  const key = `${language}|${currency}`;
  let formats = knownFormats.get(key);
  if (!formats) knownFormats.set(key, (formats = formatsOf(language, currency)));
  return formats;
}
