import type { DocumentType } from '@planta/contracts';
import type { DocumentPage, DocumentText, TextLine, TextSource, TextWord } from '../document-text';

/**
 * The canonical sample documents of the upload agent: realistic Spanish die-shop paperwork as lines
 * of text. The extractors' tests read them through `textOfLines`; other code renders the same lines
 * to PDFs and page images for the reading and OCR tests (domain.md D6), so that every layer is tested
 * on one set of documents. Cells of a table are separated by two or more spaces (or a tab).
 */
export interface SampleDocument {
  title: string;
  lines: string[];
}

export const SAMPLE_DOCUMENTS: Record<DocumentType, SampleDocument> = {
  nitriding_certificate: {
    title: 'Certificado de nitrurado CN-2025-0457',
    lines: [
      'Nitruraciones del Norte S.L.',
      'Pol. Ind. Asipo, Nave 14  -  33428 Llanera (Asturias)  CIF B-33123456',
      'CERTIFICADO DE NITRURADO',
      'Nº certificado: CN-2025-0457    Fecha: 12/03/2025',
      'Cliente: Perfiles Planta S.A.',
      'Fecha entrada: 10/03/2025    Fecha salida: 12/03/2025',
      'Proceso: Nitrurado gaseoso    Temperatura: 510 °C    Duración: 24 h',
      'Matriz    Dureza sup. (HV)    Capa (mm)    Núcleo (HRC)',
      '4521-2    1.050 HV    0,12    46',
      'EN-1042-1    1.020 HV    0,10    45',
      'Observaciones: Sin incidencias. Matrices limpias y desengrasadas.',
      'Responsable de calidad: J. Fernández',
    ],
  },
  delivery_note: {
    title: 'Albarán de entrega ALB-8812',
    lines: [
      'Matricería Levante S.A.',
      'C/ Forja 8  -  46980 Paterna (Valencia)',
      'ALBARÁN DE ENTREGA',
      'Albarán Nº: ALB-8812    Fecha: 05/03/2025',
      'Cliente: Perfiles Planta S.A.    Pedido: PC-2025-031',
      'Matriz    Perfil    Tipo    Ø x Espesor    Cav.    Peso (kg)    Importe (€)',
      '4530-1    P-7720    Semihueca    250 x 80    2    38,5    2.450,00',
      '4531-1    P-7721    Sólida    228 x 60    1    24,0    1.380,00',
      'Total matrices: 2    Cantidad total: 2',
      'Recibido conforme: ________    Firma y sello',
    ],
  },
  die_drawing: {
    title: 'Plano de matriz 4530-1',
    lines: [
      'PLANO DE MATRIZ',
      'Matricería Levante S.A.    Oficina técnica',
      'Matriz: 4530-1    Perfil: P-7720    Cliente: Perfiles Planta S.A.',
      'Diámetro: Ø 250 mm    Espesor: 80 mm    Cavidades: 2',
      'Prensa: P2 (contenedor 7 pulg.)    Acero: 1.2344 (H13)',
      'Escala: 1:2    Revisión: B    Fecha: 28/02/2025',
      'Dibujado: M. Soler    Comprobado: A. Ruiz    Hoja 1/1',
    ],
  },
  profile_drawing: {
    title: 'Plano de perfil P-7720',
    lines: [
      'PLANO DE PERFIL',
      'Aluminios Carpintería Norte S.L.  -  Oficina técnica',
      'Cliente: Aluminios Carpintería Norte S.L.',
      'Perfil: P-7720    Revisión: C    Fecha: 14/01/2025',
      'Aleación: 6063    Temple: T5    Peso nominal: 1,245 kg/m',
      'Acabado: Anodizado plata 15 micras',
      'COTAS CRÍTICAS',
      'Cota    Descripción    Nominal (mm)    Tolerancia (mm)',
      'A    Ancho    45,00    ±0,20',
      'B    Alto    30,00    +0,15 / -0,05',
      'C    Espesor de pared    1,60    ± 0,10',
      'Escala 1:1    Tolerancias generales según EN 755-9',
    ],
  },
  production_order: {
    title: 'Orden de producción OP-2025-0118',
    lines: [
      'Perfiles Planta S.A.',
      'ORDEN DE PRODUCCIÓN',
      'Orden Nº: OP-2025-0118    Fecha: 10/03/2025',
      'Cliente: Aluminios Carpintería Norte S.L.',
      'Perfil: P-7720    Matriz: 4530-1    Aleación: 6063 T5',
      'Longitud: 6.500 mm    Piezas: 1.200    Kilos: 9.711,0 kg',
      'Fecha de entrega: 21/03/2025',
      'Acabado: Anodizado plata',
      'Observaciones: Embalar en paquetes de 50 piezas.',
    ],
  },
  die_inventory: {
    title: 'Inventario de matrices',
    lines: [
      'Inventario de matrices  -  Perfiles Planta S.A.    Fecha: 01/03/2025',
      'Matriz    Perfil    Tipo    Ubicación    Tochos    Kg totales',
      '4521-2    P-7700    Hueca    Estantería A-3    1.250    48.300,5',
      'EN-1042-1    P-1042    Multicavidad    Estantería B-1    830    21.950',
      '4530-1    P-7720    Semihueca    Horno    0    0',
    ],
  },
};

export interface TextLayoutOptions {
  /** Where the text came from ('pdf-text' unless told). */
  source?: TextSource;
  /** Every word's confidence (1 unless told; a scan reads 0.9 or so). */
  confidence?: number;
  /** Lines on a page before the next one starts (60 unless told). */
  linesPerPage?: number;
}

/** An A4 page in points. */
const PAGE = { width: 595, height: 842 };
const MARGIN = 0.05;
/** Two or more spaces, or a tab, separate the cells of a table. */
const CELL_SEPARATOR = /\t+| {2,}/;

/**
 * Lines of plain text laid out on pages as a reader would return them: monospace word boxes, one
 * line per text line, and the cells of consecutive multi-cell lines aligned in columns (like
 * `column -t`), so that tables read by the x position of their header words.
 */
export function textOfLines(lines: readonly string[], options: TextLayoutOptions = {}): DocumentText {
  const rows = lines.map((line) =>
    line
      .split(CELL_SEPARATOR)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== ''),
  );
  return layoutRows(rows, options);
}

/** A spreadsheet's first sheet: the cells as `table`, and as lines on page 1 (one row a line, empty rows kept as no line). */
export function textOfTable(rows: readonly (readonly string[])[], options: TextLayoutOptions = {}): DocumentText {
  const table = rows.map((row) => row.map((cell) => cell.trim()));
  const text = layoutRows(table, { ...options, source: 'spreadsheet', linesPerPage: Math.max(options.linesPerPage ?? 60, table.length) });
  return { ...text, table };
}

function layoutRows(rows: string[][], options: TextLayoutOptions): DocumentText {
  const confidence = options.confidence ?? 1;
  const linesPerPage = options.linesPerPage ?? 60;
  const columnStarts = alignColumns(rows);
  const widest = Math.max(1, ...rows.map((cells, index) => (columnStarts[index].at(-1) ?? 0) + (cells.at(-1)?.length ?? 0)));
  const charWidth = Math.min(0.009, (1 - 2 * MARGIN) / widest);
  const lineHeight = (1 - 2 * MARGIN) / linesPerPage;

  const pages: DocumentPage[] = [];
  rows.forEach((cells, index) => {
    const pageIndex = Math.floor(index / linesPerPage);
    pages[pageIndex] ??= { number: pageIndex + 1, width: PAGE.width, height: PAGE.height, ocr: options.source === 'ocr', lines: [] };
    const y = MARGIN + (index % linesPerPage) * lineHeight;
    const words: TextWord[] = [];
    cells.forEach((cell, cellIndex) => {
      let offset = columnStarts[index][cellIndex];
      for (const part of cell.split(' ')) {
        if (part) {
          words.push({ text: part, confidence, box: { x: MARGIN + offset * charWidth, y, width: part.length * charWidth, height: lineHeight * 0.8 } });
        }
        offset += part.length + 1;
      }
    });
    if (words.length === 0) return;
    const left = words[0].box.x;
    const last = words[words.length - 1].box;
    const text = cells.filter((cell) => cell !== '').join('   ');
    const line: TextLine = { text, words, confidence, box: { x: left, y, width: last.x + last.width - left, height: lineHeight * 0.8 } };
    pages[pageIndex].lines.push(line);
  });
  return { source: options.source ?? 'pdf-text', pages: pages.filter(Boolean) };
}

/**
 * The character column of every cell: consecutive lines with two or more cells form a block whose
 * columns are as wide as their widest cell plus a gap of four characters.
 */
function alignColumns(rows: string[][]): number[][] {
  const starts: number[][] = rows.map(() => []);
  let blockStart = 0;
  for (let index = 0; index <= rows.length; index++) {
    if (index < rows.length && rows[index].length > 1) continue;
    const block = rows.slice(blockStart, index);
    const widths: number[] = [];
    for (const cells of block) cells.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
    block.forEach((cells, offset) => {
      let column = 0;
      starts[blockStart + offset] = cells.map((_, cellIndex) => {
        const start = column;
        column += widths[cellIndex] + 4;
        return start;
      });
    });
    if (index < rows.length) starts[index] = [0];
    blockStart = index + 1;
  }
  return starts;
}
