import { dashboardPdf, pdfSafe, sheetNames } from './dashboard-export';

describe('dashboard exports', () => {
  it('names sheets as Excel accepts them: no forbidden characters, 31 characters at most, never twice', () => {
    expect(sheetNames(['OEE: prensas/turno', 'Un título de hoja que es demasiado largo para Excel', 'Datos', 'datos', ''])).toEqual([
      'OEE prensas turno',
      'Un título de hoja que es',
      'Datos',
      'datos 2',
      'Datos 3',
    ]);
  });

  it('keeps Spanish text in the PDF and replaces what its font cannot write', () => {
    expect(pdfSafe('Recuperación × 100 — año ≥ 85 % ✓')).toBe('Recuperación × 100 — año >= 85 % ?');
  });

  it('writes a PDF with the title and every table', async () => {
    const bytes = await dashboardPdf({
      title: 'Indicadores clave',
      header: ['Período: hoy'],
      parts: [
        {
          title: 'OEE por prensa',
          sheets: [
            {
              title: 'OEE por prensa',
              columns: ['Prensa', 'OEE'],
              rows: [
                ['Prensa 1', 0.72],
                ['Prensa 2', null],
              ],
            },
          ],
        },
      ],
    });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.load(bytes);
    expect(document.getTitle()).toBe('Indicadores clave');
    expect(document.getPageCount()).toBe(1);
  });
});
