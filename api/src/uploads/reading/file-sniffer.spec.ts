import { sniffDocument } from './file-sniffer';
import { csvFile, jpegImage, pngImage, SAMPLE_CERTIFICATE_LINES, textPdf, tiffImage, xlsxFile } from './sample-files';
import { zipDirectory } from './zip-archive';
import { zipArchive } from './zip-samples';

/** A ZIP with stored (uncompressed) entries, so the test controls the entry names. */
const storedZip = (entries: Record<string, string>) =>
  zipArchive(Object.entries(entries).map(([name, content]) => ({ name, content: Buffer.from(content), method: 'stored' as const })));

describe('sniffDocument', () => {
  it('recognises the accepted kinds from their bytes', async () => {
    expect(sniffDocument(await textPdf(SAMPLE_CERTIFICATE_LINES))).toEqual({ kind: 'pdf', contentType: 'application/pdf' });
    expect(sniffDocument(await pngImage(['x']))?.kind).toBe('png');
    expect(sniffDocument(await jpegImage(['x']))).toEqual({ kind: 'jpeg', contentType: 'image/jpeg' });
    expect(sniffDocument(await tiffImage(['x'], { dpi: 20 }))?.kind).toBe('tiff');
    expect(sniffDocument(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))?.kind).toBe('tiff');
    const xlsx = await xlsxFile([
      ['Matriz', 'Dureza'],
      ['4521-2', 1050],
    ]);
    expect(sniffDocument(xlsx)?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(zipDirectory(xlsx)?.entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
  });

  it('accepts CSV with ; , or tab, in UTF-8 or latin1, and refuses text without separators', () => {
    expect(
      sniffDocument(
        csvFile([
          ['Matriz', 'Copia'],
          ['4521', '2'],
        ]),
      )?.kind,
    ).toBe('csv');
    expect(sniffDocument(csvFile([['a', 'b']], { separator: ',' }))?.kind).toBe('csv');
    expect(sniffDocument(csvFile([['a', 'b']], { separator: '\t' }))?.kind).toBe('csv');
    expect(sniffDocument(csvFile([['Ubicación', 'Diámetro']], { encoding: 'latin1' }))).toEqual({ kind: 'csv', contentType: 'text/csv' });
    expect(sniffDocument(Buffer.from('solo una línea de texto\nsin separadores\n'))).toBeNull();
  });

  it('refuses executables, whatever they are named', () => {
    // A Windows executable renamed to certificado.pdf: the name never reaches the sniffer.
    const exe = Buffer.alloc(256);
    exe.write('MZ', 0, 'latin1');
    exe.write('This program cannot be run in DOS mode. %PDF-1.7', 78, 'latin1');
    expect(sniffDocument(exe)).toBeNull();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect(sniffDocument(elf)).toBeNull();
  });

  it('refuses a plain ZIP, a ZIP without xl/ entries and a broken ZIP, but reads the names of a good one', async () => {
    expect(sniffDocument(await storedZip({ 'notes.txt': 'a;b' }))).toBeNull();
    expect(sniffDocument(await storedZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' }))).toBeNull();
    const fake = await storedZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(sniffDocument(fake)?.kind).toBe('xlsx');
    expect(sniffDocument(fake.subarray(0, fake.length - 30))).toBeNull();
  });

  it('refuses HTML, scripts, empty and tiny files', () => {
    expect(sniffDocument(Buffer.from('<!DOCTYPE html><html><body>a,b</body></html>'))).toBeNull();
    expect(sniffDocument(Buffer.from('  <script>fetch("x", {a: 1, b: 2})</script>'))).toBeNull();
    expect(sniffDocument(Buffer.from('#!/bin/sh\nrm -rf /tmp/a, /tmp/b\n'))).toBeNull();
    expect(sniffDocument(Buffer.from('a;b\n<?php system($_GET["c"]); ?>\n'))).toBeNull();
    expect(sniffDocument(Buffer.alloc(0))).toBeNull();
    expect(sniffDocument(Buffer.from('%P'))).toBeNull();
  });
});
