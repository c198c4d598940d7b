import { DOCUMENT_TYPES, type DocumentType } from '@planta/contracts';
import { classifyDocument, emptyClassifierModel, keywordScores, learnedScores, tokenize, trainClassifier, type TrainingExample } from './document-classifier';
import { SAMPLE_DOCUMENTS, textOfLines, textOfTable } from './document-samples';

const sampleText = (type: DocumentType) => SAMPLE_DOCUMENTS[type].lines.join('\n');

/** A plant's own furnace log: it has no certificate's keywords, only 'entrega' (a delivery note's). */
const AMBIGUOUS = 'Parte de horno 3\nCarga 12 turno de noche\nOperario 14 revisa utillajes\nEntrega en almacen';

/** The same plant's confirmed furnace logs, confirmed as nitriding certificates. */
const FURNACE_LOGS: TrainingExample[] = [
  { type: 'nitriding_certificate', text: 'Parte de horno 2\nCarga 7 turno de tarde\nOperario 9 revisa utillajes' },
  { type: 'nitriding_certificate', text: 'Parte de horno 1\nCarga 3 turno de noche\nOperario 4' },
  { type: 'nitriding_certificate', text: 'Parte de horno 3 carga 15 turno de mañana operario 2 utillajes' },
  { type: 'nitriding_certificate', text: 'Parte de horno 2 carga 9 turno de noche operario 11' },
  { type: 'delivery_note', text: sampleText('delivery_note') },
  { type: 'production_order', text: sampleText('production_order') },
];

describe('classifyDocument by keywords', () => {
  it.each(DOCUMENT_TYPES)('picks %s for its sample, surely', (type) => {
    const result = classifyDocument(textOfLines(SAMPLE_DOCUMENTS[type].lines));
    expect(result.type).toBe(type);
    expect(result.confidence).toBeGreaterThan(0.8);
    expect(result.ranking[0]).toMatchObject({ type, learned: null });
  });

  it('ranks every type, most likely first, the scores summing to 1', () => {
    const { ranking } = classifyDocument(sampleText('profile_drawing'));
    expect(ranking.map((entry) => entry.type).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(ranking.map((entry) => entry.score)).toEqual([...ranking.map((entry) => entry.score)].sort((a, b) => b - a));
    expect(ranking.reduce((sum, entry) => sum + entry.score, 0)).toBeCloseTo(1, 3);
  });

  it('reads OCR text without accents', () => {
    expect(classifyDocument('ALBARAN DE ENTREGA\nN? ALB-1\nCantidad 2').type).toBe('delivery_note');
    expect(classifyDocument('ORDEN DE PRODUCCION\nPiezas 300').type).toBe('production_order');
  });

  it('knows an inventory spreadsheet by its header row', () => {
    const sheet = textOfTable([
      ['Referencia', 'Copia', 'Ubicación', 'Tochos'],
      ['4521', '2', 'A-3', '1250'],
    ]);
    expect(classifyDocument(sheet).type).toBe('die_inventory');
    expect(keywordScores(sheet).die_inventory).toBeGreaterThan(keywordScores('Referencia 4521').die_inventory);
  });

  it('is unsure of a text without keywords', () => {
    expect(classifyDocument('Hola, buenos días').confidence).toBeCloseTo(1 / DOCUMENT_TYPES.length, 3);
  });
});

describe('classifyDocument with a model learned from confirmed documents', () => {
  it('moves an ambiguous text to the type its like were confirmed as', () => {
    const before = classifyDocument(AMBIGUOUS);
    expect(before.type).toBe('delivery_note');
    const model = trainClassifier(FURNACE_LOGS);
    const after = classifyDocument(AMBIGUOUS, model);
    expect(after.type).toBe('nitriding_certificate');
    expect(after.ranking[0].learned).toBeGreaterThan(0.5);
  });

  it('still picks each sample’s type with that model', () => {
    const model = trainClassifier(FURNACE_LOGS);
    for (const type of DOCUMENT_TYPES) expect([type, classifyDocument(sampleText(type), model).type]).toEqual([type, type]);
  });

  it('weighs the model more as more documents are confirmed', () => {
    const few = trainClassifier(FURNACE_LOGS.slice(0, 1));
    const many = trainClassifier([...FURNACE_LOGS, ...FURNACE_LOGS, ...FURNACE_LOGS]);
    const score = (model: ReturnType<typeof trainClassifier>) =>
      classifyDocument(AMBIGUOUS, model).ranking.find((entry) => entry.type === 'nitriding_certificate')?.score ?? 0;
    expect(score(many)).toBeGreaterThan(score(few));
  });

  it('keeps a flat model for types never confirmed, so an unrelated text is not pulled to trained ones', () => {
    const model = trainClassifier(FURNACE_LOGS.slice(0, 4));
    const scores = learnedScores('Inventario anual de rodillos y mesas de salida', model);
    expect(scores).not.toBeNull();
    expect(scores?.nitriding_certificate).toBeLessThan(scores?.die_inventory ?? 0);
    expect(learnedScores('Parte de horno carga turno operario', model)?.nitriding_certificate).toBeGreaterThan(0.5);
  });

  it('is plain JSON, trained one document at a time, without changing the model it starts from', () => {
    const empty = emptyClassifierModel();
    const once = trainClassifier(FURNACE_LOGS.slice(0, 3), empty);
    const twice = trainClassifier(FURNACE_LOGS.slice(3), once);
    expect(empty).toEqual(emptyClassifierModel());
    expect(once.types.nitriding_certificate?.documents).toBe(3);
    expect(twice).toEqual(trainClassifier(FURNACE_LOGS));
    const stored = JSON.parse(JSON.stringify(twice));
    expect(classifyDocument(AMBIGUOUS, stored)).toEqual(classifyDocument(AMBIGUOUS, twice));
  });

  it('has no learned part without a model or with an empty one', () => {
    expect(learnedScores(AMBIGUOUS, emptyClassifierModel())).toBeNull();
    expect(classifyDocument(AMBIGUOUS, emptyClassifierModel())).toEqual(classifyDocument(AMBIGUOUS));
  });

  it('tokenises words only: folded, no numbers, no stop words', () => {
    expect(tokenize('Duración de 24 h en el HORNO Nº 3')).toEqual(['duracion', 'horno', 'no']);
  });
});
