import { MAX_FILE_NAME_LENGTH, safeFileName } from './file-name';
import { inlineDisposition } from './stored-file.reply';

describe('safeFileName', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(safeFileName('fuga.png', 'image/png')).toBe('fuga.png');
    expect(safeFileName('Certificado nitruración nº 457.pdf', 'application/pdf')).toBe('Certificado nitruración nº 457.pdf');
    expect(safeFileName('informe.final.pdf', 'application/pdf')).toBe('informe.final.pdf');
  });

  it('drops what follows a NUL: x.png\\0.html is x.png, never x.png.html', () => {
    expect(safeFileName('x.png\u0000.html', 'image/png')).toBe('x.png');
    expect(safeFileName('certificado.pdf\u0000.html', 'application/pdf')).toBe('certificado.pdf');
  });

  it('removes bidirectional overrides and isolates, control characters and path parts', () => {
    // Shown as "facturaexe.pdf" by the override; what it is, is a PDF named "facturafdp.exe".
    expect(safeFileName('factura\u202Efdp.exe', 'application/pdf')).toBe('facturafdp.pdf');
    expect(safeFileName('a\u2066b\u2069c\u200E\u200F\u061C.png', 'image/png')).toBe('abc.png');
    expect(safeFileName('lí\u0001ne\u001ba\u007f\u0085 \r\n nueva.jpg', 'image/jpeg')).toBe('línea nueva.jpg');
    expect(safeFileName('C:\\fotos\\..\\prensa.jpg', 'image/jpeg')).toBe('prensa.jpg');
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFileName('a<b>c:d"e|f?g*.pdf', 'application/pdf')).toBe('abcdefg.pdf');
  });

  it('cuts a 1,000-character name to 120 characters, its extension kept', () => {
    const name = safeFileName(`${'ñ'.repeat(1_000)}.pdf`, 'application/pdf');
    expect(Array.from(name)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name).toBe(`${'ñ'.repeat(MAX_FILE_NAME_LENGTH - 4)}.pdf`);
    // Astral characters count as one and are never split in half.
    expect(safeFileName('🛠'.repeat(300), 'image/png')).toBe(`${'🛠'.repeat(MAX_FILE_NAME_LENGTH - 4)}.png`);
  });

  it('names a file by the type its bytes are, whatever extension it came with', () => {
    expect(safeFileName('factura.pdf', 'image/png')).toBe('factura.png');
    expect(safeFileName('foto.jpeg', 'image/jpeg')).toBe('foto.jpg');
    expect(safeFileName('hoja.html', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('hoja.xlsx');
    expect(safeFileName('inventario', 'text/csv')).toBe('inventario.csv');
    expect(safeFileName('escaneo.tif', 'image/tiff')).toBe('escaneo.tiff');
  });

  it('gives a name to a file that came with none worth keeping', () => {
    expect(safeFileName('', 'image/png')).toBe('foto.png');
    expect(safeFileName('.htaccess', 'application/pdf')).toBe('documento.pdf');
    expect(safeFileName('\u202E\u0000.exe', 'application/pdf')).toBe('documento.pdf');
    expect(safeFileName(' ... ', 'image/webp')).toBe('foto.webp');
  });

  it('is the same name made safe twice (a stored name is made safe again when served)', () => {
    for (const [name, type] of [
      ['x.png\u0000.html', 'image/png'],
      [`${'a'.repeat(1_000)}.pdf`, 'application/pdf'],
      ['informe.pdf.html', 'application/pdf'],
      ['a. b .pdf', 'application/pdf'],
    ]) {
      const once = safeFileName(name, type);
      expect(safeFileName(once, type)).toBe(once);
    }
  });
});

describe('inlineDisposition', () => {
  it('gives the exact name in RFC 5987 form and an ASCII stand-in without quotes', () => {
    expect(inlineDisposition('fuga.png')).toBe(`inline; filename="fuga.png"; filename*=UTF-8''fuga.png`);
    expect(inlineDisposition('nitruración (1).pdf')).toBe(`inline; filename="nitruraci_n (1).pdf"; filename*=UTF-8''nitruraci%C3%B3n%20%281%29.pdf`);
    expect(inlineDisposition('a"b\\c.pdf')).toBe(`inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});
