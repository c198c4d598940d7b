import { mentionedUserIds, mentionExcerpt, mentionOf, mentionsAsText } from '../mentions';
import {
  CORRECTION_BOARD_COLUMNS,
  CORRECTION_STATUSES,
  CORRECTION_TRANSITIONS,
  correctionBoardColumnOf,
  correctionCommentCreateSchema,
  correctionMessages,
  correctionNumber,
  correctionReportPath,
  correctionReportRoute,
  proposeEffectiveness,
  whyNotMoveCorrection,
  type CorrectionMoveSubject,
} from './correction.schema';

const subject = (extra: Partial<CorrectionMoveSubject> = {}): CorrectionMoveSubject => ({
  status: 'reported',
  assigned_corrector_id: null,
  current_attempt: null,
  ...extra,
});

describe('correction moves', () => {
  it('allow exactly the transitions of the design, with the guards', () => {
    expect(whyNotMoveCorrection(subject(), 'analysis')).toBeNull();
    expect(whyNotMoveCorrection(subject(), 'assigned')).toBe(correctionMessages.assignFirst);
    expect(whyNotMoveCorrection(subject({ assigned_corrector_id: 7 }), 'assigned')).toBeNull();
    expect(whyNotMoveCorrection(subject({ status: 'in_correction', assigned_corrector_id: 7 }), 'in_trial')).toBe(correctionMessages.operationsFirst);
    expect(
      whyNotMoveCorrection(
        subject({ status: 'in_correction', assigned_corrector_id: 7, current_attempt: { operations_count: 1, trial_result: 'pending' } }),
        'in_trial',
      ),
    ).toBeNull();
    const inTrial = subject({ status: 'in_trial', assigned_corrector_id: 7, current_attempt: { operations_count: 1, trial_result: 'pending' } });
    expect(whyNotMoveCorrection(inTrial, 'closed')).toBe(correctionMessages.closeWithApprovedTrial);
    expect(whyNotMoveCorrection({ ...inTrial, current_attempt: { operations_count: 1, trial_result: 'approved' } }, 'closed')).toBeNull();
    expect(whyNotMoveCorrection(inTrial, 'in_correction')).toBeNull();
    expect(whyNotMoveCorrection(subject(), 'closed')).toBe('No se puede pasar de «Reportada» a «Cerrada (eficaz)»');
    expect(whyNotMoveCorrection(subject({ status: 'closed' }), 'reported')).toBe(correctionMessages.finished('closed'));
    expect(whyNotMoveCorrection(subject(), 'reported')).toBeNull();
  });

  it('show every open state in a board column, drafts in Reportada', () => {
    expect(correctionBoardColumnOf('draft')).toBe('reported');
    expect(correctionBoardColumnOf('discarded')).toBeNull();
    for (const status of CORRECTION_BOARD_COLUMNS) expect(correctionBoardColumnOf(status)).toBe(status);
    for (const status of CORRECTION_STATUSES) for (const to of CORRECTION_TRANSITIONS[status]) expect(CORRECTION_STATUSES).toContain(to);
  });
});

describe('effectiveness proposed from the dimension series', () => {
  const band = { nominal_mm: 40, tol_minus: 0.2, tol_plus: 0.2 };
  it('is effective when every check of the trial run is within tolerance (ends included)', () => {
    expect(proposeEffectiveness(band, [{ value: 40.5 }, { value: 40.3 }], [{ value: 40.2 }, { value: 39.8 }])).toEqual({
      before_out: 2,
      after_out: 0,
      proposed: 'effective',
    });
  });
  it('is not effective with any check outside, and unknown without a band or a trial run', () => {
    expect(proposeEffectiveness(band, [], [{ value: 40.1 }, { value: 40.25 }]).proposed).toBe('not_effective');
    expect(proposeEffectiveness(band, [{ value: 41 }], []).proposed).toBeNull();
    expect(proposeEffectiveness({ nominal_mm: null, tol_minus: 0.2, tol_plus: 0.2 }, [], [{ value: 40 }]).proposed).toBeNull();
  });
});

describe('numbers, paths and mentions', () => {
  it('write the record number and the report path of the notifications', () => {
    expect(correctionNumber(2026, 7)).toBe('NC-2026-0007');
    expect(correctionReportPath({ id: 12, correction_record_id: 5 })).toBe('12/5');
    expect(correctionReportRoute({ id: 12, correction_record_id: 5 })).toBe('/apps/correction-report/12/5');
  });
  it('read the mentions the comment box writes', () => {
    const text = `Mira esto ${mentionOf({ id: 4, name: 'Ana [Jefa]' })} y ${mentionOf({ id: 9, name: 'Luis' })}, ${mentionOf({ id: 4, name: 'Ana' })}`;
    expect(mentionedUserIds(text)).toEqual([4, 9]);
    expect(mentionsAsText(text)).toBe('Mira esto @Ana [Jefa  y @Luis, @Ana');
    expect(mentionExcerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
  it('take a comment on a record or on a report, never both or neither', () => {
    expect(correctionCommentCreateSchema.safeParse({ correction_record_id: 1, text: 'hola' }).success).toBe(true);
    expect(correctionCommentCreateSchema.safeParse({ correction_record_id: 1, correction_report_id: 2, text: 'hola' }).success).toBe(false);
    expect(correctionCommentCreateSchema.safeParse({ text: 'hola' }).success).toBe(false);
  });
});
