import { DOCUMENT_TYPE_SPECS, DOCUMENT_TYPES, type DocumentType } from '@planta/contracts';
import type { DocumentText, TextBox } from '../document-text';
import { SAMPLE_DOCUMENTS, textOfLines, textOfTable } from './document-samples';
import { extractFields, learnSynonyms, mergeSynonyms, supplierOf, type ExtractedDraft, type ExtractedField } from './field-extractors';

/** Header values by key. */
function values(draft: ExtractedDraft): Record<string, string | null> {
  return Object.fromEntries(draft.fields.map((field) => [field.key, field.value]));
}

/** Row values by key. */
function rowValues(draft: ExtractedDraft): Record<string, string | null>[] {
  return draft.rows.map((row) => Object.fromEntries(row.map((field) => [field.key, field.value])));
}

function field(draft: ExtractedDraft, key: string): ExtractedField {
  const found = draft.fields.find((one) => one.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
}

function sample(type: DocumentType, options?: Parameters<typeof textOfLines>[1]): DocumentText {
  return textOfLines(SAMPLE_DOCUMENTS[type].lines, options);
}

/** The box of the document's word with this text. */
function wordBox(text: DocumentText, word: string): TextBox {
  for (const page of text.pages) for (const line of page.lines) for (const one of line.words) if (one.text === word) return one.box;
  throw new Error(`no word ${word}`);
}

/**
 * A printed table as a PDF's text layer gives it: each row's cells drawn at the same column stops
 * (in characters of a monospace font), so that a long cell ends a space short of the next column and
 * reads as one cell with it. `nudge` moves the rows' cells left by a fraction of a character, as a
 * font's side bearings do.
 */
function textAtStops(header: string[], rows: string[][], stops: number[], nudge = 0): DocumentText {
  const charWidth = 0.009;
  const lines = [header, ...rows].map((cells, index) => {
    const y = 0.1 + index * 0.02;
    const words: DocumentText['pages'][number]['lines'][number]['words'] = [];
    cells.forEach((cell, column) => {
      let offset = stops[column] - (index === 0 ? 0 : nudge);
      for (const part of cell.split(' ')) {
        words.push({ text: part, confidence: 1, box: { x: 0.05 + offset * charWidth, y, width: part.length * charWidth, height: 0.015 } });
        offset += part.length + 1;
      }
    });
    const last = words[words.length - 1].box;
    return { text: cells.join(' '), words, confidence: 1, box: { x: words[0].box.x, y, width: last.x + last.width - words[0].box.x, height: 0.015 } };
  });
  return { source: 'pdf-text', pages: [{ number: 1, width: 595, height: 842, ocr: false, lines }] };
}

/** Boxes equal but for float rounding. */
function expectBox(actual: TextBox | null | undefined, expected: TextBox): void {
  expect(actual).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) expect([side, actual?.[side]]).toEqual([side, expect.closeTo(expected[side], 9)]);
}

const EXPECTED: Record<DocumentType, { fields: Record<string, string | null>; rows: Record<string, string | null>[] }> = {
  nitriding_certificate: {
    fields: {
      certificate_number: 'CN-2025-0457',
      supplier: 'Nitruraciones del Norte S.L.',
      date_in: '2025-03-10',
      date_out: '2025-03-12',
      process: 'gas',
      temperature_c: '510',
      duration_h: '24',
      remarks: 'Sin incidencias. Matrices limpias y desengrasadas.',
    },
    rows: [
      { die_reference: '4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: '46' },
      { die_reference: 'EN-1042-1', hardness_hv: '1020', case_depth_mm: '0.1', core_hardness_hrc: '45' },
    ],
  },
  delivery_note: {
    fields: { note_number: 'ALB-8812', supplier: 'Matricería Levante S.A.', date: '2025-03-05', purchase_order: 'PC-2025-031' },
    rows: [
      {
        die_reference: '4530-1',
        profile_code: 'P-7720',
        die_type: 'semi_hollow',
        diameter_mm: '250',
        thickness_mm: '80',
        cavities: '2',
        weight_kg: '38.5',
        cost: '2450',
      },
      {
        die_reference: '4531-1',
        profile_code: 'P-7721',
        die_type: 'solid',
        diameter_mm: '228',
        thickness_mm: '60',
        cavities: '1',
        weight_kg: '24',
        cost: '1380',
      },
    ],
  },
  die_drawing: {
    fields: {
      die_reference: '4530-1',
      profile_code: 'P-7720',
      customer: 'Perfiles Planta S.A.',
      diameter_mm: '250',
      thickness_mm: '80',
      cavities: '2',
      press: 'P2 (contenedor 7 pulg.)',
      steel: '1.2344 (H13)',
      revision: 'B',
      date: '2025-02-28',
    },
    rows: [],
  },
  profile_drawing: {
    fields: {
      profile_code: 'P-7720',
      customer: 'Aluminios Carpintería Norte S.L.',
      alloy: '6063',
      temper: 'T5',
      kg_per_m: '1.245',
      finish: 'Anodizado plata 15 micras',
      revision: 'C',
    },
    rows: [
      { name: 'A', nominal_mm: '45', tolerance_minus_mm: '0.2', tolerance_plus_mm: '0.2' },
      { name: 'B', nominal_mm: '30', tolerance_minus_mm: '0.05', tolerance_plus_mm: '0.15' },
      { name: 'C', nominal_mm: '1.6', tolerance_minus_mm: '0.1', tolerance_plus_mm: '0.1' },
    ],
  },
  production_order: {
    fields: {
      order_number: 'OP-2025-0118',
      customer: 'Aluminios Carpintería Norte S.L.',
      profile_code: 'P-7720',
      die_reference: '4530-1',
      alloy: '6063 T5',
      length_mm: '6500',
      pieces: '1200',
      kg: '9711',
      due_date: '2025-03-21',
      finish: 'Anodizado plata',
    },
    rows: [],
  },
  die_inventory: {
    fields: {},
    rows: [
      { die_reference: '4521-2', profile_code: 'P-7700', die_type: 'hollow', location: 'Estantería A-3', billets_total: '1250', kg_total: '48300.5' },
      { die_reference: 'EN-1042-1', profile_code: 'P-1042', die_type: 'multi_cavity', location: 'Estantería B-1', billets_total: '830', kg_total: '21950' },
      { die_reference: '4530-1', profile_code: 'P-7720', die_type: 'semi_hollow', location: 'Horno', billets_total: '0', kg_total: '0' },
    ],
  },
};

describe('extractFields on the sample documents', () => {
  it.each(DOCUMENT_TYPES)('reads every value of the %s sample', (type) => {
    const draft = extractFields(type, sample(type));
    expect(values(draft)).toEqual(EXPECTED[type].fields);
    expect(rowValues(draft)).toEqual(EXPECTED[type].rows);
  });

  it.each(DOCUMENT_TYPES)('gives the %s spec’s header fields and row fields in spec order', (type) => {
    const spec = DOCUMENT_TYPE_SPECS[type];
    const draft = extractFields(type, textOfLines(['Nada que leer aquí']));
    expect(draft.fields.map((one) => one.key)).toEqual(spec.fields.map((one) => one.key));
    expect(draft.fields.every((one) => one.value === null && one.confidence === 0 && one.box === null && one.page === null)).toBe(true);
    // A type whose table needs a row gets one empty row to fill in.
    expect(draft.rows).toHaveLength(spec.rows && spec.rows.min > 0 ? 1 : 0);
    for (const row of draft.rows) expect(row.map((one) => one.key)).toEqual(spec.rows?.fields.map((one) => one.key));
  });

  it('records each value’s page, label, confidence and a box around the value only', () => {
    const text = sample('nitriding_certificate');
    const draft = extractFields('nitriding_certificate', text);
    const number = field(draft, 'certificate_number');
    expect(number).toMatchObject({ page: 1, label: 'Nº certificado', confidence: 0.95 });
    expectBox(number.box, wordBox(text, 'CN-2025-0457'));
    // '510 °C': the box is the figure's, not the unit's.
    expectBox(field(draft, 'temperature_c').box, wordBox(text, '510'));
    const hardness = draft.rows[0].find((one) => one.key === 'hardness_hv');
    expect(hardness).toMatchObject({ value: '1050', label: 'Dureza sup. (HV)', confidence: 0.9 });
    expectBox(hardness?.box, wordBox(text, '1.050'));
  });

  it('multiplies the rule’s confidence by the words’ OCR confidence', () => {
    const draft = extractFields('nitriding_certificate', sample('nitriding_certificate', { source: 'ocr', confidence: 0.8 }));
    expect(field(draft, 'certificate_number').confidence).toBeCloseTo(0.8 * 0.95, 5);
    expect(draft.rows[0][0].confidence).toBeCloseTo(0.8 * 0.9, 5);
  });
});

describe('label anchors', () => {
  it('reads the unit-test lines of domain.md D6 (labels and values, no table)', () => {
    const draft = extractFields(
      'nitriding_certificate',
      textOfLines(['Fecha: 12/03/2025', 'Matriz: 4521-2', 'Dureza superficial: 1050 HV', 'Profundidad de capa: 0,12 mm']),
    );
    expect(field(draft, 'date_out')).toMatchObject({ value: '2025-03-12', confidence: 0.6 });
    expect(rowValues(draft)).toEqual([{ die_reference: '4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: null }]);
  });

  it('gives each die of a certificate without a table the values printed after it', () => {
    const draft = extractFields(
      'nitriding_certificate',
      textOfLines([
        'Matriz: 4521 copia 2',
        'Dureza sup.: 1.050 HV    Capa nitrurada: 0,12 mm',
        'Matriz: EN-1042-1',
        'Dureza sup.: 980 HV    Capa nitrurada: 0,09 mm    Dureza núcleo: 44 HRC',
      ]),
    );
    expect(rowValues(draft)).toEqual([
      { die_reference: '4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: null },
      { die_reference: 'EN-1042-1', hardness_hv: '980', case_depth_mm: '0.09', core_hardness_hrc: '44' },
    ]);
  });

  it('reads the value on the line below its label', () => {
    const draft = extractFields('die_drawing', textOfLines(['Matriz    Perfil    Revisión', '4530-1    P-7720    B']));
    expect(values(draft)).toMatchObject({ die_reference: '4530-1', profile_code: 'P-7720', revision: 'B' });
    expect(field(draft, 'die_reference').confidence).toBeCloseTo(0.95 * 0.95, 2);
  });

  it('reads a value set apart from its label in a column of its own', () => {
    const draft = extractFields('production_order', textOfLines(['Nº de orden:      OP-77', 'Piezas:      350']));
    expect(values(draft)).toMatchObject({ order_number: 'OP-77', pieces: '350' });
  });

  it('does not take a word after a label for a value of another kind', () => {
    const draft = extractFields('production_order', textOfLines(['Fecha de entrega: a convenir', 'Orden de producción urgente']));
    expect(values(draft)).toMatchObject({ due_date: null, order_number: null });
  });

  it('reads a label with an OCR slip at a guess’s confidence', () => {
    const draft = extractFields('nitriding_certificate', textOfLines(['Temperatuta: 520 °C']));
    expect(field(draft, 'temperature_c')).toMatchObject({ value: '520', confidence: 0.7, label: 'Temperatuta' });
  });

  it.each([
    ['Proceso: nitrurado en baño de sales', 'salt_bath'],
    ['Proceso: Plasma', 'plasma'],
    ['Proceso: GAS', 'gas'],
  ])('maps %s to the process option %s', (line, option) => {
    expect(values(extractFields('nitriding_certificate', textOfLines([line]))).process).toBe(option);
  });

  it('finds the process in a sentence when no label names it', () => {
    const draft = extractFields('nitriding_certificate', textOfLines(['Matrices tratadas por nitrurado iónico en plasma.']));
    expect(field(draft, 'process')).toMatchObject({ value: 'plasma', confidence: 0.6 });
  });

  it.each([
    ['Sólida', 'solid'],
    ['Maciza', 'solid'],
    ['sélida', 'solid'],
    ['Semi-hueca', 'semi_hollow'],
    ['Tubular', 'hollow'],
    ['Multi-cavidad', 'multi_cavity'],
  ])('maps the die type %s to %s', (word, option) => {
    const draft = extractFields('die_inventory', textOfLines(['Matriz    Tipo', `4521-2    ${word}`]));
    expect(rowValues(draft)[0].die_type).toBe(option);
  });
});

describe('OCR noise on the certificate', () => {
  /** The certificate as English OCR reads it: accents lost, 'N?', '*C', letters O in numbers. */
  const NOISY = [
    'Nitruraciones del Norte S.L.',
    'CERTIFICADO DE NITRURADO',
    'N? certificado: CN-2O25-0457    Fecha: 12/03/2025',
    'Fecha entrada: 1O/03/2025    Fecha salida: 12/03/2025',
    'Proceso: Nitrurado gaseoso    Temperatura: 51O *C    Duracion: 24 h',
    'Matriz    Dureza sup. (HV)    Capa (mm)    Nucleo (HRC)',
    '4521-2    1.O5O HV    O,12    46',
    'EN-1042-1    1.020 HV    0,1O    45',
  ];

  it('gives the same numbers, dates and codes as the clean document', () => {
    const clean = extractFields('nitriding_certificate', sample('nitriding_certificate'));
    const noisy = extractFields('nitriding_certificate', textOfLines(NOISY, { source: 'ocr', confidence: 0.9 }));
    for (const key of ['certificate_number', 'date_in', 'date_out', 'process', 'temperature_c', 'duration_h']) {
      expect([key, field(noisy, key).value]).toEqual([key, field(clean, key).value]);
    }
    expect(rowValues(noisy)).toEqual(rowValues(clean));
    expect(field(noisy, 'certificate_number').confidence).toBeCloseTo(0.9 * 0.95, 5);
  });

  it("reads 'Nº', 'N°' and 'No.' labels alike", () => {
    for (const sign of ['Nº', 'N°', 'No.', 'N?']) {
      expect(values(extractFields('delivery_note', textOfLines([`Albarán ${sign}: ALB-1`]))).note_number).toBe('ALB-1');
    }
  });
});

describe('spreadsheets', () => {
  const SHEET = [
    ['Inventario de matrices', '', '', '', '', ''],
    ['Referencia', 'Copia', 'Tipo', 'Ubicación', 'Tochos', 'Kg'],
    ['4521', '2', 'Hueca', 'A-3', '1250', '48300,5'],
    ['EN-1042', '1', '', 'B-1', '830', '21950'],
    ['', '', '', '', '', ''],
    ['Total', '', '', '', '2080', '70250,5'],
  ];

  it('reads an inventory sheet by its header names, the copy from its own column', () => {
    const draft = extractFields('die_inventory', textOfTable(SHEET));
    expect(rowValues(draft)).toEqual([
      { die_reference: '4521-2', profile_code: null, die_type: 'hollow', location: 'A-3', billets_total: '1250', kg_total: '48300.5' },
      { die_reference: 'EN-1042-1', profile_code: null, die_type: null, location: 'B-1', billets_total: '830', kg_total: '21950' },
    ]);
  });

  it('boxes a sheet value on its row’s line', () => {
    const text = textOfTable(SHEET);
    const draft = extractFields('die_inventory', text);
    const billets = draft.rows[1].find((one) => one.key === 'billets_total');
    expect(billets).toMatchObject({ page: 1, label: 'Tochos', confidence: 0.9 });
    expectBox(billets?.box, wordBox(text, '830'));
  });
});

describe('tables printed with narrow columns', () => {
  const header = ['Matriz', 'Perfil', 'Tipo', 'Ø x Espesor', 'Cav.', 'Peso (kg)', 'Importe (€)'];
  const stops = [0, 11, 19, 29, 40, 45, 55];

  it('gives each cell to the column whose header range holds its start, splitting cells a space apart', () => {
    // 'Semihueca' ends a space before '250 x 80', and the headers from 'Ø x Espesor' on a space apart.
    const text = textAtStops(
      header,
      [
        ['UP-4530-1', 'P-7720', 'Semihueca', '250 x 80', '2', '38,5', '2.450,00'],
        ['UP-4531-1', 'P-7721', 'Sólida', '228 x 60', '1', '24,0', '1.380,00'],
        ['UP-4532-1', 'P-7722', 'Semi-hueca', '300 x 90', '4', '52,0', '3.100,00'],
      ],
      stops,
      0.2,
    );
    const draft = extractFields('delivery_note', text);
    expect(rowValues(draft)).toEqual([
      {
        die_reference: 'UP-4530-1',
        profile_code: 'P-7720',
        die_type: 'semi_hollow',
        diameter_mm: '250',
        thickness_mm: '80',
        cavities: '2',
        weight_kg: '38.5',
        cost: '2450',
      },
      {
        die_reference: 'UP-4531-1',
        profile_code: 'P-7721',
        die_type: 'solid',
        diameter_mm: '228',
        thickness_mm: '60',
        cavities: '1',
        weight_kg: '24',
        cost: '1380',
      },
      {
        die_reference: 'UP-4532-1',
        profile_code: 'P-7722',
        die_type: 'semi_hollow',
        diameter_mm: '300',
        thickness_mm: '90',
        cavities: '4',
        weight_kg: '52',
        cost: '3100',
      },
    ]);
    const type = draft.rows[0].find((one) => one.key === 'die_type');
    expect(type).toMatchObject({ label: 'Tipo', confidence: 0.9 });
    expectBox(type?.box, wordBox(text, 'Semihueca'));
    expect(draft.rows[0].find((one) => one.key === 'cavities')).toMatchObject({ label: 'Cav.' });
    expect(draft.rows[0].find((one) => one.key === 'cost')).toMatchObject({ label: 'Importe (€)' });
  });

  it('keeps a column no label names to itself, so its cells go to no neighbour', () => {
    const text = textAtStops(['Matriz', 'Observación', 'Cav.'], [['UP-4530-1', 'revisada', '2']], [0, 11, 25]);
    expect(rowValues(extractFields('delivery_note', text))[0]).toMatchObject({ die_reference: 'UP-4530-1', cavities: '2', die_type: null });
  });

  it('splits headers a space apart after a unit, but not at a label word inside a header', () => {
    // 'Capa (mm) Núcleo (HRC)' is two columns; in 'Precio por kg' the 'kg' is no column of its own.
    const certificate = textAtStops(['Matriz', 'Dureza (HV)', 'Capa (mm)', 'Núcleo (HRC)'], [['UP-4521-2', '1.050', '0,12', '46']], [0, 11, 23, 33]);
    expect(rowValues(extractFields('nitriding_certificate', certificate))).toEqual([
      { die_reference: 'UP-4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: '46' },
    ]);
    const note = textAtStops(['Matriz', 'Precio por kg', 'Cav.'], [['UP-4530-1', '12,50', '2']], [0, 11, 28]);
    expect(rowValues(extractFields('delivery_note', note))[0]).toMatchObject({ die_reference: 'UP-4530-1', cost: '12.5', weight_kg: null, cavities: '2' });
  });
});

describe('learning label synonyms', () => {
  const lines = [
    'Tratamientos Térmicos Ibéricos S.A.',
    'Certificado de nitrurado Nº CN-2025-0460',
    'Fecha salida: 14/03/2025',
    'Matriz: 4521-2',
    'Dureza Vickers tratada: 1.020',
    'Profundidad de capa: 0,12 mm',
  ];

  it('learns an unusual label from a confirmed value, and reads it the next time', () => {
    const text = textOfLines(lines);
    const first = extractFields('nitriding_certificate', text);
    const hardnessBefore = first.rows[0].find((one) => one.key === 'hardness_hv');
    expect(hardnessBefore).toMatchObject({ value: null, confidence: 0 });

    const confirmed = {
      fields: { certificate_number: 'CN-2025-0460', date_out: '2025-03-14' },
      rows: [{ die_reference: '4521-2', hardness_hv: '1020', case_depth_mm: '0.12', core_hardness_hrc: null }],
    };
    const synonyms = learnSynonyms(text, first, confirmed);
    expect(synonyms).toEqual({ hardness_hv: ['Dureza Vickers tratada'] });

    const second = extractFields('nitriding_certificate', text, synonyms);
    const hardnessAfter = second.rows[0].find((one) => one.key === 'hardness_hv');
    expect(hardnessAfter).toMatchObject({ value: '1020', confidence: 0.9, label: 'Dureza Vickers tratada' });
    expectBox(hardnessAfter?.box, wordBox(text, '1.020'));
  });

  it('learns a header field filled in by hand, and nothing from values already right', () => {
    const text = textOfLines(['Hornos del Sur S.L.', 'Parte de trabajo: PT-2025-77', 'Fecha salida: 14/03/2025']);
    const first = extractFields('nitriding_certificate', text);
    expect(field(first, 'certificate_number').value).toBeNull();
    const synonyms = learnSynonyms(text, first, { fields: { certificate_number: 'PT-2025-77', date_out: '2025-03-14' }, rows: [] });
    expect(synonyms).toEqual({ certificate_number: ['Parte de trabajo'] });
    expect(field(extractFields('nitriding_certificate', text, synonyms), 'certificate_number')).toMatchObject({ value: 'PT-2025-77', confidence: 0.9 });
  });

  it('learns nothing from what does not look like a label', () => {
    const text = textOfLines(['1234 5678 9012: 777']);
    const draft = extractFields('production_order', text);
    expect(learnSynonyms(text, draft, { fields: { pieces: '777' }, rows: [] })).toEqual({});
  });

  it.each([
    ['columns set wide apart', (rows: string[][]) => textOfLines(rows.map((row) => row.join('    ')))],
    ['columns at narrow stops', (rows: string[][]) => textAtStops(rows[0], rows.slice(1), [0, 11, 27, 38])],
  ])('learns the header above a table column from confirmed row values (%s)', (_, layout) => {
    const text = layout([
      ['Matriz', 'Ensayo Vickers', 'Capa (mm)', 'Núcleo (HRC)'],
      ['UP-4521-2', '1.050', '0,12', '46'],
      ['UP-1042-1', '1.020', '0,10', '45'],
    ]);
    const first = extractFields('nitriding_certificate', text);
    expect(rowValues(first).map((row) => row.hardness_hv)).toEqual([null, null]);
    const confirmed = {
      fields: values(first),
      rows: [
        { die_reference: 'UP-4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: '46' },
        { die_reference: 'UP-1042-1', hardness_hv: '1020', case_depth_mm: '0.1', core_hardness_hrc: '45' },
      ],
    };
    const synonyms = learnSynonyms(text, first, confirmed);
    expect(synonyms).toEqual({ hardness_hv: ['Ensayo Vickers'] });

    const second = extractFields('nitriding_certificate', text, synonyms);
    expect(rowValues(second)).toEqual(confirmed.rows);
    const hardness = second.rows[1].find((one) => one.key === 'hardness_hv');
    expect(hardness).toMatchObject({ value: '1020', confidence: 0.85, label: 'Ensayo Vickers' });
    expectBox(hardness?.box, wordBox(text, '1.020'));
  });

  it('learns no header that names another field, nor one over a value read right', () => {
    const text = textOfLines(['Matriz    Dureza sup. (HV)    Capa (mm)    Núcleo (HRC)', 'UP-4521-2    1.050    0,12    46']);
    const first = extractFields('nitriding_certificate', text);
    // The user says the core hardness is 1.050: that number is under the surface hardness's header.
    const confirmed = { fields: {}, rows: [{ die_reference: 'UP-4521-2', hardness_hv: '1050', case_depth_mm: '0.12', core_hardness_hrc: '1050' }] };
    expect(learnSynonyms(text, first, confirmed)).toEqual({});
  });

  it('merges learned labels into stored ones without repeating them', () => {
    expect(mergeSynonyms({ hardness_hv: ['Dureza Vickers'] }, { hardness_hv: ['DUREZA VICKERS', 'Dureza tratada'], remarks: ['Notas de calidad'] })).toEqual({
      hardness_hv: ['Dureza Vickers', 'Dureza tratada'],
      remarks: ['Notas de calidad'],
    });
  });
});

describe('supplierOf', () => {
  it.each([
    [SAMPLE_DOCUMENTS.nitriding_certificate.lines, 'Nitruraciones del Norte S.L.'],
    [SAMPLE_DOCUMENTS.delivery_note.lines, 'Matricería Levante S.A.'],
    [SAMPLE_DOCUMENTS.die_drawing.lines, 'Matricería Levante S.A.'],
    [['CERTIFICADO', 'Cliente: Perfiles Planta S.A.', 'Emitido por: Hornos Galicia'], 'Hornos Galicia'],
    [['Cliente: Perfiles Planta S.A.', 'Proveedor: Tratamientos Ruiz S.L.U.'], 'Tratamientos Ruiz S.L.U.'],
    [['Tratamientos Ruiz', 'Certificado 123'], 'Tratamientos Ruiz'],
  ])('names the supplier of %j', (lines, supplier) => {
    expect(supplierOf(textOfLines(lines))).toBe(supplier);
  });

  it('is null for a document without a letterhead', () => {
    expect(supplierOf(textOfLines(['4521-2    1.050']))).toBeNull();
  });
});

describe('profile drawings without a table header', () => {
  it('reads dimension lines by their shape', () => {
    const draft = extractFields('profile_drawing', textOfLines(['Perfil: P-9001', 'A  Ancho  45,00  ±0,20', 'B  Alto  30,00  +0,15 / -0,05']));
    expect(rowValues(draft)).toEqual([
      { name: 'A', nominal_mm: '45', tolerance_minus_mm: '0.2', tolerance_plus_mm: '0.2' },
      { name: 'B', nominal_mm: '30', tolerance_minus_mm: '0.05', tolerance_plus_mm: '0.15' },
    ]);
    expect(draft.rows[0][1].confidence).toBe(0.7);
  });

  it('reads tolerances printed in columns of their own as sizes', () => {
    const draft = extractFields('profile_drawing', textOfLines(['Cota    Nominal    Tol. inferior    Tol. superior', 'A    45,00    -0,10    +0,25']));
    expect(rowValues(draft)).toEqual([{ name: 'A', nominal_mm: '45', tolerance_minus_mm: '0.1', tolerance_plus_mm: '0.25' }]);
  });
});
