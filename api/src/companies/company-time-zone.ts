import type { TenantScope } from '../tenancy/tenant-db.service';

/** The company's time zone (company.time_zone): where its days begin and end, a period's days alone among them. */
export async function companyTimeZone({ manager, companyId }: Pick<TenantScope, 'manager' | 'companyId'>): Promise<string> {
  const [company]: { time_zone: string }[] = await manager.query(`select time_zone from company where id = $1`, [companyId]);
  return company.time_zone;
}
