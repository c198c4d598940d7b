/**
 * SQL: per page, what the roles the user `user` holds in the company `company` grant there (the
 * union of their page-role rows), as `page_id, read, insert, update, delete`. The placeholders
 * are the caller's query parameters (`'$1'`). One reading of "what someone holds" for every rule
 * that keeps people from granting more than they have.
 */
export const heldGrantsSql = (company: string, user: string) => `
  select grant_row.page_id, bool_or(grant_row.read) as read, bool_or(grant_row.insert) as insert,
         bool_or(grant_row.update) as update, bool_or(grant_row.delete) as delete
    from page_role grant_row
    join company_member_role held on held.role_id = grant_row.role_id and held.company_id = grant_row.company_id
   where grant_row.company_id = ${company} and held.user_id = ${user}
   group by grant_row.page_id`;
