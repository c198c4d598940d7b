/**
 * The SQL column a list sorts by: the caller's `sort` when the list declares it, else the list's
 * default. Own keys only: `sort=toString` must not find Object.prototype's function (and put its
 * source text into the SQL).
 */
export function sortColumn<D extends string | null>(columns: Readonly<Record<string, string>>, sort: string | undefined, fallback: D): string | D {
  return sort !== undefined && Object.hasOwn(columns, sort) ? columns[sort] : fallback;
}
