import type { DocumentText } from '../document-text';
import { DocumentRefused } from './document-refused';
import { canvasModule } from './native-modules';
import type { OcrEngine, OcrPageResult } from './ocr-engine';
import type { ReadingProgress } from './reading-progress';

export type ImageKind = 'png' | 'jpeg' | 'tiff';

export const IMAGE_UNREADABLE = 'La imagen está dañada o no se puede leer.';
export const DEFAULT_MAX_MEGAPIXELS = 40;
/** Below this many pixels on the long side text is usually too small for tesseract: try it twice as large. */
const SMALL_IMAGE_SIDE_PX = 1200;

export interface PageImage {
  contentType: 'image/png' | 'image/jpeg';
  data: Buffer;
}

export interface ImageReadOptions {
  ocr: OcrEngine;
  maxMegapixels?: number;
  onProgress?: (progress: ReadingProgress) => void;
}

export interface ImageReadResult {
  text: DocumentText;
  /** What the review screen shows: the upload itself for PNG/JPEG, tesseract's PNG of a TIFF. */
  pageImage: PageImage | null;
}

/**
 * OCR of a photo or scan. The uploaded bytes are decoded only by leptonica inside tesseract's WASM
 * worker, never by @napi-rs/canvas: its loadImage (0.1.100) kills the whole process (SIGSEGV or a
 * Skia abort) on a truncated or corrupt PNG/JPEG and on any TIFF, where leptonica just rejects.
 */
export async function readImage(bytes: Buffer, kind: ImageKind, options: ImageReadOptions): Promise<ImageReadResult> {
  options.onProgress?.({ stage: 'image' });
  const size = imageSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) throw new DocumentRefused(IMAGE_UNREADABLE);
  const maxMegapixels = options.maxMegapixels ?? DEFAULT_MAX_MEGAPIXELS;
  const megapixels = (size.width * size.height) / 1_000_000;
  if (megapixels > maxMegapixels) {
    throw new DocumentRefused(`La imagen es demasiado grande (${Math.round(megapixels)} megapíxeles); el máximo es ${maxMegapixels}.`);
  }
  const small = Math.max(size.width, size.height) < SMALL_IMAGE_SIDE_PX;
  const first = await options.ocr.recognize({
    image: bytes,
    ...size,
    page: 1,
    pages: 1,
    onProgress: options.onProgress,
    wantPng: kind === 'tiff' || small,
  });
  let result: OcrPageResult = first;
  if (small && first.png && first.confidence < 0.85) {
    // The PNG came out of leptonica, so canvas may decode it safely; tesseract reads larger glyphs better.
    const larger = await upscale(first.png, 2);
    const second = await options.ocr.recognize({
      image: larger.data,
      width: larger.width,
      height: larger.height,
      page: 1,
      pages: 1,
      onProgress: options.onProgress,
    });
    if (second.confidence > first.confidence) result = { ...second, png: first.png };
  }
  const pageImage: PageImage | null =
    kind === 'tiff'
      ? result.png
        ? { contentType: 'image/png', data: result.png }
        : null
      : { contentType: kind === 'png' ? 'image/png' : 'image/jpeg', data: bytes };
  return {
    text: { source: 'ocr', pages: [{ number: 1, width: size.width, height: size.height, ocr: true, lines: result.lines }] },
    pageImage,
  };
}

async function upscale(png: Buffer, factor: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { loadImage, createCanvas } = canvasModule();
  const image = await loadImage(png);
  const canvas = createCanvas(image.width * factor, image.height * factor);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { data: await canvas.encode('png'), width: canvas.width, height: canvas.height };
}

/** Pixel size from the header (PNG IHDR, JPEG SOFn, first TIFF IFD); null when the header is broken. */
export function imageSize(bytes: Buffer, kind: ImageKind): { width: number; height: number } | null {
  try {
    if (kind === 'png') {
      if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    }
    if (kind === 'jpeg') return jpegSize(bytes);
    return tiffSize(bytes);
  } catch {
    return null; // a read past the end: truncated header
  }
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0..SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function tiffSize(bytes: Buffer): { width: number; height: number } | null {
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  let width = 0;
  let height = 0;
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { width, height } : null;
}
