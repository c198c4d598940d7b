import type { TenantScope } from '../tenancy/tenant-db.service';

/**
 * Verifying a work order ends the machine's downtime (domain.md A1.2): the open stops of the order
 * and of the failure report it came from close now, and a machine left 'stopped' with no other
 * open stop is back to 'operating'. (The reports slice has the same function; one stays at merge.)
 */
export async function closeStopsOfWorkOrder(scope: TenantScope, workOrderId: number, userId: number | null): Promise<number[]> {
  // An UPDATE … RETURNING answers [rows, count] through TypeORM.
  const [closed]: [{ machine_id: number }[], number] = await scope.manager.query(
    `update machine_stop stop set ended_at = greatest(now(), stop.started_at + interval '1 second'), closed_by = $3
       from work_order o
      where o.company_id = $1 and o.id = $2 and stop.company_id = $1 and stop.ended_at is null
        and (stop.work_order_id = o.id or (o.failure_report_id is not null and stop.failure_report_id = o.failure_report_id))
      returning stop.machine_id`,
    [scope.companyId, workOrderId, userId],
  );
  const machines = [...new Set(closed.map((row) => row.machine_id))];
  if (machines.length > 0) {
    await scope.manager.query(
      `update machine set status = 'operating'
        where company_id = $1 and id = any($2::int[]) and status = 'stopped'
          and not exists (select 1 from machine_stop open where open.machine_id = machine.id and open.ended_at is null)`,
      [scope.companyId, machines],
    );
  }
  return machines;
}
