// zod-free: the typed client of the session library (on the sign-in page) fills paths with these;
// the endpoint definitions and their schemas stay in endpoint.ts and endpoints/.

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of the path's `:parameters`. */
export const pathParams = (path: string): string[] => [...path.matchAll(PARAM)].map((match) => match[1]);

/** The path with its parameters filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
