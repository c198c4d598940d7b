import type { PhotoContentType } from '@planta/contracts';

/**
 * The image type the bytes themselves say (their magic numbers), whatever name or header came
 * with them: JPEG starts FF D8 FF, PNG with its 8-byte signature, WebP is a RIFF file of kind WEBP.
 */
export function sniffImageType(bytes: Buffer): PhotoContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
