import { DIE_TYPES, NITRIDING_PROCESSES } from '../dieshop.schema';

/**
 * What the upload agent reads (domain.md D1): each document type, its fields in the document's
 * order and the rows of its table. Written once: the extractors fill these keys, the review form
 * shows them, and confirming maps them to the die shop's records.
 */
export const DOCUMENT_TYPES = ['nitriding_certificate', 'delivery_note', 'die_drawing', 'profile_drawing', 'production_order', 'die_inventory'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  nitriding_certificate: 'Certificado de nitrurado',
  delivery_note: 'Albarán de entrega de matrices',
  die_drawing: 'Plano de matriz',
  profile_drawing: 'Plano de perfil del cliente',
  production_order: 'Orden de producción',
  die_inventory: 'Inventario de matrices',
};

/**
 * text: free text; number: a decimal written with a point once read ('0.12', '1050');
 * integer; date: ISO 'yyyy-mm-dd'; die: a die copy reference 'reference-copy' ('4521-2');
 * choice: one of `options`.
 */
export type DocumentFieldKind = 'text' | 'number' | 'integer' | 'date' | 'die' | 'choice';

export interface DocumentFieldSpec {
  key: string;
  label: string;
  kind: DocumentFieldKind;
  required?: boolean;
  options?: readonly string[];
  /** Unit shown beside the value. */
  unit?: string;
}

export interface DocumentTypeSpec {
  type: DocumentType;
  /** The header's fields, in the order a document of this type shows them. */
  fields: readonly DocumentFieldSpec[];
  /** The table of the document (dies of a certificate, lines of a delivery note, dimensions of a drawing). */
  rows?: { label: string; fields: readonly DocumentFieldSpec[]; min: number };
}

const dieRef = (): DocumentFieldSpec => ({ key: 'die_reference', label: 'Matriz (referencia-copia)', kind: 'die', required: true });

export const DOCUMENT_TYPE_SPECS: Record<DocumentType, DocumentTypeSpec> = {
  nitriding_certificate: {
    type: 'nitriding_certificate',
    fields: [
      { key: 'certificate_number', label: 'Nº de certificado', kind: 'text', required: true },
      { key: 'supplier', label: 'Proveedor', kind: 'text', required: true },
      { key: 'date_in', label: 'Fecha de entrada', kind: 'date' },
      { key: 'date_out', label: 'Fecha de salida', kind: 'date', required: true },
      { key: 'process', label: 'Proceso', kind: 'choice', options: NITRIDING_PROCESSES },
      { key: 'temperature_c', label: 'Temperatura', kind: 'number', unit: '°C' },
      { key: 'duration_h', label: 'Duración', kind: 'number', unit: 'h' },
      { key: 'remarks', label: 'Observaciones', kind: 'text' },
    ],
    rows: {
      label: 'Matrices',
      min: 1,
      fields: [
        dieRef(),
        { key: 'hardness_hv', label: 'Dureza superficial', kind: 'integer', unit: 'HV', required: true },
        { key: 'case_depth_mm', label: 'Profundidad de capa', kind: 'number', unit: 'mm', required: true },
        { key: 'core_hardness_hrc', label: 'Dureza del núcleo', kind: 'number', unit: 'HRC' },
      ],
    },
  },
  delivery_note: {
    type: 'delivery_note',
    fields: [
      { key: 'note_number', label: 'Nº de albarán', kind: 'text', required: true },
      { key: 'supplier', label: 'Proveedor', kind: 'text', required: true },
      { key: 'date', label: 'Fecha', kind: 'date', required: true },
      { key: 'purchase_order', label: 'Pedido', kind: 'text' },
    ],
    rows: {
      label: 'Líneas',
      min: 1,
      fields: [
        dieRef(),
        { key: 'profile_code', label: 'Perfil', kind: 'text' },
        { key: 'die_type', label: 'Tipo de matriz', kind: 'choice', options: DIE_TYPES },
        { key: 'diameter_mm', label: 'Diámetro', kind: 'number', unit: 'mm' },
        { key: 'thickness_mm', label: 'Espesor', kind: 'number', unit: 'mm' },
        { key: 'cavities', label: 'Cavidades', kind: 'integer' },
        { key: 'weight_kg', label: 'Peso', kind: 'number', unit: 'kg' },
        { key: 'cost', label: 'Coste', kind: 'number', unit: '€' },
      ],
    },
  },
  die_drawing: {
    type: 'die_drawing',
    fields: [
      dieRef(),
      { key: 'profile_code', label: 'Perfil', kind: 'text', required: true },
      { key: 'customer', label: 'Cliente', kind: 'text' },
      { key: 'diameter_mm', label: 'Diámetro', kind: 'number', unit: 'mm' },
      { key: 'thickness_mm', label: 'Espesor', kind: 'number', unit: 'mm' },
      { key: 'cavities', label: 'Cavidades', kind: 'integer' },
      { key: 'press', label: 'Prensa', kind: 'text' },
      { key: 'steel', label: 'Acero', kind: 'text' },
      { key: 'revision', label: 'Revisión', kind: 'text' },
      { key: 'date', label: 'Fecha', kind: 'date' },
    ],
  },
  profile_drawing: {
    type: 'profile_drawing',
    fields: [
      { key: 'profile_code', label: 'Perfil', kind: 'text', required: true },
      { key: 'customer', label: 'Cliente', kind: 'text' },
      { key: 'alloy', label: 'Aleación', kind: 'text' },
      { key: 'temper', label: 'Temple', kind: 'text' },
      { key: 'kg_per_m', label: 'Peso nominal', kind: 'number', unit: 'kg/m' },
      { key: 'finish', label: 'Acabado', kind: 'text' },
      { key: 'revision', label: 'Revisión', kind: 'text' },
    ],
    rows: {
      label: 'Cotas críticas',
      min: 0,
      fields: [
        { key: 'name', label: 'Cota', kind: 'text', required: true },
        { key: 'nominal_mm', label: 'Nominal', kind: 'number', unit: 'mm', required: true },
        { key: 'tolerance_minus_mm', label: 'Tolerancia −', kind: 'number', unit: 'mm', required: true },
        { key: 'tolerance_plus_mm', label: 'Tolerancia +', kind: 'number', unit: 'mm', required: true },
      ],
    },
  },
  production_order: {
    type: 'production_order',
    fields: [
      { key: 'order_number', label: 'Nº de orden', kind: 'text', required: true },
      { key: 'customer', label: 'Cliente', kind: 'text', required: true },
      { key: 'profile_code', label: 'Perfil', kind: 'text', required: true },
      dieRef(),
      { key: 'alloy', label: 'Aleación', kind: 'text', required: true },
      { key: 'length_mm', label: 'Longitud', kind: 'integer', unit: 'mm', required: true },
      { key: 'pieces', label: 'Piezas', kind: 'integer', required: true },
      { key: 'kg', label: 'Kilos', kind: 'number', unit: 'kg', required: true },
      { key: 'due_date', label: 'Fecha de entrega', kind: 'date', required: true },
      { key: 'finish', label: 'Acabado', kind: 'text' },
    ],
  },
  die_inventory: {
    type: 'die_inventory',
    fields: [],
    rows: {
      label: 'Matrices',
      min: 1,
      fields: [
        dieRef(),
        { key: 'profile_code', label: 'Perfil', kind: 'text' },
        { key: 'die_type', label: 'Tipo de matriz', kind: 'choice', options: DIE_TYPES },
        { key: 'location', label: 'Ubicación', kind: 'text' },
        { key: 'billets_total', label: 'Tochos totales', kind: 'integer' },
        { key: 'kg_total', label: 'Kilos totales', kind: 'number', unit: 'kg' },
      ],
    },
  },
};

/** Each field's Spanish name by its key (a key is the same field in every document type). */
export const DOCUMENT_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(DOCUMENT_TYPE_SPECS)
    .flatMap((spec) => [...spec.fields, ...(spec.rows?.fields ?? [])])
    .map((field) => [field.key, field.label]),
);
