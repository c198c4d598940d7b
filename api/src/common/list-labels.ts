import { messages, parseLabelMatches, parseSortOrder, type ListQuery } from '@planta/contracts';
import { fieldError } from './field-error';

/**
 * Columns a list shows by a label (a status, a choice, a reference, a set of days): the SQL of the
 * stored value, and whether it holds a set of values. The client sends the values whose label
 * matches the search and the sort order of the labels (contracts list-search.ts).
 */
export type LabelledColumns = Readonly<Record<string, { sql: string; set?: boolean }>>;

/** Adds a bound parameter to the query and answers its placeholder. */
export type BindParameter = (value: unknown) => string;

const refuse = (field: 'labelMatches' | 'sortOrder') => fieldError(field, messages.invalidListQuery);

/** OR-conditions of the search for the stored values whose label matches; a field that is not a labelled column is refused. */
export function labelMatchConditions(query: ListQuery, columns: LabelledColumns, bind: BindParameter): string[] {
  const valuesByField = new Map<string, string[]>();
  for (const { field, value } of parseLabelMatches(query.labelMatches)) {
    if (!Object.hasOwn(columns, field)) throw refuse('labelMatches');
    valuesByField.set(field, [...(valuesByField.get(field) ?? []), value]);
  }
  return [...valuesByField].map(([field, values]) => {
    const { sql, set } = columns[field];
    const list = `string_to_array(${bind(values.join(','))}, ',')`;
    return set ? `(${sql})::text[] && ${list}` : `(${sql})::text = any(${list})`;
  });
}

/** The ORDER BY expression of a column sorted by its labels, when the query gives their order. */
export function labelSortExpression(query: ListQuery, sort: string, columns: LabelledColumns, bind: BindParameter): string | undefined {
  const order = parseSortOrder(query.sortOrder);
  if (order.length === 0) return undefined;
  const column = Object.hasOwn(columns, sort) ? columns[sort] : undefined;
  if (!column || column.set) throw refuse('sortOrder');
  return `array_position(string_to_array(${bind(order.join(','))}, ','), (${column.sql})::text)`;
}
