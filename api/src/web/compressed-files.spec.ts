import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compressedFiles } from './compressed-files';
import { cacheControlOf } from './web-apps';

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, name: `Matriz ${index}` })))};\n`;

describe('compressed build files', () => {
  let root: string;
  let server: Server;
  /** The answer as it crossed the wire (supertest would decode it). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get({ port: (server.address() as AddressInfo).port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'planta-compressed-'));
    writeFileSync(join(root, 'main.0123abcd.js'), SCRIPT);
    writeFileSync(join(root, 'remoteEntry.js'), SCRIPT);
    writeFileSync(join(root, 'mf-manifest.json'), JSON.stringify({ name: 'mfe_test' }));
    writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // As web-apps.ts answers with it: the compressed file when there is one, else 'plain'.
    const files = compressedFiles(root, cacheControlOf);
    server = createServer((request, response) => {
      void files.find(request.url ?? '/', request.headers['accept-encoding']).then((found) => {
        if (!found) return response.writeHead(200, { 'X-Served': 'plain' }).end('plain');
        response.writeHead(request.headers['if-none-match'] === found.headers.ETag ? 304 : 200, found.headers);
        response.end(request.headers['if-none-match'] === found.headers.ETag ? undefined : found.body);
      });
    }).listen(0);
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('prefers brotli, then gzip, and nothing the browser refuses', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
  });

  it('serves a hashed script brotli-compressed, cached for good, byte for byte the same once decoded', async () => {
    const response = await raw('/main.0123abcd.js', { 'Accept-Encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('serves gzip to a browser without brotli, and answers 304 to the ETag it holds', async () => {
    const first = await raw('/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(first.body).toString()).toBe(SCRIPT);
    const again = await raw('/remoteEntry.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps a manifest a short while, and leaves images, missing files and paths outside the build to the plain files', async () => {
    const manifest = await raw('/mf-manifest.json', { 'Accept-Encoding': 'br' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(manifest.headers['content-encoding']).toBe('br');
    for (const path of ['/logo.png', '/missing.js', '/..%2f..%2fetc%2fpasswd.js']) {
      const response = await raw(path, { 'Accept-Encoding': 'br' });
      expect(response.headers['x-served']).toBe('plain');
      expect(response.headers['content-encoding']).toBeUndefined();
    }
  });

  it('leaves the file plain for a browser that takes no compression', async () => {
    const response = await raw('/main.0123abcd.js', { 'Accept-Encoding': 'identity' });
    expect(response.headers['x-served']).toBe('plain');
  });
});
