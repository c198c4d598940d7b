import { DOCUMENT_TYPE_SPECS, uploadMessages, type DocumentFieldSpec, type UploadValues } from '@planta/contracts';

/** A die copy as a document names it: reference and copy number. */
export interface DieName {
  reference: string;
  copy: number;
}

export type FieldValue = string | number | DieName | null;

export interface CheckedValues {
  fields: Record<string, FieldValue>;
  /** The table's rows with what they hold, each with the index the form sent it at. */
  rows: (Record<string, FieldValue> & { _index: number })[];
}

/** A die copy written 'reference-copy' (the reference may hold dashes itself: 'EN-1042-1'). */
export function parseDieName(text: string): DieName | null {
  const match = /^\s*([A-Za-z0-9][A-Za-z0-9._/-]*?)\s*-\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return null;
  const copy = Number(match[2]);
  return copy >= 1 ? { reference: match[1].toUpperCase(), copy } : null;
}

export const dieLabel = (die: DieName) => `${die.reference}-${die.copy}`;

function checkValue(spec: DocumentFieldSpec, raw: string | null | undefined): { value: FieldValue } | { error: string } {
  const text = (raw ?? '').trim();
  if (text === '') return spec.required ? { error: uploadMessages.required } : { value: null };
  switch (spec.kind) {
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: uploadMessages.number };
      return { value: Number(text) };
    }
    case 'integer':
      return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? { value: Number(text) } : { error: uploadMessages.integer };
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
      if (!match || !date || date.toISOString().slice(0, 10) !== text || Number(match[1]) < 1900) return { error: uploadMessages.date };
      return { value: text };
    }
    case 'die': {
      const die = parseDieName(text);
      return die ? { value: die } : { error: uploadMessages.dieReference };
    }
    case 'choice':
      return spec.options?.includes(text) ? { value: text } : { error: uploadMessages.choice };
    default:
      return { value: text };
  }
}

/**
 * The reviewed values checked against their document type's fields: each value of its kind,
 * required ones present, the table with its minimum of rows. Errors are named as the review form
 * names its fields: `fields.<key>`, `rows.<index>.<key>`.
 */
export function checkValues(values: UploadValues): { values: CheckedValues; errors: Record<string, string> } {
  const spec = DOCUMENT_TYPE_SPECS[values.doc_type];
  const errors: Record<string, string> = {};
  const fields: Record<string, FieldValue> = {};
  for (const field of spec.fields) {
    const checked = checkValue(field, values.fields[field.key]);
    if ('error' in checked) errors[`fields.${field.key}`] = checked.error;
    else fields[field.key] = checked.value;
  }
  const rows: CheckedValues['rows'] = [];
  if (spec.rows) {
    // A row left empty in the table is not a row; errors keep the index the form sent.
    const isEmpty = (row: Record<string, string | null>) => Object.values(row).every((value) => (value ?? '').trim() === '');
    if (values.rows.filter((row) => !isEmpty(row)).length < spec.rows.min) errors.rows = uploadMessages.rowsMissing;
    values.rows.forEach((row, index) => {
      if (isEmpty(row)) return;
      const checkedRow: Record<string, FieldValue> = {};
      for (const field of spec.rows!.fields) {
        const checked = checkValue(field, row[field.key]);
        if ('error' in checked) errors[`rows.${index}.${field.key}`] = checked.error;
        else checkedRow[field.key] = checked.value;
      }
      rows.push({ ...checkedRow, _index: index });
    });
  }
  return { values: { fields, rows }, errors };
}
