import { UPLOAD_CONTENT_TYPES } from '@planta/contracts';
import { zipDirectory } from './zip-archive';

/**
 * What an upload really is, from its bytes (never its name or the browser's content type, which
 * anyone can set): a renamed executable must not reach a parser as a "PDF".
 */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'xlsx' | 'csv';

export interface SniffedDocument {
  kind: DocumentKind;
  contentType: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffDocument(bytes: Buffer): SniffedDocument | null {
  const kind = sniffKind(bytes);
  return kind ? { kind, contentType: UPLOAD_CONTENT_TYPES[kind] } : null;
}

function sniffKind(bytes: Buffer): DocumentKind | null {
  if (bytes.length < 4) return null;
  // At offset 0 only: pdf.js would accept a header up to 1 KB in, which lets polyglots through.
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return isXlsx(bytes) ? 'xlsx' : null;
  }
  return looksLikeCsv(bytes) ? 'csv' : null;
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** An Office Open XML workbook: a ZIP whose central directory lists `[Content_Types].xml` and `xl/…` (nothing inflated here). */
function isXlsx(bytes: Buffer): boolean {
  const names = zipDirectory(bytes)?.entries.map((entry) => entry.name);
  return names !== undefined && names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('xl/'));
}

/** The text of a CSV in UTF-8 (with or without BOM) or, failing that, latin1 (Excel's "CSV" on Windows). */
export function decodeText(bytes: Buffer): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * Text, not a binary (no NUL or other C0 control bytes besides tab/CR/LF/FF), not markup or a
 * script, and with at least one line that has a `;`, `,` or tab separator.
 */
function looksLikeCsv(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) {
      return false;
    }
  }
  const text = decodeText(bytes);
  const start = text.trimStart().slice(0, 512).toLowerCase();
  if (start.startsWith('<') || start.startsWith('#!')) return false;
  if (/<\s*(script|html|body|iframe|svg|\?php)\b/i.test(text.slice(0, 65536))) return false;
  return text.split(/\r\n|\n|\r/).some((line) => /[;,\t]/.test(line));
}
