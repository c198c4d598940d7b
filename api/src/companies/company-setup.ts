import type { EntityManager } from 'typeorm';
import { grantDefaultPermissions } from '../permissions/default-permissions';

/**
 * What every new company gets, however it is made (registration or the companies screen): its
 * founder as a member with the built-in admin role, and the default grants of every page and role.
 * Runs in a system transaction (the company did not exist when it began).
 */
export async function setUpCompany(manager: EntityManager, companyId: number, founderId: number): Promise<void> {
  await manager.query(`insert into company_member (company_id, user_id) values ($1, $2)`, [companyId, founderId]);
  await manager.query(
    `insert into company_member_role (company_id, user_id, role_id) select $1, $2, id from role where company_id is null and name = 'admin'`,
    [companyId, founderId],
  );
  await grantDefaultPermissions(manager, companyId);
}

/** The values of a company its trail records. */
export const companyAuditValues = (company: {
  name: string;
  tax_id: string;
  address: string;
  time_zone: string;
  currency: string;
  upload_limit_mb: number;
  active?: boolean;
}): Record<string, unknown> => ({
  name: company.name,
  tax_id: company.tax_id,
  address: company.address,
  time_zone: company.time_zone,
  currency: company.currency,
  upload_limit_mb: company.upload_limit_mb,
  ...(company.active === undefined ? {} : { active: company.active }),
});
