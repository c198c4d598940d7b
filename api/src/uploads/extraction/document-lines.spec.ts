import type { DocumentText } from '../document-text';
import { textOfLines } from './document-samples';
import { cellAt, compileLabel, findLabel, findLabelFuzzy, spanOf, viewLines } from './document-lines';

describe('viewLines', () => {
  it('joins a line’s words, cleaned of OCR slips, with their offsets', () => {
    const [line] = viewLines(textOfLines(['N? certificado: CN-2O25-1    51O *C']));
    expect(line.text).toBe('Nº certificado: CN-2025-1 510 °C');
    expect(line.folded).toBe('no certificado: cn-2025-1 510 oc');
    expect(line.words.map((word) => line.text.slice(word.start, word.end))).toEqual(line.words.map((word) => word.text));
  });

  it('splits a line into cells at wide gaps only', () => {
    const [line] = viewLines(textOfLines(['Fecha entrada: 10/03/2025    Fecha salida: 12/03/2025']));
    expect(line.cells.map((cell) => cell.text)).toEqual(['Fecha entrada: 10/03/2025', 'Fecha salida: 12/03/2025']);
    expect(cellAt(line, line.text.indexOf('salida'))?.text).toBe('Fecha salida: 12/03/2025');
  });

  it('splits a reader’s multi-word strings into words with their share of the box', () => {
    const text: DocumentText = {
      source: 'pdf-text',
      pages: [
        {
          number: 1,
          width: 595,
          height: 842,
          ocr: false,
          lines: [
            {
              text: 'Capa: 0,12',
              confidence: 1,
              box: { x: 0.1, y: 0.1, width: 0.1, height: 0.01 },
              words: [{ text: 'Capa: 0,12', confidence: 1, box: { x: 0.1, y: 0.1, width: 0.1, height: 0.01 } }],
            },
          ],
        },
      ],
    };
    const [line] = viewLines(text);
    expect(line.words.map((word) => word.text)).toEqual(['Capa:', '0,12']);
    expect(line.words[1].box.x).toBeCloseTo(0.16, 9);
    expect(line.words[1].box.width).toBeCloseTo(0.04, 9);
  });

  it('boxes part of a word and takes the lowest confidence of its words', () => {
    const [line] = viewLines(textOfLines(['Matriz:4521-2 ok'], { confidence: 0.8 }));
    const whole = line.words[0].box;
    const span = spanOf(line, 7, 13);
    expect(span?.confidence).toBe(0.8);
    expect(span?.box.x).toBeCloseTo(whole.x + (whole.width * 7) / 13, 9);
    expect(span?.box.width).toBeCloseTo((whole.width * 6) / 13, 9);
    expect(spanOf(line, 40, 50)).toBeNull();
  });
});

describe('labels', () => {
  it('finds a label whatever its accents, case, sign or punctuation', () => {
    const label = compileLabel('Nº de certificado');
    for (const printed of ['Nº de certificado: 1', 'N° DE CERTIFICADO 1', 'No. de certificado: 1', 'n? de Certificado - 1']) {
      const [line] = viewLines(textOfLines([printed]));
      expect([printed, findLabel(line, label).length]).toEqual([printed, 1]);
    }
  });

  it('does not find a label inside a longer word', () => {
    const [line] = viewLines(textOfLines(['Cliente: Perfiles Planta S.A.']));
    expect(findLabel(line, compileLabel('Perfil'))).toEqual([]);
  });

  it('finds a label with one OCR slip, not an exact one nor a short one', () => {
    const [line] = viewLines(textOfLines(['Temperatuta: 510 °C    Capa: 0,12']));
    expect(findLabelFuzzy(line, compileLabel('Temperatura')).map((hit) => hit.printed)).toEqual(['Temperatuta']);
    expect(findLabelFuzzy(line, compileLabel('Copa'))).toEqual([]);
    const [exact] = viewLines(textOfLines(['Temperatura: 510 °C']));
    expect(findLabelFuzzy(exact, compileLabel('Temperatura'))).toEqual([]);
  });
});
