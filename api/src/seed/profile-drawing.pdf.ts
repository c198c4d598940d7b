/** What the demo drawing of a profile shows: its title block and its critical dimensions. */
export interface DrawingContent {
  code: string;
  description: string;
  customer: string;
  shape: string;
  kgM: number;
  alloy: string;
  dimensions: readonly { label: string; nominal: number; tolerance: number }[];
}

/** Text for a PDF string in WinAnsi (Latin-1 covers the Spanish letters and ±). */
const pdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
const mm = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * A one-page A4 landscape PDF in the manner of a customer's profile drawing: the section as a
 * box with its outer size (A) and wall (B) dimensioned, and a title block. Written by hand (a
 * handful of objects and their cross-reference table) so the demo needs no PDF library.
 */
export function profileDrawingPdf(content: DrawingContent): Buffer {
  const [outer, wall] = content.dimensions;
  const lines = [
    'q 1.2 w 0 0 0 RG',
    // The frame and the title block.
    '20 20 802 555 re S',
    '522 20 300 150 re S 522 70 m 822 70 l S 522 120 m 822 120 l S',
    // The section: an outer box and its wall, centred on the sheet's drawing area.
    '160 200 220 220 re S',
    `${160 + 14} ${200 + 14} ${220 - 28} ${220 - 28} re S`,
    // Dimension A across the top, B on the wall.
    '160 450 m 380 450 l S 160 444 m 160 456 l S 380 444 m 380 456 l S',
    '380 300 m 430 300 l S 366 300 m 380 300 l S',
    'Q',
    'BT /F1 11 Tf',
    `250 460 Td (${pdfText(`A = ${mm(outer?.nominal ?? 0)} ± ${mm(outer?.tolerance ?? 0)}`)}) Tj`,
    `190 -164 Td (${pdfText(`B = ${mm(wall?.nominal ?? 0)} ± ${mm(wall?.tolerance ?? 0)}`)}) Tj`,
    'ET',
    'BT /F1 16 Tf 532 140 Td',
    `(${pdfText(content.code)}) Tj`,
    '/F1 10 Tf 0 -16 Td',
    `(${pdfText(content.description)}) Tj`,
    '0 -34 Td',
    `(${pdfText(`Cliente: ${content.customer || 'Stock'}`)}) Tj`,
    '0 -14 Td',
    `(${pdfText(`Aleación ${content.alloy} · ${content.shape} · ${content.kgM.toFixed(3).replace('.', ',')} kg/m`)}) Tj`,
    '0 -36 Td',
    `(${pdfText('Cotas en mm · Tolerancias según EN 755-9 · Escala 1:1')}) Tj`,
    'ET',
  ];
  const stream = lines.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
