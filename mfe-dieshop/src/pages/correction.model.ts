import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  correctionRecordCreateSchema,
  correctionRecordUpdateSchema,
  correctionReportRoute,
  type CorrectionOrigin,
  type CorrectionRecordCreate,
  type CorrectionRecordDetail,
  type CorrectionRecordUpdate,
  type CorrectionSeverity,
} from '@planta/contracts';
import { inputNumber, withDecimalFields } from '@planta/ui';

/** The correction screens' addresses (spec 2.2; design of issue 14). */
export const CORRECTION_LIST_PATH = '/apps/correction-record/all';
export const CORRECTION_NEW_PATH = '/apps/correction-record/new';
export const correctionRecordPath = (id: number) => `/apps/correction-record/${id}`;
export const correctionNewForDie = (dieId: number) => `${CORRECTION_NEW_PATH}?die_id=${dieId}`;
export const correctionCanvasPath = (id: number) => `/apps/testCanvas/${id}`;
export { correctionReportRoute };

/** The record's non-conformity as its form holds it: numbers as typed (a decimal comma is fine), ids or null. */
export interface CorrectionFormValues {
  die_id: number | null;
  origin: CorrectionOrigin | '';
  order_die_id: number | null;
  defect_id: number | null;
  dimension_label: string;
  measured_mm: string;
  nominal_mm: string;
  tol_minus: string;
  tol_plus: string;
  severity: CorrectionSeverity | '';
  assigned_corrector_id: number | null;
  /** A calendar day (YYYY-MM-DD); the API keeps the end of that day. */
  due_at: string;
  description: string;
}

const NUMBER_FIELDS = ['measured_mm', 'nominal_mm', 'tol_minus', 'tol_plus'] as const;

export const emptyCorrectionValues = (dieId: number | null = null): CorrectionFormValues => ({
  die_id: dieId,
  origin: '',
  order_die_id: null,
  defect_id: null,
  dimension_label: '',
  measured_mm: '',
  nominal_mm: '',
  tol_minus: '',
  tol_plus: '',
  severity: 'major',
  assigned_corrector_id: null,
  due_at: '',
  description: '',
});

/** A stored record as its form shows it, in the user's language (`12,35`). */
export function correctionFormValues(record: CorrectionRecordDetail, language: string): CorrectionFormValues {
  return {
    die_id: record.die_id,
    origin: record.origin,
    order_die_id: record.order_die_id,
    defect_id: record.defect_id,
    dimension_label: record.dimension_label ?? '',
    measured_mm: inputNumber(record.measured_mm, language),
    nominal_mm: inputNumber(record.nominal_mm, language),
    tol_minus: inputNumber(record.tol_minus, language),
    tol_plus: inputNumber(record.tol_plus, language),
    severity: record.severity,
    assigned_corrector_id: record.assigned_corrector_id,
    due_at: record.due_at ? dayOf(record.due_at) : '',
    description: record.description,
  };
}

/** The local calendar day of an instant (the date input's value). */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of a calendar day, as the instant the API keeps ('' → null: no due date). */
export const endOfDay = (day: string): string | null => (day ? new Date(`${day}T23:59:59`).toISOString() : null);

/** What the form's values send: empty texts and numbers are null, the due day its end. */
function toBody(values: CorrectionFormValues) {
  const blankNull = (value: unknown) => (value === '' ? null : value);
  return {
    ...values,
    origin: values.origin === '' ? undefined : values.origin,
    severity: values.severity === '' ? undefined : values.severity,
    dimension_label: values.dimension_label.trim() || null,
    measured_mm: blankNull(values.measured_mm),
    nominal_mm: blankNull(values.nominal_mm),
    tol_minus: blankNull(values.tol_minus),
    tol_plus: blankNull(values.tol_plus),
    due_at: endOfDay(values.due_at),
  };
}

/**
 * The contracts' schema of a new record (or of a change), after the typed numbers are read
 * (`12,35` → 12.35; what cannot be read is refused on its field).
 */
export function correctionResolver(mode: 'create'): Resolver<CorrectionFormValues, unknown, CorrectionRecordCreate>;
export function correctionResolver(mode: 'update'): Resolver<CorrectionFormValues, unknown, CorrectionRecordUpdate>;
export function correctionResolver(mode: 'create' | 'update'): Resolver<CorrectionFormValues, unknown, CorrectionRecordCreate | CorrectionRecordUpdate> {
  const schema = mode === 'create' ? correctionRecordCreateSchema : correctionRecordUpdateSchema.omit({ effectiveness: true });
  const resolver = zodResolver(schema as never) as unknown as Resolver<CorrectionFormValues, unknown, CorrectionRecordCreate | CorrectionRecordUpdate>;
  const shaped: Resolver<CorrectionFormValues, unknown, CorrectionRecordCreate | CorrectionRecordUpdate> = (values, context, options) =>
    resolver(toBody(values) as unknown as CorrectionFormValues, context, options);
  return withDecimalFields(shaped, NUMBER_FIELDS);
}

/** The fields the record's form edits (the API's field errors are put on them). */
export const CORRECTION_FORM_FIELDS = Object.keys(emptyCorrectionValues()) as (keyof CorrectionFormValues)[];
