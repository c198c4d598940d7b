import { profileDrawingPdf } from './profile-drawing.pdf';

const drawing = profileDrawingPdf({
  code: 'PF-1045',
  description: 'Perfil ventana abatible (45 mm)',
  customer: 'Carpinterías Ibáñez',
  shape: 'Hueco',
  kgM: 0.98,
  alloy: '6063',
  dimensions: [
    { label: 'A', nominal: 45, tolerance: 0.3 },
    { label: 'B', nominal: 1.5, tolerance: 0.15 },
  ],
});
const text = drawing.toString('latin1');

describe('the demo profile drawing', () => {
  it('is a PDF whose cross-reference table points at each of its objects', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(entries).toHaveLength(5);
    entries.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
  });

  it('gives its content stream its length in bytes, with the dimensions and the escaped title block in Latin-1', () => {
    const [, length, stream] = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Number(length)).toBe(Buffer.byteLength(stream, 'latin1'));
    expect(stream).toContain('(A = 45,00 ± 0,30) Tj');
    expect(stream).toContain('(B = 1,50 ± 0,15) Tj');
    expect(stream).toContain('(Perfil ventana abatible \\(45 mm\\)) Tj');
    expect(stream).toContain('(Cliente: Carpinterías Ibáñez) Tj');
  });
});
