import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
const REMOTE_FILE = /^\/mfe\/([^/]+)(\/.*)$/;

/** A build folder and its compressed copies. */
interface Build {
  root: string;
  compressed: ReturnType<typeof compressedFiles>;
}

const buildOf = (root: string): Build => ({ root, compressed: compressedFiles(root, cacheControlOf) });

/** Whether `path` (URL path, percent-encoded) names a file inside `root`. */
async function isFileIn(root: string, path: string): Promise<boolean> {
  try {
    const file = normalize(join(root, decodeURIComponent(path)));
    return file.startsWith(root + sep) && (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built shell at /, each remote's build under /mfe/<name>/ and the remotes map, on
 * the API's origin, text compressed (brotli or gzip), cached as cacheControlOf says. One route
 * takes every other GET (and HEAD): /api and the socket go on to the API's own "not found".
 */
export async function serveWebApps(app: NestFastifyApplication, map: Record<string, string>): Promise<void> {
  const logger = new Logger('Web');
  const fastify = app.getHttpAdapter().getInstance();
  // reply.sendFile for the files served plain (binary, or to a browser that takes no compression).
  await app.register(fastifyStatic, {
    root: workspaceRoot,
    serve: false,
    cacheControl: false,
    setHeaders: (reply, file) => void reply.header('Cache-Control', cacheControlOf(file)),
  });
  const remotes = new Map<string, Build>();
  for (const folder of Object.values(REMOTES)) {
    const dist = join(workspaceRoot, `mfe-${folder}`, 'dist');
    if (!existsSync(dist)) logger.warn(`mfe-${folder} is not built (${dist}); its area will show an error card.`);
    remotes.set(folder, buildOf(dist));
  }
  const shellDist = join(workspaceRoot, 'shell', 'dist');
  const shell = existsSync(join(shellDist, 'index.html')) ? buildOf(shellDist) : null;
  if (!shell) logger.warn(`The shell is not built (${shellDist}): only the API is served.`);

  /** The file compressed when the browser takes it, else plain, else `otherwise`. */
  const send = async (
    build: Build,
    path: string,
    request: FastifyRequest,
    reply: FastifyReply,
    otherwise: () => FastifyReply | Promise<FastifyReply>,
  ): Promise<FastifyReply> => {
    const compressed = await build.compressed.find(path, request.headers['accept-encoding']);
    if (compressed) {
      reply.headers(compressed.headers);
      if (request.headers['if-none-match'] === compressed.headers.ETag) return reply.code(304).send();
      return reply.send(compressed.body);
    }
    if (await isFileIn(build.root, path)) return reply.sendFile(path, build.root);
    return otherwise();
  };

  fastify.get('/remotes.json', (_request, reply) => reply.header('Cache-Control', SHORT_CACHE).send(map));
  fastify.get('/*', async (request, reply) => {
    // The API's own "not found" answers (returning the reply tells Fastify it is being answered).
    const notFound = () => {
      reply.callNotFound();
      return reply;
    };
    const path = request.url.split('?')[0];
    // Source maps stay next to the builds for the team (error reports), not for every visitor.
    if (path.endsWith('.map')) return reply.code(404).send(apiErrorBody(404, messages.notFound));
    // API calls and the socket skip the file lookup (a stat per request otherwise).
    if (NOT_FILES.test(path)) return notFound();
    const remote = REMOTE_FILE.exec(path);
    if (remote) {
      const build = remotes.get(remote[1]);
      return build ? send(build, remote[2], request, reply, notFound) : notFound();
    }
    if (!shell) return notFound();
    // Any other page address is a route of the single-page portal.
    return send(shell, path, request, reply, () => (NOT_SPA.test(path) ? notFound() : send(shell, '/index.html', request, reply, notFound)));
  });
}
