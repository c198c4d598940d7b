import {
  DOCUMENT_TYPE_SPECS,
  dateInputText,
  parseDateText,
  parseDecimal,
  uploadMessages,
  type DocumentFieldSpec,
  type DocumentType,
  type ExtractedFieldView,
  type UploadDetail,
  type UploadLink,
  type UploadStatus,
  type UploadValues,
} from '@planta/contracts';

/** Where the upload agent's screens live (spec 2.2). */
export const UPLOADS_LIST_PATH = '/apps/ia-agent/list';
export const UPLOAD_BASE_PATH = '/apps/ia-agent/upload';
export const UPLOAD_NEW_PATH = `${UPLOAD_BASE_PATH}/new`;
export const uploadPath = (id: number) => `${UPLOAD_BASE_PATH}/${id}`;

/** A document still being read: the screens follow its progress. */
export const isReading = (status: UploadStatus) => status === 'uploaded' || status === 'processing';
/** Confirmed or discarded: nothing can change any more. */
export const isClosed = (status: UploadStatus) => status === 'confirmed' || status === 'discarded';

/** domain.md D3: alta ≥ 0.9, media 0.6–0.9, baja < 0.6. */
export type ConfidenceLevel = 'high' | 'medium' | 'low';
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= 0.9) return 'high';
  if (confidence >= 0.6) return 'medium';
  return 'low';
}
export const CONFIDENCE_BADGE_COLOURS = { high: 'success', medium: 'warning', low: 'danger' } as const;
/** The box drawn over a value on the page, by its confidence. */
export const CONFIDENCE_BOX_COLOURS: Record<ConfidenceLevel, string> = { high: '#107c10', medium: '#c77c00', low: '#c50f1f' };

/** The spec's refusal of a file over the company's limit (none while the limit is unknown: the API checks it too). */
export function fileTooLarge(size: number, limitMb: number | null): string | undefined {
  return limitMb !== null && size > limitMb * 1024 * 1024 ? uploadMessages.fileTooLarge(limitMb) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Values: the API keeps numbers with a point ('0.12') and dates as ISO; the form shows them as
// people type them here (decimal comma, dd/mm/aaaa).

/** The decimal separator of a language (',' in Spanish). */
export function decimalSeparatorOf(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** '0.12' → '0,12' in Spanish; what is no plain number is shown as it was read. */
export function numberToForm(value: string | null | undefined, decimal = ','): string {
  if (value === null || value === undefined) return '';
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim().replace('.', decimal) : value;
}

export type Conversion = { kind: 'value'; value: string | null } | { kind: 'error'; message: string };

/** '0,12' or '0.12' → '0.12'; '1.050' in Spanish → '1050'; an empty field → null; what cannot be read for sure is refused, never guessed. */
export function numberToApi(typed: string, group: string | null = '.', integer = false): Conversion {
  const reading = parseDecimal(typed, group);
  if (reading.kind === 'empty') return { kind: 'value', value: null };
  if (reading.kind === 'error') return { kind: 'error', message: integer ? uploadMessages.integer : uploadMessages.number };
  if (integer && !Number.isInteger(reading.value)) return { kind: 'error', message: uploadMessages.integer };
  return { kind: 'value', value: String(reading.value) };
}

/** '2025-03-12' → '12/03/2025'; what is no ISO date is shown as it was read. */
export function dateToForm(value: string | null | undefined): string {
  return dateInputText(value, 'es');
}

/** '12/03/2025' (also 12-3-2025, 12.03.25) → '2025-03-12'; an empty field → null; an impossible day is refused (the portal's one date reader). */
export function dateToApi(typed: string): Conversion {
  const reading = parseDateText(typed, 'es');
  if (reading.kind === 'error') return { kind: 'error', message: uploadMessages.date };
  return { kind: 'value', value: reading.kind === 'date' ? reading.value : null };
}

/** A value as the API keeps it → as the form shows it. */
export function valueToForm(spec: Pick<DocumentFieldSpec, 'kind'>, value: string | null | undefined, decimal = ','): string {
  if (spec.kind === 'number' || spec.kind === 'integer') return numberToForm(value, decimal);
  if (spec.kind === 'date') return dateToForm(value);
  return value ?? '';
}

/** A typed value → as the API keeps it (or why it cannot be). */
export function valueToApi(spec: Pick<DocumentFieldSpec, 'kind'>, typed: string | undefined, group: string | null = '.'): Conversion {
  const text = (typed ?? '').trim();
  if (spec.kind === 'number' || spec.kind === 'integer') return numberToApi(text, group, spec.kind === 'integer');
  if (spec.kind === 'date') return dateToApi(text);
  return { kind: 'value', value: text === '' ? null : text };
}

// ---------------------------------------------------------------------------------------------
// The review form

/** A table row of the form: its values by key, and `_source`, the row of the draft it was read from ('' for a new one). */
export type ReviewRow = Record<string, string>;
export interface ReviewFormValues {
  fields: Record<string, string>;
  rows: ReviewRow[];
}
export const ROW_SOURCE = '_source';

const byKey = (extracted: readonly ExtractedFieldView[] | undefined) => new Map((extracted ?? []).map((field) => [field.key, field]));

/** The form's values of a draft: the saved ones when there are, else what the agent read. */
export function formValuesOf(detail: Pick<UploadDetail, 'fields' | 'rows' | 'values'>, docType: DocumentType, decimal = ','): ReviewFormValues {
  const spec = DOCUMENT_TYPE_SPECS[docType];
  const saved = detail.values;
  const readFields = byKey(detail.fields);
  const fields = Object.fromEntries(
    spec.fields.map((field) => [field.key, valueToForm(field, saved ? saved.fields[field.key] : readFields.get(field.key)?.value, decimal)]),
  );
  const rowSpec = spec.rows;
  if (!rowSpec) return { fields, rows: [] };
  const source: Record<string, string | null>[] = saved
    ? saved.rows
    : detail.rows.map((row) => Object.fromEntries(row.map((field) => [field.key, field.value] as const)));
  const rows: ReviewRow[] = source.map((row, index) => ({
    ...Object.fromEntries(rowSpec.fields.map((field) => [field.key, valueToForm(field, row[field.key], decimal)])),
    [ROW_SOURCE]: index < detail.rows.length ? String(index) : '',
  }));
  while (rows.length < rowSpec.min) rows.push(emptyRow(docType));
  return { fields, rows };
}

export function emptyRow(docType: DocumentType): ReviewRow {
  const row: ReviewRow = { ...Object.fromEntries((DOCUMENT_TYPE_SPECS[docType].rows?.fields ?? []).map((field) => [field.key, ''])), [ROW_SOURCE]: '' };
  return row;
}

/**
 * The values to send (`{ doc_type, fields, rows }`, numbers with a point, ISO dates) and the errors
 * by form path (`fields.date_out`, `rows.0.hardness_hv`). Confirming also needs every required
 * value and the table's least rows; a draft keeps what cannot be read as it was typed.
 */
export function apiValuesOf(
  form: ReviewFormValues,
  docType: DocumentType,
  options: { group?: string | null; confirming: boolean },
): { values: UploadValues; errors: Record<string, string> } {
  const spec = DOCUMENT_TYPE_SPECS[docType];
  const errors: Record<string, string> = {};
  const convert = (field: DocumentFieldSpec, typed: string | undefined, path: string): string | null => {
    const result = valueToApi(field, typed, options.group ?? '.');
    if (result.kind === 'error') {
      errors[path] = result.message;
      return (typed ?? '').trim() || null;
    }
    if (result.value === null && field.required && options.confirming) errors[path] = uploadMessages.required;
    if (result.value !== null && field.kind === 'choice' && field.options && !field.options.includes(result.value)) errors[path] = uploadMessages.choice;
    return result.value;
  };
  const fields = Object.fromEntries(spec.fields.map((field) => [field.key, convert(field, form.fields[field.key], `fields.${field.key}`)]));
  const rows = spec.rows
    ? form.rows.map((row, index) =>
        Object.fromEntries(spec.rows!.fields.map((field) => [field.key, convert(field, row[field.key], `rows.${index}.${field.key}`)])),
      )
    : [];
  if (spec.rows && options.confirming && rows.length < spec.rows.min) errors.rows = uploadMessages.rowsMissing;
  return { values: { doc_type: docType, fields, rows }, errors: options.confirming ? errors : {} };
}

/** One field of the form: where it is, what it is, and what the agent read for it. */
export interface ReviewFieldRef {
  /** The form path: `fields.<key>` or `rows.<i>.<key>`. */
  path: string;
  spec: DocumentFieldSpec;
  extracted: ExtractedFieldView | undefined;
}

/** The form's fields in the document's order: the header, then each row. */
export function reviewFields(detail: Pick<UploadDetail, 'fields' | 'rows'>, docType: DocumentType, form: ReviewFormValues): ReviewFieldRef[] {
  const spec = DOCUMENT_TYPE_SPECS[docType];
  const header = byKey(detail.fields);
  const refs: ReviewFieldRef[] = spec.fields.map((field) => ({ path: `fields.${field.key}`, spec: field, extracted: header.get(field.key) }));
  form.rows.forEach((row, index) => {
    const source = row[ROW_SOURCE] === '' || row[ROW_SOURCE] === undefined ? undefined : detail.rows[Number(row[ROW_SOURCE])];
    const read = byKey(source);
    for (const field of spec.rows?.fields ?? []) refs.push({ path: `rows.${index}.${field.key}`, spec: field, extracted: read.get(field.key) });
  });
  return refs;
}

/** The value of a form path. */
export function formValueAt(form: ReviewFormValues, path: string): string {
  const [part, first, second] = path.split('.');
  if (part === 'fields') return form.fields[first] ?? '';
  return form.rows[Number(first)]?.[second] ?? '';
}

/** Why a field asks to be looked at: read with low confidence, or required and empty. */
export type Attention = 'low' | 'required';
export function attentionOf(ref: ReviewFieldRef, value: string, decimal = ','): Attention | null {
  if (ref.spec.required && value.trim() === '') return 'required';
  const read = ref.extracted;
  // A value a person has changed is theirs, not the agent's guess.
  if (read && read.value !== null && confidenceLevel(read.confidence) === 'low' && valueToForm(ref.spec, read.value, decimal) === value) return 'low';
  return null;
}

/**
 * The fields to look at first (domain.md D3): the low-confidence values, least sure first, then
 * the required ones left empty, in the document's order. The first of them takes the focus.
 */
export function attentionOrder(refs: readonly ReviewFieldRef[], form: ReviewFormValues, decimal = ','): ReviewFieldRef[] {
  const marked = refs.map((ref, order) => ({ ref, order, attention: attentionOf(ref, formValueAt(form, ref.path), decimal) }));
  const low = marked.filter((item) => item.attention === 'low').sort((a, b) => a.ref.extracted!.confidence - b.ref.extracted!.confidence || a.order - b.order);
  const required = marked.filter((item) => item.attention === 'required');
  return [...low, ...required].map((item) => item.ref);
}

/** The candidates' key of a die value: `header`, or the row the value was read from. */
export function candidatesKey(path: string, form: ReviewFormValues): string | null {
  const [part, index] = path.split('.');
  if (part === 'fields') return 'header';
  const source = form.rows[Number(index)]?.[ROW_SOURCE];
  return source === undefined || source === '' ? null : source;
}

/** The page of a record the confirmation created or updated. */
export function linkPath(link: Pick<UploadLink, 'entity' | 'entity_id'>): string {
  switch (link.entity) {
    case 'die':
      return `/apps/dies/dieResume/${link.entity_id}`;
    case 'nitriding_batch':
      return `/apps/die-nitruring-confirm/${link.entity_id}`;
    case 'profile':
      return `/apps/profile/${link.entity_id}`;
    case 'production_order':
      return `/apps/orders/${link.entity_id}`;
  }
}
