import { DIE_TYPES, DOCUMENT_TYPE_SPECS, DOCUMENT_TYPES, NITRIDING_PROCESSES } from '@planta/contracts';
import { allLabelsOf, CHOICE_WORDS, choiceOf, labelsOf } from './field-labels';

describe('field labels', () => {
  it('has Spanish labels for every field of every document type', () => {
    for (const type of DOCUMENT_TYPES) {
      const spec = DOCUMENT_TYPE_SPECS[type];
      for (const field of [...spec.fields, ...(spec.rows?.fields ?? [])])
        expect([type, field.key, labelsOf(field.key).length > 0]).toEqual([type, field.key, true]);
    }
  });

  it('gives several variants for the fields suppliers word differently', () => {
    expect(labelsOf('certificate_number')).toEqual(expect.arrayContaining(['Nº certificado', 'Certificado Nº']));
    expect(labelsOf('hardness_hv')).toEqual(expect.arrayContaining(['Dureza superficial', 'Dureza sup.']));
    expect(labelsOf('case_depth_mm')).toEqual(expect.arrayContaining(['Profundidad de capa', 'Capa nitrurada']));
    expect(labelsOf('date_out')).toContain('Fecha salida');
  });

  it('collects a type’s labels without those of other types', () => {
    const labels = allLabelsOf('nitriding_certificate');
    expect(labels).toContain('Dureza superficial');
    expect(labels).not.toContain('Piezas');
  });
});

describe('choiceOf', () => {
  it('names only options of the spec', () => {
    for (const [key, options] of [
      ['process', NITRIDING_PROCESSES],
      ['die_type', DIE_TYPES],
    ] as const) {
      expect(Object.keys(CHOICE_WORDS[key]).sort()).toEqual([...options].sort());
    }
  });

  it.each([
    ['Nitrurado gaseoso', 'gas', 1],
    ['baño de sales', 'salt_bath', 1],
    ['BANO DE SALES', 'salt_bath', 1],
    ['semi hueca', 'semi_hollow', 1],
    ['hueca', 'hollow', 1],
    ['sélida', 'solid', 0.8],
  ])('reads %s as %s', (text, option, certainty) => {
    const key = option === 'gas' || option === 'salt_bath' ? 'process' : 'die_type';
    const options = key === 'process' ? NITRIDING_PROCESSES : DIE_TYPES;
    expect(choiceOf(key, options, text)).toMatchObject({ option, certainty });
  });

  it('is null for words of no option', () => {
    expect(choiceOf('die_type', DIE_TYPES, 'Estantería A-3')).toBeNull();
    expect(choiceOf('process', NITRIDING_PROCESSES, 'Temple y revenido')).toBeNull();
  });
});
