import type { EntityManager } from 'typeorm';
import { correctionNotices, correctionNumber, correctionReportPath, mentionedUserIds, mentionExcerpt, type CorrectionCanvas } from '@planta/contracts';
import { insertRows } from './seed-rows';

const MINUTE = 60_000;

/** Who does what in a plant's corrections: the die-shop technician corrects, the shift lead decides. */
export interface CorrectionCast {
  technician: number | null;
  lead: number | null;
  operator: number | null;
  names: Map<number, string>;
}

export interface AttemptPlan {
  started: number;
  finished: number | null;
  operations: { operation: string; zone: string; amount: string; note?: string }[];
  hours: number;
  findings: string;
  trialRunId: number | null;
  trialResult: 'pending' | 'approved' | 'rejected';
  trialNote: string;
}

/** One correction of the demo story, planned while the die's life is written so that its log and its record agree. */
export interface CorrectionPlan {
  key: string;
  dieId: number;
  origin: 'press' | 'quality' | 'customer' | 'trial' | 'cleaning';
  runId: number | null;
  defect: string;
  label: 'A' | 'B' | null;
  measured: number | null;
  nominal: number | null;
  /** The profile's band on that dimension (±). */
  tolerance: number | null;
  description: string;
  severity: 'minor' | 'major' | 'critical';
  status: 'draft' | 'reported' | 'analysis' | 'assigned' | 'in_correction' | 'in_trial' | 'closed' | 'discarded' | 'scrapped';
  effectiveness: 'pending' | 'effective' | 'not_effective';
  openedAt: number;
  closedAt: number | null;
  corrected: boolean;
  dueAt: number | null;
  autoDraft: boolean;
  openedBy: 'technician' | 'lead' | 'operator';
  attempts: AttemptPlan[];
  /** The canvas marks: where the die maker should look. */
  canvas: CorrectionCanvas | null;
  discussion: {
    by: 'technician' | 'lead' | 'operator';
    text: (mention: (who: 'technician' | 'lead' | 'operator') => string) => string;
    minutes: number;
    report?: number;
  }[];
}

/** The operations a corrector writes for each defect, in the die shop's words (domain.md A2.2). */
export const REPAIRS: Record<string, { findings: string; operations: AttemptPlan['operations'] }[]> = {
  'Espesor de pared': [
    {
      findings: 'Portada de la cara B gastada: el metal corre más por ese lado',
      operations: [
        { operation: 'Frenar portada', zone: 'Cara B, lado del puente', amount: '0,3 mm' },
        { operation: 'Pulir', zone: 'Portadas de la cara B', amount: '15 min' },
      ],
    },
    {
      findings: 'El primer frenado no bastó: la pared sigue gruesa en el extremo',
      operations: [{ operation: 'Frenar portada', zone: 'Cara B, extremo', amount: '0,2 mm' }],
    },
  ],
  'Fuera de tolerancia dimensional': [
    {
      findings: 'Portadas desiguales entre la cara A y la B',
      operations: [
        { operation: 'Aliviar portada', zone: 'Cara A, centro', amount: '0,2 mm' },
        { operation: 'Pulir', zone: 'Cara A', amount: '10 min' },
      ],
    },
    {
      findings: 'Sigue corta en A: se alivia un poco más',
      operations: [{ operation: 'Aliviar portada', zone: 'Cara A, esquinas', amount: '0,1 mm' }],
    },
  ],
  'Angularidad / planitud': [
    {
      findings: 'Flujo desigual entre el ala corta y la larga',
      operations: [
        { operation: 'Frenar portada', zone: 'Ala larga', amount: '0,4 mm' },
        { operation: 'Aliviar portada', zone: 'Ala corta', amount: '0,2 mm' },
      ],
    },
  ],
  Torsión: [
    {
      findings: 'Flujo desigual entre cavidades',
      operations: [{ operation: 'Frenar portada', zone: 'Cavidad 2, longitud de apoyo', amount: '0,5 mm' }],
    },
  ],
  'Rayas de matriz': [
    {
      findings: 'Aluminio adherido en la portada (pick-up)',
      operations: [
        { operation: 'Pulir', zone: 'Portada completa', amount: '25 min' },
        { operation: 'Rectificar', zone: 'Entrada de la portada', amount: '0,05 mm' },
      ],
    },
  ],
};

/** Marks on the profile's drawing: a pin where it was measured and an arrow to the bearing to work. */
export function demoCanvas(label: 'A' | 'B', measured: number | null, nominal: number | null, action: string): CorrectionCanvas {
  const pinAt = label === 'A' ? { x: 0.36, y: 0.42 } : { x: 0.58, y: 0.56 };
  return {
    version: 1,
    aspect: Math.SQRT2,
    items: [
      {
        kind: 'pin',
        id: 'p1',
        n: 1,
        ...pinAt,
        dimension_label: label,
        measured_mm: measured,
        nominal_mm: nominal,
        zone: label === 'A' ? 'Cara A, centro' : 'Cara B, lado del puente',
        action,
        color: '#d13438',
      },
      { kind: 'arrow', id: 'a1', points: [pinAt.x + 0.12, pinAt.y - 0.12, pinAt.x + 0.02, pinAt.y - 0.02], color: '#0078d4' },
      {
        kind: 'stroke',
        id: 's1',
        points: [pinAt.x - 0.05, pinAt.y + 0.04, pinAt.x, pinAt.y + 0.06, pinAt.x + 0.05, pinAt.y + 0.04],
        color: '#ffb900',
        width: 3,
      },
    ],
  };
}

/** Records, their attempts and discussions as planned; returns each plan's record id by key (the die log's refs). */
export async function insertCorrections(
  manager: EntityManager,
  companyId: number,
  plans: CorrectionPlan[],
  cast: CorrectionCast,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (plans.length === 0) return ids;
  const who = (role: 'technician' | 'lead' | 'operator') => cast[role];
  const catalogue = async (table: string) =>
    new Map(
      ((await manager.query(`select id, name from ${table} where company_id = $1`, [companyId])) as { id: number; name: string }[]).map((row) => [
        row.name,
        row.id,
      ]),
    );
  const defects = await catalogue('correction_defect');
  const operations = await catalogue('correction_operation');
  const counters = new Map<number, number>();
  const ordered = [...plans].sort((a, b) => a.openedAt - b.openedAt);
  const notifications: {
    user_id: number;
    text_message: string;
    variant: string;
    hypothalum_id: number | null;
    correction_report_path: string | null;
    at: number;
  }[] = [];
  for (const plan of ordered) {
    const year = new Date(plan.openedAt).getUTCFullYear();
    const sequence = (counters.get(year) ?? 0) + 1;
    counters.set(year, sequence);
    const number = correctionNumber(year, sequence);
    const [record] = (await insertRows(
      manager,
      'correction_record',
      [
        {
          company_id: companyId,
          number,
          die_id: plan.dieId,
          origin: plan.origin,
          order_die_id: plan.runId,
          defect_id: defects.get(plan.defect) ?? null,
          dimension_label: plan.label,
          measured_mm: plan.measured,
          nominal_mm: plan.nominal,
          tol_minus: plan.tolerance,
          tol_plus: plan.tolerance,
          description: plan.description,
          severity: plan.severity,
          assigned_corrector_id: plan.corrected ? cast.technician : null,
          due_at: plan.dueAt === null ? null : new Date(plan.dueAt).toISOString(),
          status: plan.status,
          effectiveness: plan.effectiveness,
          auto_draft: plan.autoDraft,
          canvas: plan.canvas,
          created_by: who(plan.openedBy),
          opened_at: new Date(plan.openedAt).toISOString(),
          closed_at: plan.closedAt === null ? null : new Date(plan.closedAt).toISOString(),
        },
      ],
      'returning id',
    )) as { id: number }[];
    ids.set(plan.key, record.id);
    if (plan.runId !== null && plan.label !== null && plan.measured !== null) {
      // The run's last checks read what the record says: out of tolerance (three for a draft, the threshold that opened it).
      await manager.query(
        `update dimension_record set dimension_value = $4::numeric + (case when ordinal % 2 = 0 then 0.01 else -0.01 end)
           from (select id, row_number() over (order by date_saved desc) as ordinal from dimension_record
                  where order_die_id = $1 and dimension_text = $2 and date_saved <= $3 order by date_saved desc limit $5) as last
          where dimension_record.id = last.id`,
        [plan.runId, `Dimension${plan.label}`, new Date(plan.openedAt), plan.measured, plan.autoDraft ? 3 : 4],
      );
    }
    const reportIds: number[] = [];
    for (const [index, attempt] of plan.attempts.entries()) {
      const [report] = (await insertRows(
        manager,
        'correction_report',
        [
          {
            company_id: companyId,
            correction_record_id: record.id,
            attempt_no: index + 1,
            corrector_id: cast.technician,
            operations: attempt.operations.map((operation) => ({
              operation_id: operations.get(operation.operation) ?? null,
              operation_name: operation.operation,
              zone: operation.zone,
              amount: operation.amount,
              note: operation.note ?? '',
            })),
            hours: attempt.hours,
            findings: attempt.findings,
            trial_order_die_id: attempt.trialRunId,
            trial_result: attempt.trialResult,
            trial_note: attempt.trialNote,
            started_at: new Date(attempt.started).toISOString(),
            finished_at: attempt.finished === null ? null : new Date(attempt.finished).toISOString(),
          },
        ],
        'returning id',
      )) as { id: number }[];
      reportIds.push(report.id);
    }
    const label = (await manager.query(`select die_reference || '-' || copy_number as label from die where id = $1`, [plan.dieId]))[0].label as string;
    if (plan.autoDraft && plan.status === 'draft' && cast.lead !== null)
      notifications.push({
        user_id: cast.lead,
        text_message: correctionNotices.autoDraft(number, label, plan.label ?? '', plan.measured ?? 0, plan.nominal ?? 0, 3),
        variant: 'warning',
        hypothalum_id: record.id,
        correction_report_path: null,
        at: plan.openedAt,
      });
    const mention = (role: 'technician' | 'lead' | 'operator') => {
      const id = who(role);
      return id === null ? '' : `@[${cast.names.get(id) ?? ''}](${id})`;
    };
    await insertRows(
      manager,
      'correction_comment',
      plan.discussion
        .filter((entry) => who(entry.by) !== null)
        .map((entry, index, entries) => ({
          company_id: companyId,
          correction_record_id: entry.report === undefined ? record.id : null,
          correction_report_id: entry.report === undefined ? null : (reportIds[entry.report] ?? null),
          author_id: who(entry.by),
          text: entry.text(mention),
          mentions: `{${mentionedUserIds(entry.text(mention)).join(',')}}`,
          // Never in the future, whatever time today's record was opened: the last a few minutes ago, in order.
          created_at: new Date(Math.min(plan.openedAt + entry.minutes * MINUTE, Date.now() - (entries.length - index) * 3 * MINUTE)).toISOString(),
        })),
    );
    // Each mention reached the person it named (spec 4): the record's page, or the attempt's report.
    for (const entry of plan.discussion) {
      const author = who(entry.by);
      for (const id of mentionedUserIds(entry.text(mention))) {
        if (id === author) continue;
        const reportId = entry.report === undefined ? null : reportIds[entry.report];
        notifications.push({
          user_id: id,
          text_message:
            reportId === null
              ? correctionNotices.mentionInRecord(number, mentionExcerpt(entry.text(mention)))
              : correctionNotices.mentionInReport(number, (entry.report ?? 0) + 1, mentionExcerpt(entry.text(mention))),
          variant: 'info',
          hypothalum_id: reportId === null ? record.id : null,
          correction_report_path: reportId === null ? null : correctionReportPath({ id: reportId, correction_record_id: record.id }),
          at: Math.min(plan.openedAt + entry.minutes * MINUTE, Date.now() - MINUTE),
        });
      }
    }
  }
  // The plant's correctors: its die-shop technician (the corrector board's lanes).
  if (cast.technician !== null) await manager.query(`update correction_setting set corrector_ids = $2 where company_id = $1`, [companyId, [cast.technician]]);
  const now = Date.now();
  await insertRows(
    manager,
    'notification',
    notifications.map(({ at, ...notification }) => ({
      company_id: companyId,
      ...notification,
      is_read: at < now - 24 * 60 * MINUTE,
      created_at: new Date(Math.min(at, now)).toISOString(),
    })),
  );
  await manager.query(
    `insert into document_counter (company_id, kind, year, last) select $1, 'NC', year, last from jsonb_to_recordset($2::jsonb) as row(year int, last int)`,
    [companyId, JSON.stringify([...counters].map(([year, last]) => ({ year, last })))],
  );
  return ids;
}
