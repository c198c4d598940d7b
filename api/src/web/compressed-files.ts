import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What is worth compressing: text. Images and fonts are compressed already. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

type Encoding = 'br' | 'gzip';

interface Compressed {
  stamp: string;
  ready: Promise<{ body: Buffer; etag: string }>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Off the event loop (zlib's thread pool), at levels that take milliseconds: brotli 6 already
 * beats gzip 9 on these files, and the first visitor after a deployment does not wait for 11.
 */
async function compress(path: string, encoding: Encoding): Promise<{ body: Buffer; etag: string }> {
  const plain = await readFile(path);
  const body =
    encoding === 'br'
      ? await brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
      : await gzipped(plain, { level: 6 });
  return { body, etag: `"${createHash('sha1').update(plain).digest('base64url')}-${encoding}"` };
}

/** The encoding the browser takes that we serve: brotli before gzip. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const takes = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** A build file compressed for the encoding the browser takes, with the headers of its answer. */
export interface CompressedFile {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The builds' text files compressed (brotli or gzip, as the browser accepts), each one compressed
 * once per version of the file and kept in memory: the hashed files never change, and the few
 * others (entries, manifests, the page) are small. `find` answers null for anything else (not
 * text, not accepted compressed, not a file under `root`), which is then served plain.
 * `cacheControl` gives each file its caching rule.
 */
export function compressedFiles(root: string, cacheControl: (file: string) => string) {
  const cache = new Map<string, Compressed>();
  return {
    /** `path` is the URL path under `root` (still percent-encoded). */
    async find(path: string, acceptEncoding: string | undefined): Promise<CompressedFile | null> {
      const type = TYPES[extname(path)];
      const encoding = type ? chooseEncoding(acceptEncoding) : null;
      if (!type || !encoding) return null;
      let file: string;
      try {
        file = normalize(join(root, decodeURIComponent(path)));
      } catch {
        return null;
      }
      if (!file.startsWith(root + sep)) return null;
      let stamp: string;
      try {
        const found = await stat(file);
        if (!found.isFile()) return null;
        stamp = `${found.size}-${found.mtimeMs}`;
      } catch {
        return null;
      }
      const key = `${encoding}:${file}`;
      let entry = cache.get(key);
      if (!entry || entry.stamp !== stamp) {
        entry = { stamp, ready: compress(file, encoding) };
        cache.set(key, entry);
        // A file that could not be read is tried again next time (and served plain now).
        entry.ready.catch(() => cache.delete(key));
      }
      let compressed: { body: Buffer; etag: string };
      try {
        compressed = await entry.ready;
      } catch {
        return null;
      }
      return {
        body: compressed.body,
        headers: {
          'Content-Type': type,
          'Content-Encoding': encoding,
          Vary: 'Accept-Encoding',
          ETag: compressed.etag,
          'Cache-Control': cacheControl(file),
        },
      };
    },
  };
}
