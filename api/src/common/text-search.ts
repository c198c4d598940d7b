/**
 * SQL: whether any of `columns` contains the search term held in the parameter `param`, accents
 * and case aside ('manana' finds 'Mañana'), through the database's `fold_text` (migration
 * 1764300000000: translate() and lower(), whatever the database's locale).
 */
export const containsFoldedSql = (columns: readonly string[], param: string) =>
  `(${columns.map((column) => `strpos(fold_text(${column}), fold_text(${param})) > 0`).join(' or ')})`;
