import { DIMENSION_LABELS, withinTolerance, type DimensionRecord, type ProfileDimension, type SavedDimensionRecord } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';

/** The columns of a profile dimension as the API answers them (numbers, not numeric text). */
export const dimensionColumns = (alias: string) =>
  `${alias}.label, ${alias}.nominal_mm::float8 as nominal_mm, ${alias}.tol_minus_mm::float8 as tol_minus_mm, ${alias}.tol_plus_mm::float8 as tol_plus_mm`;

/**
 * The 10-minute checks of a run compared with its die's profile: DimensionA with the profile's
 * label 'A', DimensionB with 'B'. Without a profile, or without that label, there is nothing to
 * compare with (null).
 */
export async function withTolerances(scope: TenantScope, orderDieId: number, records: DimensionRecord[]): Promise<SavedDimensionRecord[]> {
  const rows: ProfileDimension[] = await scope.manager.query(
    `select ${dimensionColumns('pd')}
       from order_die od join die d on d.id = od.die_id join profile_dimension pd on pd.profile_id = d.profile_id
      where od.company_id = $1 and od.id = $2`,
    [scope.companyId, orderDieId],
  );
  return records.map((record) => {
    const tolerance = rows.find((row) => row.label === DIMENSION_LABELS[record.dimension_text]) ?? null;
    return { ...record, tolerance, within_tolerance: tolerance ? withinTolerance(record.dimension_value, tolerance) : null };
  });
}

/** The profile dimensions A and B of each run's die (what its 10-minute checks are compared with), by run. */
export async function runTolerances(scope: TenantScope, orderDieIds: number[]): Promise<Map<number, ProfileDimension[]>> {
  const byRun = new Map<number, ProfileDimension[]>(orderDieIds.map((id) => [id, []]));
  if (!orderDieIds.length) return byRun;
  const rows: (ProfileDimension & { order_die_id: number })[] = await scope.manager.query(
    `select od.id as order_die_id, ${dimensionColumns('pd')}
       from order_die od join die d on d.id = od.die_id join profile_dimension pd on pd.profile_id = d.profile_id
      where od.company_id = $1 and od.id = any($2) and pd.label = any($3)
      order by pd.label`,
    [scope.companyId, orderDieIds, Object.values(DIMENSION_LABELS)],
  );
  for (const { order_die_id, ...dimension } of rows) byRun.get(order_die_id)?.push(dimension);
  return byRun;
}
