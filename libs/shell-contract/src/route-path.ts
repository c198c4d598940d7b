/**
 * Path helpers shared by the shell and the remotes: route patterns use `:name` segments
 * (`/apps/dies/:id`), optional ones end in `?` (`/apps/e-commerce/products/:id/:handle?`).
 */

/** Drops query and hash and a trailing slash; keeps `/` for the root. */
export function normalizePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] || '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

const split = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** True when `pathname` matches the route `pattern` exactly (every segment, params included). */
export function matchPath(pattern: string, pathname: string): boolean {
  const wanted = split(pattern);
  const actual = split(normalizePathname(pathname));
  if (actual.length > wanted.length) return false;
  return wanted.every((segment, index) => {
    const value = actual[index];
    if (segment.startsWith(':')) {
      if (value === undefined) return segment.endsWith('?');
      return value !== '';
    }
    return value === segment;
  });
}

/** True when `pathname` is `base` itself or lies below it (`/apps/dies` covers `/apps/dies/12`). */
export function isSameOrBelow(base: string, pathname: string): boolean {
  const parent = normalizePathname(base);
  const path = normalizePathname(pathname);
  if (parent === '/') return true;
  return path === parent || path.startsWith(`${parent}/`);
}
