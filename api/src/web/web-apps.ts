import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { messages } from '@planta/contracts';
import { apiErrorBody } from '../common/api-error';
import { workspaceRoot } from '../config/workspace-root';

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

const NOT_SPA = /^\/(api|mfe|socket\.io)(\/|$)|^\/remotes\.json$/;
const NOT_FILES = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built shell at /, each remote's build under /mfe/<name>/ and the remotes map, on
 * the API's origin. Hashed files are cached for good; entry files never, so a new build of one
 * remote is picked up at once without rebuilding the shell.
 */
export function serveWebApps(app: NestExpressApplication, map: Record<string, string>): void {
  const logger = new Logger('Web');
  const noCache = (response: Response) => response.setHeader('Cache-Control', 'no-cache');
  const setHeaders = (response: Response, file: string) => {
    if (/\.[0-9a-f]{8}\.(js|css)$/.test(file)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else noCache(response);
  };

  // Source maps stay next to the builds for the team (error reports), not for every visitor.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!request.path.endsWith('.map')) return next();
    response.status(404).json(apiErrorBody(404, messages.notFound));
  });
  app.use('/remotes.json', (_request: Request, response: Response) => {
    noCache(response);
    response.json(map);
  });
  for (const folder of Object.values(REMOTES)) {
    const dist = join(workspaceRoot, `mfe-${folder}`, 'dist');
    if (!existsSync(dist)) logger.warn(`mfe-${folder} is not built (${dist}); its area will show an error card.`);
    app.use(`/mfe/${folder}`, express.static(dist, { setHeaders, fallthrough: true, index: false }));
  }
  const shell = join(workspaceRoot, 'shell', 'dist');
  if (!existsSync(join(shell, 'index.html'))) {
    logger.warn(`The shell is not built (${shell}): only the API is served.`);
    return;
  }
  const shellFiles = express.static(shell, { setHeaders, index: false });
  // API calls and the socket skip the file lookup (a stat per request otherwise).
  app.use((request: Request, response: Response, next: NextFunction) => (NOT_FILES.test(request.path) ? next() : shellFiles(request, response, next)));
  // Any other page address is a route of the single-page portal.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.path)) return next();
    noCache(response);
    response.sendFile(join(shell, 'index.html'));
  });
}
