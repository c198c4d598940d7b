import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { messages } from '@planta/contracts';
import { apiErrorBody } from '../common/api-error';
import { workspaceRoot } from '../config/workspace-root';
import { compressedFiles } from './compressed-files';

/** The remotes the shell loads at run time: federation container name → folder under /mfe/. */
export const REMOTES = { mfe_auth: 'auth', mfe_production: 'production', mfe_maintenance: 'maintenance', mfe_dieshop: 'dieshop', mfe_admin: 'admin' } as const;
export type RemoteName = keyof typeof REMOTES;

/**
 * The remotes map served at /remotes.json: name → manifest URL. Each entry can be moved
 * elsewhere without rebuilding the shell: PLANTA_REMOTE_MFE_PRODUCTION=https://…/mf-manifest.json,
 * or all at once with PLANTA_REMOTES='{"mfe_production":"…"}'.
 */
export function remotesMap(env: NodeJS.ProcessEnv): Record<RemoteName, string> {
  const map = Object.fromEntries(Object.entries(REMOTES).map(([name, folder]) => [name, `/mfe/${folder}/mf-manifest.json`])) as Record<RemoteName, string>;
  const all = env.PLANTA_REMOTES ? (JSON.parse(env.PLANTA_REMOTES) as Partial<Record<RemoteName, string>>) : {};
  for (const name of Object.keys(REMOTES) as RemoteName[]) {
    const override = env[`PLANTA_REMOTE_${name.toUpperCase()}`] ?? all[name];
    if (override) map[name] = override;
  }
  return map;
}

/** Origins other than our own that remotes are served from: the browser must be allowed to load them. */
export function remoteOrigins(map: Record<string, string>): string[] {
  return [
    ...new Set(
      Object.values(map)
        .filter((url) => /^https?:\/\//.test(url))
        .map((url) => new URL(url).origin),
    ),
  ];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Read at every start-up, changed by a deployment: a warm visit uses its copy for a minute, then a stale one while it checks. */
const SHORT_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/**
 * Hashed files are cached for good; the remotes map and the remotes' manifests for a short while
 * (a new build of one remote is seen within a minute, without rebuilding the shell); the install
 * manifest for five minutes; the page and the service worker are checked every time (a remote's
 * entry is hashed in production builds, named by its manifest).
 */
export function cacheControlOf(file: string): string {
  if (/\.[0-9a-f]{8}\.(js|css)$/.test(file)) return IMMUTABLE;
  if (file.endsWith('mf-manifest.json')) return SHORT_CACHE;
  if (file.endsWith('.webmanifest')) return 'public, max-age=300';
  return NO_CACHE;
}

const NOT_SPA = /^\/(api|mfe|socket\.io)(\/|$)|^\/remotes\.json$/;
const NOT_FILES = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built shell at /, each remote's build under /mfe/<name>/ and the remotes map, on
 * the API's origin, text compressed (brotli or gzip), cached as cacheControlOf says.
 */
export function serveWebApps(app: NestExpressApplication, map: Record<string, string>): void {
  const logger = new Logger('Web');
  const setHeaders = (response: Response, file: string) => {
    response.setHeader('Cache-Control', cacheControlOf(file));
    // The install manifest has its own type.
    if (file.endsWith('.webmanifest')) response.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
  };

  // Source maps stay next to the builds for the team (error reports), not for every visitor.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!request.path.endsWith('.map')) return next();
    response.status(404).json(apiErrorBody(404, messages.notFound));
  });
  app.use('/remotes.json', (_request: Request, response: Response) => {
    response.setHeader('Cache-Control', SHORT_CACHE);
    response.json(map);
  });
  for (const folder of Object.values(REMOTES)) {
    const dist = join(workspaceRoot, `mfe-${folder}`, 'dist');
    if (!existsSync(dist)) logger.warn(`mfe-${folder} is not built (${dist}); its area will show an error card.`);
    app.use(`/mfe/${folder}`, compressedFiles(dist, cacheControlOf), express.static(dist, { setHeaders, fallthrough: true, index: false }));
  }
  const shell = join(workspaceRoot, 'shell', 'dist');
  if (!existsSync(join(shell, 'index.html'))) {
    logger.warn(`The shell is not built (${shell}): only the API is served.`);
    return;
  }
  const shellCompressed = compressedFiles(shell, cacheControlOf);
  const shellPlain = express.static(shell, { setHeaders, index: false });
  // API calls and the socket skip the file lookup (a stat per request otherwise).
  app.use((request: Request, response: Response, next: NextFunction) =>
    NOT_FILES.test(request.path) ? next() : shellCompressed(request, response, () => shellPlain(request, response, next)),
  );
  // Any other page address is a route of the single-page portal.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.path)) return next();
    request.url = '/index.html';
    shellCompressed(request, response, () => {
      response.setHeader('Cache-Control', NO_CACHE);
      response.sendFile(join(shell, 'index.html'));
    });
  });
}
