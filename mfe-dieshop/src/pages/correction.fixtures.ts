import type { CorrectionRecordDetail, CorrectionReportDetail, CorrectionRecordRow, CorrectionReportRow } from '@planta/contracts';

/** A correction record as the API answers it (component tests of the correction screens). */
export const ROW: CorrectionRecordRow = {
  id: 7,
  number: 'NC-2026-0007',
  die_id: 12,
  die_label: 'EN-1042-1',
  die_state: 'correction',
  profile_code: 'PX-1042',
  origin: 'press',
  order_die_id: 31,
  order_number: 'OP-2210',
  defect_id: 1,
  defect_name: 'Fuera de tolerancia dimensional',
  dimension_label: 'A',
  measured_mm: 12.6,
  nominal_mm: 12.3,
  tol_minus: 0.1,
  tol_plus: 0.15,
  description: 'La cota A sale alta en las tres últimas mediciones',
  severity: 'major',
  assigned_corrector_id: 5,
  corrector_name: 'Andrés Olmedo',
  due_at: '2026-11-30T22:59:59.000Z',
  status: 'analysis',
  effectiveness: 'pending',
  auto_draft: false,
  has_canvas: false,
  created_by: 2,
  created_by_name: 'Lucía Jefa',
  opened_at: '2026-11-20T08:00:00.000Z',
  closed_at: null,
  attempts: 1,
  current_attempt: { id: 40, attempt_no: 1, operations_count: 1, trial_result: 'pending' },
  overdue: false,
  comment_count: 1,
  version: 3,
};

export const REPORT_ROW: CorrectionReportRow = {
  id: 40,
  correction_record_id: 7,
  attempt_no: 1,
  corrector_id: 5,
  corrector_name: 'Andrés Olmedo',
  operations: [{ operation_id: 2, operation_name: 'Aliviar portada', zone: 'Lado A', amount: '0,05 mm', note: '' }],
  hours: 2.5,
  findings: 'Portada gastada en el lado A',
  trial_order_die_id: null,
  trial_order_number: null,
  trial_result: 'pending',
  trial_note: '',
  started_at: '2026-11-21T08:00:00.000Z',
  finished_at: null,
  path: '40/7',
};

const PEOPLE = {
  correctors: [{ id: 5, name: 'Andrés Olmedo' }],
  mentionable: [
    { id: 2, name: 'Lucía Jefa' },
    { id: 5, name: 'Andrés Olmedo' },
  ],
};

const DIE = { id: 12, die_reference: 'EN-1042', copy_number: 1, label: 'EN-1042-1', state: 'correction' as const, profile_id: 3, profile_code: 'PX-1042' };

export const DETAIL: CorrectionRecordDetail = {
  ...ROW,
  canvas: null,
  drawing_file_id: null,
  drawing_url: null,
  die: DIE,
  reports: [REPORT_ROW],
  comments: [
    {
      id: 1,
      correction_record_id: 7,
      correction_report_id: null,
      author_id: 2,
      author_name: 'Lucía Jefa',
      text: '@[Andrés Olmedo](5) revisa la portada',
      mentions: [{ id: 5, name: 'Andrés Olmedo' }],
      created_at: '2026-11-20T09:00:00.000Z',
    },
  ],
  people: PEOPLE,
};

/** What a share-link guest gets: no people. */
export const GUEST_DETAIL: CorrectionRecordDetail = { ...DETAIL, people: null };

export const REPORT: CorrectionReportDetail = {
  ...REPORT_ROW,
  record: { ...ROW, status: 'in_correction' },
  canvas: null,
  drawing_file_id: null,
  drawing_url: null,
  die: DIE,
  comparison: {
    dimension_label: 'A',
    nominal_mm: 12.3,
    tol_minus: 0.1,
    tol_plus: 0.15,
    before_order_die_id: 31,
    before: [
      { at: '2026-11-19T08:10:00.000Z', value: 12.5 },
      { at: '2026-11-19T08:20:00.000Z', value: 12.6 },
    ],
    after: [],
    before_out: 2,
    after_out: 0,
    proposed: null,
  },
  comments: [],
  people: PEOPLE,
};

/** The die's summary as the new record's form reads it: its profile's dimensions and its runs. */
export const DIE_SUMMARY = {
  die: { id: 12, die_reference: 'EN-1042', copy_number: 1 },
  profile: { id: 3, code: 'PX-1042', dimensions: [{ label: 'A', nominal_mm: 12.3, tol_minus_mm: 0.1, tol_plus_mm: 0.15 }] },
  production: {
    runs: [{ id: 31, order_number: 'OP-2210', line_name: 'Prensa 1', start: '2026-11-22T06:00:00.000Z', end: '2026-11-22T14:00:00.000Z' }],
  },
};
