import { DOCUMENT_TYPE_SPECS, type DocumentType } from '@planta/contracts';
import { foldText, levenshtein, normalizeLabel } from './spanish-values';

/**
 * The Spanish labels each field is printed with. Several variants each, since every supplier words
 * its forms its own way; OCR variants (no accents, 'N?') need no entry of their own, because labels
 * are compared folded and OCR-cleaned. A plant's own extra wordings are learned (LabelSynonyms).
 */
export const FIELD_LABELS: Readonly<Record<string, readonly string[]>> = {
  certificate_number: [
    'Nº certificado',
    'Nº de certificado',
    'Certificado Nº',
    'Certificado de nitrurado Nº',
    'Número de certificado',
    'Cert. Nº',
    'Nº cert.',
    'Certificado',
    'Informe Nº',
    'Nº informe',
  ],
  supplier: ['Proveedor', 'Emitido por', 'Empresa', 'Razón social', 'Suministrador', 'Fabricante'],
  date_in: ['Fecha entrada', 'Fecha de entrada', 'F. entrada', 'Entrada', 'Fecha de recepción', 'Fecha recepción'],
  date_out: ['Fecha salida', 'Fecha de salida', 'F. salida', 'Salida', 'Fecha de expedición', 'Fecha expedición'],
  process: ['Proceso', 'Tipo de nitrurado', 'Tratamiento', 'Método', 'Procedimiento'],
  temperature_c: ['Temperatura', 'Temp.', 'Tª'],
  duration_h: ['Duración', 'Duración del ciclo', 'Tiempo de ciclo', 'Tiempo', 'Horas'],
  remarks: ['Observaciones', 'Obs.', 'Notas', 'Comentarios'],
  die_reference: ['Matriz', 'Matriz Nº', 'Nº matriz', 'Ref. matriz', 'Referencia matriz', 'Código matriz', 'Referencia', 'Ref.'],
  hardness_hv: ['Dureza superficial', 'Dureza sup.', 'Dureza superficie', 'Dureza (HV)', 'Dureza HV', 'Dureza', 'HV'],
  case_depth_mm: ['Profundidad de capa', 'Prof. de capa', 'Prof. capa', 'Capa nitrurada', 'Espesor de capa', 'Capa', 'Profundidad'],
  core_hardness_hrc: ['Dureza del núcleo', 'Dureza de núcleo', 'Dureza núcleo', 'Núcleo', 'HRC'],
  note_number: ['Albarán Nº', 'Nº albarán', 'Nº de albarán', 'Albarán', 'Remito Nº', 'Nº remito', 'Remito', 'Nota de entrega Nº'],
  date: ['Fecha', 'Fecha albarán', 'Fecha del albarán', 'Fecha de emisión', 'Fecha emisión', 'Fecha plano'],
  purchase_order: ['Pedido', 'Nº pedido', 'Nº de pedido', 'Pedido Nº', 'Su pedido', 'Ref. pedido', 'Orden de compra'],
  profile_code: ['Perfil', 'Perfil Nº', 'Nº perfil', 'Código perfil', 'Código de perfil', 'Ref. perfil'],
  die_type: ['Tipo de matriz', 'Tipo matriz', 'Tipo'],
  diameter_mm: ['Diámetro', 'Diámetro exterior', 'Diam.', 'Ø'],
  thickness_mm: ['Espesor', 'Altura', 'Grosor'],
  cavities: ['Cavidades', 'Nº cavidades', 'Cav.', 'Bocas', 'Salidas'],
  weight_kg: ['Peso', 'Peso (kg)', 'Peso neto', 'Kg'],
  cost: ['Importe', 'Precio', 'Precio unitario', 'Coste'],
  customer: ['Cliente', 'Destinatario'],
  press: ['Prensa', 'Prensa / contenedor', 'Contenedor'],
  steel: ['Acero', 'Material', 'Calidad del acero'],
  revision: ['Revisión', 'Rev.', 'Edición'],
  alloy: ['Aleación', 'Aleación / estado'],
  temper: ['Temple', 'Estado', 'Estado de temple'],
  kg_per_m: ['Peso nominal', 'Peso teórico', 'Peso lineal', 'Peso por metro', 'kg/m', 'Peso'],
  finish: ['Acabado', 'Tratamiento superficial'],
  order_number: ['Orden Nº', 'Nº orden', 'Nº de orden', 'Orden de producción Nº', 'Orden de fabricación Nº', 'OP Nº', 'Nº OP', 'OF Nº'],
  length_mm: ['Longitud', 'Longitud de corte', 'Long.', 'Largo'],
  pieces: ['Piezas', 'Nº piezas', 'Nº de piezas', 'Cantidad', 'Unidades', 'Uds.'],
  kg: ['Kilos', 'Kg', 'Peso total', 'Kg totales'],
  due_date: ['Fecha de entrega', 'Fecha entrega', 'Fecha prevista', 'Plazo de entrega', 'Entrega'],
  location: ['Ubicación', 'Almacén', 'Posición', 'Estantería'],
  billets_total: ['Tochos totales', 'Total tochos', 'Nº tochos', 'Tochos'],
  kg_total: ['Kg totales', 'Kilos totales', 'Kg extruidos', 'Kilos', 'Kg'],
  name: ['Cota', 'Dimensión', 'Ref.'],
  nominal_mm: ['Nominal', 'Valor nominal', 'Medida', 'Valor'],
  // Words, not signs: 'Tolerancia -' folds to 'tolerancia', the label of both tolerances in one column.
  tolerance_minus_mm: ['Tolerancia inferior', 'Tol. inferior', 'Tol. inf.', 'Tolerancia negativa'],
  tolerance_plus_mm: ['Tolerancia superior', 'Tol. superior', 'Tol. sup.', 'Tolerancia positiva'],
};

/**
 * Weaker labels, read only when no better one is printed: a certificate's only date is its exit date
 * ('Fecha:'), a drawing's 'Ref.' is its die. Positional guesses, so a lower rule confidence.
 */
export const FALLBACK_LABELS: Partial<Record<DocumentType, Readonly<Record<string, readonly string[]>>>> = {
  nitriding_certificate: { date_out: ['Fecha'] },
  die_drawing: { die_reference: ['Plano Nº', 'Nº plano'] },
};

/** Table columns that are no field of their own but feed one or two (or keep a cell from a neighbour). */
export const EXTRA_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  /** A copy printed in its own column beside the reference. */
  die_copy: ['Copia', 'Nº copia', 'Cop.'],
  /** '250 x 80': diameter and thickness in one cell. */
  diameter_x_thickness: ['Ø x Espesor', 'Ø x e', 'Diámetro x espesor', 'Dimensiones', 'Medidas'],
  /** '±0,20', '+0,15 / -0,05': both tolerances in one cell. */
  tolerance: ['Tolerancia', 'Tolerancias', 'Tol.'],
  description: ['Descripción', 'Denominación', 'Concepto', 'Designación'],
};

/** Text fields that are codes ('CN-2025-0457'): one word that holds a digit, never a sentence. */
export const CODE_FIELDS: ReadonlySet<string> = new Set(['certificate_number', 'note_number', 'purchase_order', 'profile_code', 'order_number']);

/** Spanish words (folded) for each choice option, longest first where one holds another. */
export const CHOICE_WORDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  process: {
    salt_bath: ['bano de sales', 'bano salino', 'sales fundidas', 'salt bath', 'sales', 'tenifer'],
    plasma: ['plasma', 'ionico', 'ionica', 'ion'],
    gas: ['nitrurado gaseoso', 'gaseoso', 'gaseosa', 'gas'],
  },
  die_type: {
    semi_hollow: ['semi hueca', 'semihueca', 'semi-hueca', 'semihueco', 'semi hollow'],
    multi_cavity: ['multi cavidad', 'multicavidad', 'multi-cavidad', 'multiple'],
    hollow: ['hueca', 'hueco', 'tubular', 'hollow'],
    solid: ['solida', 'solido', 'maciza', 'macizo', 'solid'],
  },
};

/** The option a Spanish word names ('Nitrurado gaseoso' → 'gas', 'Sólida' → 'solid'), with how sure: 1 exact, 0.8 one OCR slip. */
export function choiceOf(key: string, options: readonly string[], text: string): { option: string; certainty: number; index: number; length: number } | null {
  const folded = foldText(text);
  const words = CHOICE_WORDS[key] ?? Object.fromEntries(options.map((option) => [option, [option.replace(/_/g, ' ')]]));
  // Phrases before words, so that 'semi hueca' is not read as 'hueca'.
  const entries = Object.entries(words)
    .filter(([option]) => options.includes(option))
    .flatMap(([option, phrases]) => phrases.map((phrase) => ({ option, phrase })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { option, phrase } of entries) {
    const match = new RegExp(`(?<![a-z0-9])${phrase.replace(/[-]/g, '\\-')}(?![a-z0-9])`).exec(folded);
    if (match) return { option, certainty: 1, index: match.index, length: match[0].length };
  }
  // 'sélida' (English OCR of 'sólida'): one edit away from a word of five letters or more.
  const pattern = /[a-z]{5,}/g;
  for (let match = pattern.exec(folded); match; match = pattern.exec(folded)) {
    for (const { option, phrase } of entries) {
      if (!phrase.includes(' ') && phrase.length >= 5 && levenshtein(match[0], phrase) === 1) {
        return { option, certainty: 0.8, index: match.index, length: match[0].length };
      }
    }
  }
  return null;
}

/** The built-in labels of a field. */
export function labelsOf(key: string): readonly string[] {
  return FIELD_LABELS[key] ?? EXTRA_COLUMNS[key] ?? [];
}

/** Every label of a document type (for stopping a value before the next label on its line). */
export function allLabelsOf(type: DocumentType): string[] {
  const spec = DOCUMENT_TYPE_SPECS[type];
  const keys = [...spec.fields, ...(spec.rows?.fields ?? [])].map((field) => field.key);
  const labels = keys.flatMap((key) => [...labelsOf(key), ...(FALLBACK_LABELS[type]?.[key] ?? [])]);
  return [...new Set(labels.filter((label) => normalizeLabel(label).length > 1))];
}
