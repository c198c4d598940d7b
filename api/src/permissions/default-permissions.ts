import type { EntityManager } from 'typeorm';
import { defaultGrant, PAGES, ROLES, type Area } from '@planta/contracts';

/**
 * The page and built-in role catalogue of the contracts, kept in step with the database on every
 * start. A company's own names of pages (company_page) and its own roles are left alone.
 */
export async function syncCatalogue(manager: EntityManager): Promise<void> {
  const descriptions: Record<string, string> = {
    admin: 'Administración completa de la empresa',
    staff: 'Jefes de turno y técnicos: todas las áreas de planta',
    user: 'Operarios: producción y mantenimiento',
    guest: 'Invitados: solo lo que se les comparte',
  };
  for (const role of ROLES) {
    await manager.query(
      `insert into role (name, description) select $1::varchar, $2::varchar where not exists (select 1 from role where company_id is null and name = $1)`,
      [role, descriptions[role]],
    );
  }
  for (const page of PAGES) {
    await manager.query(
      `insert into page (alias, name, description, area) values ($1, $2, $3, $4)
       on conflict (alias) do update set name = excluded.name, description = excluded.description, area = excluded.area`,
      [page.alias, page.name, page.description, page.area],
    );
  }
}

/**
 * Seeds the default grants of a company for every page and role that has no row yet: rows an
 * administrator already changed are left as they are. Runs in a system or that company's transaction.
 */
export async function grantDefaultPermissions(manager: EntityManager, companyId: number): Promise<void> {
  const pages: { id: number; area: string }[] = await manager.query(`select id, area from page`);
  // A company's own roles start with no grant until an administrator gives one.
  const roles: { id: number; name: string }[] = await manager.query(`select id, name from role where company_id is null`);
  for (const page of pages) {
    for (const role of roles) {
      const grant = defaultGrant(role.name, page.area as Area);
      await manager.query(
        `insert into page_role (company_id, page_id, role_id, read, insert, update, delete)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (company_id, page_id, role_id) do nothing`,
        [companyId, page.id, role.id, grant.read, grant.insert, grant.update, grant.delete],
      );
    }
  }
}
