import { Injectable } from '@nestjs/common';
import type { CorrectionRecordRow, DieSummary } from '@planta/contracts';
import { productionFigures, runningHoursSql, type FinishedRun } from '../production/figures';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { recordRows, reportRows } from './correction.queries';
import { dieCopy, dieHistory } from './die-copy.service';

interface RunRow extends FinishedRun {
  id: number;
  order_id: number;
  order_number: string;
  line_id: number;
  line_name: string;
  confirmed: boolean;
  condition: string | null;
  pull_reason: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Each correction with its attempts (and each attempt's trial result). */
async function withReports(scope: TenantScope, records: CorrectionRecordRow[]): Promise<DieSummary['corrections']> {
  const reports = await reportRows(
    scope,
    records.map((record) => record.id),
  );
  return records.map((record) => ({ ...record, reports: reports.filter((report) => report.correction_record_id === record.id) }));
}

/**
 * The die summary (ficha de matriz, domain.md A2.3): everything known of one copy, read in one
 * transaction; also what a guest with the die's share link sees.
 */
@Injectable()
export class DieSummaryService {
  constructor(private readonly tenantDb: TenantDb) {}

  summary(id: number): Promise<DieSummary> {
    return this.tenantDb.read(async (scope) => {
      const die = await dieCopy(scope, id);
      // One after the other: they share the read's connection, where pg queues overlapping queries
      // (deprecated, refused from pg 9) and runs them one at a time anyway.
      const profile = die.profile_id === null ? null : await this.profile(scope, die.profile_id);
      const runs = await this.runs(scope, id);
      const nitridings = await this.nitridings(scope, id);
      const corrections = await recordRows(scope, 'c.die_id = $2', [id]);
      const history = await dieHistory(scope, id);
      const documents = await this.documents(scope, id, die.profile_id);
      const lines = new Map<number, { line_id: number; line_name: string; runs: RunRow[] }>();
      for (const run of runs) {
        const line = lines.get(run.line_id) ?? { line_id: run.line_id, line_name: run.line_name, runs: [] };
        line.runs.push(run);
        lines.set(run.line_id, line);
      }
      return {
        die,
        profile,
        production: {
          total: productionFigures(runs),
          by_line: [...lines.values()].map((line) => ({ line_id: line.line_id, line_name: line.line_name, figures: productionFigures(line.runs) })),
          runs: runs.map((run) => ({
            id: run.id,
            order_id: run.order_id,
            order_number: run.order_number,
            line_id: run.line_id,
            line_name: run.line_name,
            start: run.start.toISOString(),
            end: iso(run.end),
            figures: productionFigures([run]),
            confirmed: run.confirmed,
            condition: run.condition,
            pull_reason: run.pull_reason,
          })),
        },
        nitridings,
        corrections: await withReports(scope, corrections),
        history,
        documents,
      };
    });
  }

  private async profile(scope: TenantScope, profileId: number): Promise<DieSummary['profile']> {
    const [profile] = await scope.manager.query(
      `select id, code, customer, description, shape, nominal_kg_m::float8 from profile where id = $1 and company_id = $2`,
      [profileId, scope.companyId],
    );
    if (!profile) return null;
    const dimensions = await scope.manager.query(
      `select label, nominal_mm::float8, tol_minus_mm::float8, tol_plus_mm::float8 from profile_dimension where profile_id = $1 order by label`,
      [profileId],
    );
    return { ...profile, dimensions };
  }

  /** Newest first; each with its figures (the production module's) and whether the die shop confirmed it. */
  private runs(scope: TenantScope, dieId: number): Promise<RunRow[]> {
    return scope.manager.query(
      `select r.id, r.order_id, o.number as order_number, r.line_id, l.name as line_name, r.start_extrusion_time as start,
              r.end_extrusion_time as "end", ${runningHoursSql('r')} as running_hours, r.billets_pushed, r.billet_kg::float8, r.good_kg::float8, r.scrap_kg::float8,
              c.id is not null as confirmed, c.condition, c.pull_reason
         from order_die r
         join production_order o on o.id = r.order_id
         join extrusion_line l on l.id = r.line_id
         left join die_run_confirmation c on c.order_die_id = r.id
        where r.die_id = $1 and r.company_id = $2
        order by r.start_extrusion_time desc`,
      [dieId, scope.companyId],
    );
  }

  private async nitridings(scope: TenantScope, dieId: number): Promise<DieSummary['nitridings']> {
    const rows = await scope.manager.query(
      `select b.id as batch_id, b.number as batch_number, n.nitriding_no, b.supplier, b.status, b.sent_at, b.confirmed_at,
              n.hardness_hv::float8, n.case_depth_mm::float8, n.result, n.billets_since_previous, n.kg_since_previous::float8
         from die_nitriding n join nitriding_batch b on b.id = n.batch_id
        where n.die_id = $1 and n.company_id = $2
        order by b.sent_at desc`,
      [dieId, scope.companyId],
    );
    return rows.map((row: { sent_at: Date; confirmed_at: Date | null }) => ({
      ...row,
      sent_at: row.sent_at.toISOString(),
      confirmed_at: iso(row.confirmed_at),
    }));
  }

  private async documents(scope: TenantScope, dieId: number, profileId: number | null): Promise<DieSummary['documents']> {
    const rows = await scope.manager.query(
      `select 'drawing' as kind, 'Plano del perfil ' || p.code as label, p.drawing_file_id as file_id, f.created_at as at
         from profile p join stored_file f on f.id = p.drawing_file_id
        where p.id = $2 and p.company_id = $3
       union all
       select 'certificate', 'Certificado de nitrurado ' || b.number || coalesce(' (' || nullif(b.certificate_number, '') || ')', ''), b.certificate_file_id, f.created_at
         from die_nitriding n join nitriding_batch b on b.id = n.batch_id join stored_file f on f.id = b.certificate_file_id
        where n.die_id = $1 and n.company_id = $3
        order by at desc`,
      [dieId, profileId, scope.companyId],
    );
    return rows.map((row: { at: Date }) => ({ ...row, at: row.at.toISOString() }));
  }
}
