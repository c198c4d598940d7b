import type { FastifyReply } from 'fastify';

/**
 * Sends a stored file's bytes with their type. Its content never changes (it is named by its
 * hash), so the browser keeps it for good; private, as only members of the company may see it,
 * so no shared cache keeps it.
 */
export function sendStoredFile(reply: FastifyReply, file: { content_type: string; sha256: string; data: Buffer }): void {
  void reply
    .status(200)
    .headers({
      'Content-Type': file.content_type,
      'Content-Length': String(file.data.length),
      'Cache-Control': 'private, max-age=31536000, immutable',
      ETag: `"${file.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    })
    .send(file.data);
}

/**
 * `inline` with the file's name, as every browser reads it: the exact name in RFC 5987 form
 * (`filename*`), and an ASCII stand-in (`filename`) for the few that do not read that.
 */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
