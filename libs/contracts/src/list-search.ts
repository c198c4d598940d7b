/**
 * Search and sort as the user reads a list: the words on the screen, not the stored codes.
 * Accents and case never matter ('manana' finds 'Mañana'); a status, a choice or a reference is
 * found by the label the user sees, and sorted by it, in the user's language. The client knows the
 * labels, so it sends the stored values whose label matches (`labelMatches`) and the order of the
 * sorted column's values by label (`sortOrder`); the API checks both against the list's columns.
 */

/** Lower case, accents stripped, trimmed: 'Líneas ' and 'lineas' compare equal. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const NAME = '[a-z_][a-z0-9_]{0,63}';
const VALUE = '[A-Za-z0-9_-]{1,64}';
/** At most this many values in one `labelMatches` or `sortOrder`. */
export const MAX_LABELLED_VALUES = 200;
export const LABEL_MATCHES_PATTERN = new RegExp(`^${NAME}:${VALUE}(,${NAME}:${VALUE}){0,${MAX_LABELLED_VALUES - 1}}$`);
export const SORT_ORDER_PATTERN = new RegExp(`^${VALUE}(,${VALUE}){0,${MAX_LABELLED_VALUES - 1}}$`);

/** One stored value of a column whose label matches the search. */
export interface LabelMatch {
  field: string;
  value: string;
}

/** Shown labels of a column's stored values. */
export interface ValueLabel {
  value: string | number;
  label: string;
}

/** `labelMatches` of a search: every `field:value` whose label contains the text (accents and case aside). */
export function labelMatchesOf(search: string, columns: readonly { key: string; labels?: readonly ValueLabel[] }[]): string | undefined {
  const text = normalizeSearchText(search);
  if (!text) return undefined;
  const pairs = columns.flatMap((column) =>
    (column.labels ?? []).filter((entry) => normalizeSearchText(entry.label).includes(text)).map((entry) => `${column.key}:${entry.value}`),
  );
  return pairs.length ? pairs.slice(0, MAX_LABELLED_VALUES).join(',') : undefined;
}

/** `sortOrder` of a column: its values in the order of their labels in the user's language. */
export function sortOrderOf(labels: readonly ValueLabel[] | undefined, language: string): string | undefined {
  if (!labels?.length) return undefined;
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...labels]
    .sort((a, b) => collator.compare(a.label, b.label))
    .slice(0, MAX_LABELLED_VALUES)
    .map((entry) => String(entry.value))
    .join(',');
}

export function parseLabelMatches(text: string | undefined): LabelMatch[] {
  if (!text) return [];
  return text.split(',').map((pair) => {
    const [field, value] = pair.split(':');
    return { field, value };
  });
}

export const parseSortOrder = (text: string | undefined): string[] => (text ? text.split(',') : []);
