import { crc32, createDeflateRaw } from 'node:zlib';
import { DIRECTORY_ENTRY, END_OF_DIRECTORY, LOCAL_HEADER } from './zip-archive';

/**
 * ZIP archives written by hand for the tests: honest ones, zip bombs (a cell of hundreds of MB
 * compressed as it is made, never held whole) and archives whose directory lies about sizes.
 */
export interface ZipSampleEntry {
  name: string;
  /** The content, or its chunks (the same chunk many times makes a bomb). */
  content: Buffer | Iterable<Buffer>;
  /** Default deflate. */
  method?: 'stored' | 'deflate';
  /** The inflated size the local header and directory declare, when it is a lie. */
  declaredSize?: number;
  /** Written, but left out of the central directory (a streaming unzipper still finds it). */
  unlisted?: boolean;
}

const MB = 1024 * 1024;

/** `times` copies of `chunk`, one after another (not held together). */
export function* repeated(chunk: Buffer, times: number): Generator<Buffer> {
  for (let index = 0; index < times; index++) yield chunk;
}

/** A ZIP of the entries, in order, with a central directory that lists them (but the unlisted). */
export async function zipArchive(entries: ZipSampleEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const chunks = Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
    const method = entry.method === 'stored' ? 0 : 8;
    let crc = 0;
    let size = 0;
    const stored: Buffer[] = [];
    const deflate = method === 8 ? createDeflateRaw({ level: 9 }) : null;
    const compressed = deflate ? collect(deflate) : null;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (deflate) await write(deflate, chunk);
      else stored.push(chunk);
    }
    deflate?.end();
    const data = compressed ? await compressed : Buffer.concat(stored);
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? size;
    // Version 2.0 needed (and made by), then the fields every reader looks at.
    const local = record(30, [LOCAL_HEADER, 4, 0], [20, 2, 4], [method, 2, 8], [crc, 4, 14], [data.length, 4, 18], [declared, 4, 22], [name.length, 2, 26]);
    const central = record(
      46,
      [DIRECTORY_ENTRY, 4, 0],
      [20, 2, 4],
      [20, 2, 6],
      [method, 2, 10],
      [crc, 4, 16],
      [data.length, 4, 20],
      [declared, 4, 24],
      [name.length, 2, 28],
      [offset, 4, 42],
    );
    parts.push(local, name, data);
    if (!entry.unlisted) directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const listed = entries.filter((entry) => !entry.unlisted).length;
  const end = record(22, [END_OF_DIRECTORY, 4, 0], [listed, 2, 8], [listed, 2, 10], [directoryBytes.length, 4, 12], [offset, 4, 16]);
  return Buffer.concat([...parts, directoryBytes, end]);
}

/** `length` zero bytes with each field written little-endian: [value, bytes, at]. */
function record(length: number, ...fields: [number, 2 | 4, number][]): Buffer {
  const bytes = Buffer.alloc(length);
  for (const [value, size, at] of fields) {
    if (size === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function write(stream: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => (stream.write(chunk) ? resolve() : stream.once('drain', () => resolve())));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * The smallest workbook read-excel-file reads: one sheet whose cell A1 holds `cell` (its chunks,
 * XML-safe text), stored in the sheet itself (an inline string).
 */
export function oneCellXlsx(cell: Iterable<Buffer>, options: { declaredSheetSize?: number } = {}): Promise<Buffer> {
  const text = (value: string) => Buffer.from(value);
  return zipArchive([
    {
      name: '[Content_Types].xml',
      content: text(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: text(
        `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: text(`${XML}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: text(
        `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: (function* () {
        yield text(`${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`);
        yield* cell;
        yield text('</t></is></c></row></sheetData></worksheet>');
      })(),
      declaredSize: options.declaredSheetSize,
    },
  ]);
}

/**
 * `mb` MB of words with a letter of their own every 200 characters: it compresses about 70:1, as a
 * repetitive real sheet may, so an archive of it passes the ratio limit (the same every time).
 */
export function* repetitiveText(mb: number): Generator<Buffer> {
  let seed = 1;
  for (let index = 0; index < mb; index++) {
    const chunk = Buffer.alloc(MB, 'matriz perfil aleacion ');
    for (let at = 0; at < MB; at += 200) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      chunk[at] = 0x61 + (seed % 26);
    }
    yield chunk;
  }
}

/** The bomb: a workbook of about 200 KB whose one cell inflates to `inflatedMb` MB of 'A'. */
export function xlsxBomb(inflatedMb: number, options: { declaredSheetSize?: number } = {}): Promise<Buffer> {
  return oneCellXlsx(repeated(Buffer.alloc(MB, 'A'), inflatedMb), options);
}
