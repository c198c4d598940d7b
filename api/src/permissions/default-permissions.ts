import type { EntityManager } from 'typeorm';
import { defaultGrant, PAGES, ROLES } from '@planta/contracts';

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
 * Gives every page and role that has no row yet its default grants, in one company or (no id) in
 * every company, so that a page a new release adds reaches every company at start-up. Rows an
 * administrator already changed are left as they are; a company's own roles get rows with no
 * grant (the matrix shows every cell). Runs in a system or that company's transaction.
 */
export async function grantDefaultPermissions(manager: EntityManager, companyId: number | null = null): Promise<void> {
  const defaults = ROLES.flatMap((role) => PAGES.map((page) => ({ role, alias: page.alias, ...defaultGrant(role, page) })));
  await manager.query(
    `insert into page_role (company_id, page_id, role_id, "read", "insert", "update", "delete")
     select company.id, page.id, role.id,
            coalesce(d."read", false), coalesce(d."insert", false), coalesce(d."update", false), coalesce(d."delete", false)
       from company
       cross join page
       join role on role.company_id is null or role.company_id = company.id
       left join jsonb_to_recordset($1::jsonb) as d(role text, alias text, "read" boolean, "insert" boolean, "update" boolean, "delete" boolean)
         on role.company_id is null and d.role = role.name and d.alias = page.alias
      where $2::int is null or company.id = $2
     on conflict (company_id, page_id, role_id) do nothing`,
    [JSON.stringify(defaults), companyId],
  );
}
