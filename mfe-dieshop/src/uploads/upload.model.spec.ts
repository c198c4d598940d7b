import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_SPECS, UPLOAD_STATUS_LABELS, type ExtractedFieldView, type UploadDetail } from '@planta/contracts';
import { uploadsTexts } from '../i18n/uploads.texts';
import {
  apiValuesOf,
  attentionOrder,
  candidatesKey,
  confidenceLevel,
  dateToApi,
  dateToForm,
  fileTooLarge,
  formValuesOf,
  linkPath,
  numberToApi,
  numberToForm,
  reviewFields,
  ROW_SOURCE,
} from './upload.model';

const read = (key: string, value: string | null, confidence: number, page = 1): ExtractedFieldView => ({
  key,
  value,
  confidence,
  page,
  box: { x: 0.1, y: 0.2, width: 0.2, height: 0.03 },
  label: null,
});

/** A nitriding certificate as the agent read it: two dies, one hardness unsure, the date out missing. */
const DRAFT: Pick<UploadDetail, 'fields' | 'rows' | 'values'> = {
  fields: [
    read('certificate_number', 'CN-2025-0457', 0.97),
    read('supplier', 'Nitruraciones del Norte', 0.92),
    read('date_in', '2025-03-10', 0.7),
    read('date_out', null, 0),
    read('temperature_c', '510', 0.95),
  ],
  rows: [
    [read('die_reference', '4521-Z', 0.55), read('hardness_hv', '1050', 0.93), read('case_depth_mm', '0.12', 0.91)],
    [read('die_reference', '4522-1', 0.96), read('hardness_hv', '980', 0.4), read('case_depth_mm', '0.15', 0.9)],
  ],
  values: null,
};

describe('confidence levels (domain.md D3)', () => {
  it('reads alta from 0.9, media from 0.6, baja below', () => {
    expect([0.95, 0.9, 0.89, 0.6, 0.59, 0].map(confidenceLevel)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
  });
});

describe('the size check before sending', () => {
  it('refuses a file over the company limit with the spec message, and lets the limit itself through', () => {
    expect(fileTooLarge(2 * 1024 * 1024 + 1, 2)).toBe('El tamaño máximo permitido es de 2MB');
    expect(fileTooLarge(2 * 1024 * 1024, 2)).toBeUndefined();
    expect(fileTooLarge(4 * 1024 * 1024, 5)).toBeUndefined();
    expect(fileTooLarge(6 * 1024 * 1024, 5)).toBe('El tamaño máximo permitido es de 5MB');
  });
  it('leaves the check to the API while the limit is unknown', () => {
    expect(fileTooLarge(50 * 1024 * 1024, null)).toBeUndefined();
  });
});

describe('numbers: a decimal comma on the screen, a point in the API', () => {
  it('shows the API value with a comma', () => {
    expect(numberToForm('0.12')).toBe('0,12');
    expect(numberToForm('1050')).toBe('1050');
    expect(numberToForm(null)).toBe('');
    expect(numberToForm('0.12', '.')).toBe('0.12');
    expect(numberToForm('aprox. 3')).toBe('aprox. 3');
  });
  it('sends what was typed with a point, refuses what cannot be read for sure', () => {
    expect(numberToApi('0,12')).toEqual({ kind: 'value', value: '0.12' });
    expect(numberToApi('0.12')).toEqual({ kind: 'value', value: '0.12' });
    expect(numberToApi(' 1050 ')).toEqual({ kind: 'value', value: '1050' });
    expect(numberToApi('')).toEqual({ kind: 'value', value: null });
    expect(numberToApi('1.050')).toEqual({ kind: 'value', value: '1050' });
    expect(numberToApi('1.050,5')).toEqual({ kind: 'value', value: '1050.5' });
    expect(numberToApi('1.05.0')).toEqual({ kind: 'error', message: 'Indica un número (con coma decimal)' });
    expect(numberToApi('12,5,3').kind).toBe('error');
    expect(numberToApi('dura')).toEqual({ kind: 'error', message: 'Indica un número (con coma decimal)' });
    expect(numberToApi('12,5', '.', true)).toEqual({ kind: 'error', message: 'Indica un número entero' });
    expect(numberToApi('980', '.', true)).toEqual({ kind: 'value', value: '980' });
  });
});

describe('dates: dd/mm/aaaa on the screen, ISO in the API', () => {
  it('converts both ways', () => {
    expect(dateToForm('2025-03-12')).toBe('12/03/2025');
    expect(dateToForm(null)).toBe('');
    expect(dateToApi('12/03/2025')).toEqual({ kind: 'value', value: '2025-03-12' });
    expect(dateToApi('1-3-25')).toEqual({ kind: 'value', value: '2025-03-01' });
    expect(dateToApi('')).toEqual({ kind: 'value', value: null });
  });
  it('refuses an impossible or unreadable day', () => {
    expect(dateToApi('31/02/2025')).toEqual({ kind: 'error', message: 'Indica una fecha dd/mm/aaaa' });
    expect(dateToApi('2025-03-12').kind).toBe('error');
    expect(dateToApi('mañana').kind).toBe('error');
  });
});

describe('the review form', () => {
  const form = formValuesOf(DRAFT, 'nitriding_certificate');

  it('starts from what was read, as people type it, one row per die read', () => {
    expect(form.fields).toMatchObject({ certificate_number: 'CN-2025-0457', date_in: '10/03/2025', date_out: '', process: '', temperature_c: '510' });
    expect(form.rows).toEqual([
      { die_reference: '4521-Z', hardness_hv: '1050', case_depth_mm: '0,12', core_hardness_hrc: '', [ROW_SOURCE]: '0' },
      { die_reference: '4522-1', hardness_hv: '980', case_depth_mm: '0,15', core_hardness_hrc: '', [ROW_SOURCE]: '1' },
    ]);
  });

  it('starts from a saved draft when there is one', () => {
    const values = {
      doc_type: 'nitriding_certificate' as const,
      fields: { certificate_number: 'CN-2025-0458', case_depth_mm: null },
      rows: [{ die_reference: '4521-2', case_depth_mm: '0.2' }],
    };
    const saved = formValuesOf({ ...DRAFT, values }, 'nitriding_certificate');
    expect(saved.fields.certificate_number).toBe('CN-2025-0458');
    expect(saved.rows).toEqual([{ die_reference: '4521-2', hardness_hv: '', case_depth_mm: '0,2', core_hardness_hrc: '', [ROW_SOURCE]: '0' }]);
  });

  it('lists the fields in the document order, the header then each row', () => {
    const paths = reviewFields(DRAFT, 'nitriding_certificate', form).map((ref) => ref.path);
    expect(paths.slice(0, 3)).toEqual(['fields.certificate_number', 'fields.supplier', 'fields.date_in']);
    expect(paths.slice(8, 12)).toEqual(['rows.0.die_reference', 'rows.0.hardness_hv', 'rows.0.case_depth_mm', 'rows.0.core_hardness_hrc']);
    expect(paths).toHaveLength(8 + 2 * 4);
  });

  it('puts the low-confidence values first, least sure first, then the required ones left empty', () => {
    const order = attentionOrder(reviewFields(DRAFT, 'nitriding_certificate', form), form).map((ref) => ref.path);
    expect(order).toEqual(['rows.1.hardness_hv', 'rows.0.die_reference', 'fields.date_out']);
  });

  it('no longer asks for a required value once typed, nor for an unsure one a person changed', () => {
    const typed = { fields: { ...form.fields, date_out: '14/03/2025' }, rows: [form.rows[0], { ...form.rows[1], hardness_hv: '1000' }] };
    expect(attentionOrder(reviewFields(DRAFT, 'nitriding_certificate', typed), typed).map((ref) => ref.path)).toEqual(['rows.0.die_reference']);
  });

  it('sends numbers with a point and ISO dates, and names the errors as the API does', () => {
    const typed = { ...form, fields: { ...form.fields, date_out: '14/03/2025', process: 'gas' } };
    const { values, errors } = apiValuesOf(typed, 'nitriding_certificate', { confirming: true });
    expect(errors).toEqual({});
    expect(values.doc_type).toBe('nitriding_certificate');
    expect(values.fields).toMatchObject({ date_in: '2025-03-10', date_out: '2025-03-14', temperature_c: '510', process: 'gas', duration_h: null });
    expect(values.rows[0]).toEqual({ die_reference: '4521-Z', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: null });
    expect(Object.keys(values.rows[0])).not.toContain(ROW_SOURCE);

    const wrong = { ...typed, rows: [{ ...typed.rows[0], case_depth_mm: 'doce', hardness_hv: '' }] };
    expect(apiValuesOf(wrong, 'nitriding_certificate', { confirming: true }).errors).toEqual({
      'rows.0.case_depth_mm': 'Indica un número (con coma decimal)',
      'rows.0.hardness_hv': 'Completa este dato',
    });
  });

  it('keeps a draft as it is, without asking for what is missing', () => {
    const { values, errors } = apiValuesOf({ fields: { supplier: 'X', temperature_c: '5,1,0' }, rows: [] }, 'nitriding_certificate', { confirming: false });
    expect(errors).toEqual({});
    expect(values.fields.temperature_c).toBe('5,1,0');
    expect(values.rows).toEqual([]);
  });

  it('asks for at least the least rows of the table when confirming', () => {
    expect(apiValuesOf({ fields: {}, rows: [] }, 'delivery_note', { confirming: true }).errors.rows).toBe('Añade al menos una fila');
  });

  it('finds the catalogue candidates of a die value by where it was read', () => {
    const added = { ...form, rows: [...form.rows, { die_reference: '', [ROW_SOURCE]: '' }] };
    expect(candidatesKey('fields.die_reference', added)).toBe('header');
    expect(candidatesKey('rows.1.die_reference', added)).toBe('1');
    expect(candidatesKey('rows.2.die_reference', added)).toBeNull();
  });
});

describe('links to the records a confirmation made', () => {
  it('opens each record on its own page', () => {
    expect(linkPath({ entity: 'die', entity_id: 4 })).toBe('/apps/dies/dieResume/4');
    expect(linkPath({ entity: 'nitriding_batch', entity_id: 7 })).toBe('/apps/die-nitruring-confirm/7');
    expect(linkPath({ entity: 'profile', entity_id: 2 })).toBe('/apps/profile/2');
    expect(linkPath({ entity: 'production_order', entity_id: 9 })).toBe('/apps/orders/9');
  });
});

describe('the Spanish texts', () => {
  it('name states, document types and fields as the contracts do', () => {
    const es = uploadsTexts.es.uploads;
    expect(es.status).toEqual(UPLOAD_STATUS_LABELS);
    expect(es.docType).toEqual(DOCUMENT_TYPE_LABELS);
    for (const spec of Object.values(DOCUMENT_TYPE_SPECS))
      for (const field of [...spec.fields, ...(spec.rows?.fields ?? [])])
        expect([field.key, es.fields[field.key as keyof typeof es.fields]]).toEqual([field.key, field.label]);
  });
  it('are there in every language', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`)) : [prefix];
    const spanish = keys(uploadsTexts.es).sort();
    for (const language of ['en', 'ar', 'tr'] as const) expect(keys(uploadsTexts[language]).sort()).toEqual(spanish);
  });
});
