import { messages } from './messages';
import type { Area, PageAlias } from './pages';

/**
 * A resource — a list, a form and CRUD over one table — declared once (architecture.md "Adding a
 * resource"). From the declaration come its request and response schemas, its five endpoints,
 * the API's entity, controller and service, the generic list and form screens, its routes and
 * navigation item, and its rows in the table-driven API tests. Texts follow one key scheme in
 * the area's i18n namespace: `<name>.title`, `.empty`, `.newTitle`, `.editTitle`,
 * `.fields.<field>`, `.enums.<field>.<value>`, `.sections.<section>`, `.hints.<field>`,
 * `.placeholders.<field>`.
 *
 * This module holds the declarations and builds no zod schema (the shell contract reads the
 * declared routes on the sign-in page, which loads no zod); the schemas and endpoints derived
 * from a declaration are made in resource.schemas.ts.
 */

// ------------------------------------------------------------------------------------- fields

/** A field that only applies while another field has one of some values (`{ type: ['anodised'] }`). */
export type FieldCondition = Readonly<Record<string, readonly string[]>>;

interface FieldCommon {
  /** Must have a value (while it applies, for a field with `when`). */
  required?: boolean;
  /** The text shown when required and left empty. */
  requiredMessage?: string;
  /** Shown, kept and checked only while the record matches; otherwise cleared when saved. */
  when?: FieldCondition;
}

export interface TextField extends FieldCommon {
  kind: 'text';
  max: number;
  /** Free text (notes): kept as written. A single-line text is a name or label, without bidirectional controls. */
  multiline?: boolean;
  upperCase?: boolean;
  pattern?: { regex: RegExp; message: string };
}
export interface NumberField extends FieldCommon {
  kind: 'number' | 'integer';
  /** `positive` (> 0, the default) or `nonNegative` (>= 0). */
  sign?: 'positive' | 'nonNegative';
  /** At most this (an `integer` field also at most what its `int` column holds). */
  max: number;
  /** May be left empty (null). */
  nullable?: boolean;
  /** Further checks on the value, with their messages. */
  checks?: readonly { test: (value: number) => boolean; message: string }[];
}
export interface ChoiceField<V extends string = string> extends FieldCommon {
  kind: 'choice';
  values: readonly [V, ...V[]];
  /** The refusal of a missing or unknown value. */
  message: string;
  default?: V;
  nullable?: boolean;
}
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  /** The `name` of the referenced resource. */
  to: string;
  /** The refusal of a missing value (required references). */
  message?: string;
}
export interface TimeField extends FieldCommon {
  kind: 'time';
}
/** A calendar day (YYYY-MM-DD); empty (null) unless required. */
export interface DateField extends FieldCommon {
  kind: 'date';
}
export interface IntegerSetField extends FieldCommon {
  kind: 'integerSet';
  values: readonly number[];
  message: string;
}
export type FieldDefinition = TextField | NumberField | ChoiceField | ReferenceField | TimeField | DateField | IntegerSetField;
export type FieldKind = FieldDefinition['kind'];

type Options<F> = Omit<F, 'kind'>;
/** Field builders: `field.text({ max: 80, required: true })`. */
export const field = {
  text: <const O extends Options<TextField>>(options: O) => ({ kind: 'text', ...options }) as const,
  number: <const O extends Options<NumberField>>(options: O) => ({ kind: 'number', ...options }) as const,
  integer: <const O extends Options<NumberField>>(options: O) => ({ kind: 'integer', ...options }) as const,
  choice: <const V extends string, const O extends Omit<Options<ChoiceField<V>>, 'values'>>(values: readonly [V, ...V[]], options: O) =>
    ({ kind: 'choice', values, ...options }) as const,
  reference: <const O extends Options<ReferenceField>>(options: O) => ({ kind: 'reference', ...options }) as const,
  time: <const O extends Options<TimeField>>(options: O) => ({ kind: 'time', ...options }) as const,
  date: <const O extends Options<DateField>>(options: O) => ({ kind: 'date', ...options }) as const,
  integerSet: <const O extends Options<IntegerSetField>>(options: O) => ({ kind: 'integerSet', ...options }) as const,
};

/** What a field holds once parsed (and what the API answers). */
export type FieldValue<F> = F extends { kind: 'text' | 'time' }
  ? string
  : F extends { kind: 'number' | 'integer'; nullable: true }
    ? number | null
    : F extends { kind: 'number' | 'integer' }
      ? number
      : F extends { kind: 'choice'; values: readonly (infer V)[]; nullable: true }
        ? V | null
        : F extends { kind: 'choice'; values: readonly (infer V)[] }
          ? V
          : F extends { kind: 'reference'; required: true }
            ? number
            : F extends { kind: 'reference' }
              ? number | null
              : F extends { kind: 'integerSet' }
                ? number[]
                : F extends { kind: 'date'; required: true }
                  ? string
                  : F extends { kind: 'date' }
                    ? string | null
                    : never;

/** What a caller may send for a field: numbers as JSON numbers (a form reads typed text into them first). */
export type FieldInput<F> = FieldValue<F>;

// ---------------------------------------------------------------------------------- resources

export interface RecordRule {
  /** The field the message is shown on. */
  path: string;
  message: string;
  /** The fields the rule reads: it is checked only once each of them is valid on its own. */
  reads: readonly string[];
  test: (record: Record<string, unknown>) => boolean;
}

/** A rule that one number field stays below another (`orEqual`: at most equal), shown on `smaller`. */
export const lessThan = (smaller: string, larger: string, message: string, options: { orEqual?: boolean } = {}): RecordRule => ({
  path: smaller,
  message,
  reads: [smaller, larger],
  test: (record) => (options.orEqual ? Number(record[smaller]) <= Number(record[larger]) : Number(record[smaller]) < Number(record[larger])),
});

/**
 * The value of a view field (what an answer adds to the fields): declared by its kind and made into
 * a schema by `resourceSchemas()`, so that a declaration builds no zod schema (the shell contract
 * reads the declarations' routes on the sign-in page, which loads no zod).
 */
export type ViewFieldKind = 'string' | 'number' | 'integer' | 'boolean';
type ViewFieldValue<K> = K extends 'boolean' ? boolean : K extends 'string' ? string : number;

export interface ListColumn {
  field: string;
  /** A text key of the resource instead of the field's label (`<name>.<label>`). */
  label?: string;
  /** Excel column width in characters. */
  width?: number;
  /** What the column is worth on a narrow screen (the shared list's `priority`): 1 key, 2 default, 3 first into the row's detail. */
  priority?: 1 | 2 | 3;
}

export interface ResourceDefinition {
  /** Registry key and text key in the area namespace: `extrusionLine` → `production:extrusionLine.title`. */
  name: string;
  area: Area;
  /** The permission page (and navigation item). */
  page: PageAlias;
  /** `/api/<api>/all`, `/api/<api>/:id`, ... */
  api: string;
  /** `<route>/all`, `<route>/new`, `<route>/:id`. */
  route: string;
  table: string;
  /** Fluent icon name of the navigation item. */
  icon: string;
  fields: Readonly<Record<string, FieldDefinition>>;
  /** Columns of the table that are no form field: the API keeps them itself (a stored file, a creation time). */
  storedColumns?: readonly string[];
  /** The fields that name a record, joined by a space (edit title). */
  display: readonly string[];
  /** Form sections, in order; by default one section with every field. */
  sections?: readonly { key: string; fields: readonly string[] }[];
  /** Rules over several fields. */
  rules?: readonly RecordRule[];
  /** Fields the API adds to (or shapes differently in) its answers, by kind: `{ area_mm2: 'number' }`. */
  view?: Readonly<Record<string, ViewFieldKind>>;
  list: {
    columns: readonly (string | ListColumn)[];
    sortable: readonly string[];
    searchable: readonly string[];
    defaultSort: string;
    /** Excel file name, without extension. */
    exportName: string;
  };
  /** Unique constraints (as the SQL declares them) and the refusal each one answers. */
  unique?: readonly { fields: readonly string[]; message: string }[];
  /** Check constraints of the SQL that a valid-looking record can still break (a cycle), shown on a field. */
  checks?: readonly { constraint: string; field: string; message: string }[];
  /** A valid new record: the OpenAPI example and the table-driven tests' record. */
  example: Readonly<Record<string, unknown>>;
}

type FieldsOf<R extends ResourceDefinition> = R['fields'];
/** A resource's record as the API answers it. */
export type ResourceRecord<R extends ResourceDefinition> = { id: number } & {
  [K in keyof FieldsOf<R>]: FieldValue<FieldsOf<R>[K]>;
} & (R['view'] extends Readonly<Record<string, ViewFieldKind>> ? { -readonly [K in keyof R['view']]: ViewFieldValue<R['view'][K]> } : unknown);
/** What creating a resource takes (fields with defaults may be left out). */
export type ResourceInput<R extends ResourceDefinition> = { [K in keyof FieldsOf<R>]?: FieldInput<FieldsOf<R>[K]> | null };

/** Declares a resource, keeping its literal types. */
export const defineResource = <const R extends ResourceDefinition>(resource: R): R => resource;

// --------------------------------------------------------------------------- values of fields

/** The message a field answers when required and left empty. */
export function requiredMessageOf(definition: FieldDefinition): string {
  if (definition.requiredMessage) return definition.requiredMessage;
  switch (definition.kind) {
    case 'number':
    case 'integer':
      return definition.sign === 'nonNegative' ? messages.nonNegativeNumber : messages.positiveNumber;
    case 'choice':
    case 'integerSet':
      return definition.message;
    case 'reference':
      return definition.message ?? messages.required;
    case 'time':
      return messages.timeFormat;
    case 'date':
      return messages.dateFormat;
    default:
      return messages.required;
  }
}

/** The empty value of a field: what a cleared or untouched field holds. */
export function emptyValueOf(definition: FieldDefinition): unknown {
  switch (definition.kind) {
    case 'text':
      return '';
    case 'integerSet':
      return [];
    case 'date':
      return null;
    case 'choice':
      return definition.nullable ? null : (definition.default ?? '');
    default:
      return null;
  }
}

/** Whether a field applies to a record (its `when` condition holds, or it has none). */
export function fieldApplies(definition: FieldDefinition, record: Record<string, unknown>): boolean {
  if (!definition.when) return true;
  return Object.entries(definition.when).every(([other, values]) => values.includes(String(record[other] ?? '')));
}

/** The record with the fields that do not apply to it emptied: how it is checked and stored. */
export function applicableValues<T extends Record<string, unknown>>(resource: ResourceDefinition, record: T): T {
  const cleared: Record<string, unknown> = { ...record };
  for (const [name, definition] of Object.entries(resource.fields)) {
    if (!fieldApplies(definition, record)) cleared[name] = emptyValueOf(definition);
  }
  return cleared as T;
}

/** The name a record is shown by (`display` fields joined by a space). */
export const recordName = (resource: Pick<ResourceDefinition, 'display'>, record: Record<string, unknown>) =>
  resource.display
    .map((name) => record[name])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');

/** The list column definitions with their defaults. */
export const listColumns = (resource: ResourceDefinition): ListColumn[] =>
  resource.list.columns.map((column) => (typeof column === 'string' ? { field: column } : column));

/** The form sections, in order (one section holding every field when none are declared). */
export const formSections = (resource: ResourceDefinition): readonly { key: string | null; fields: readonly string[] }[] =>
  resource.sections ?? [{ key: null, fields: Object.keys(resource.fields) }];
