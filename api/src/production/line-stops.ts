import type { LineStop, StopCause } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';

/**
 * The open stop of each line whose press (or another machine it cannot run without: criticality
 * A) is stopped, by line id: the press's own stop before another machine's, the oldest first.
 * The planning board's stopped columns and the shop-floor display read the same stops.
 */
export async function openLineStops(scope: TenantScope): Promise<Map<number, LineStop>> {
  const rows: { line_id: number; machine_name: string; started_at: Date; cause: StopCause; failure_report_number: string | null }[] = await scope.manager.query(
    `select distinct on (s.line_id) s.line_id, m.name as machine_name, s.started_at, s.cause, r.number as failure_report_number
       from machine_stop s join machine m on m.id = s.machine_id left join failure_report r on r.id = s.failure_report_id
      where s.company_id = $1 and s.ended_at is null and s.line_id is not null and (m.type = 'press' or m.criticality = 'A')
      order by s.line_id, (m.type = 'press') desc, s.started_at`,
    [scope.companyId],
  );
  return new Map(
    rows.map((row) => [
      row.line_id,
      { machine_name: row.machine_name, started_at: row.started_at.toISOString(), cause: row.cause, failure_report_number: row.failure_report_number },
    ]),
  );
}
