import { DOCUMENT_TYPES, type DocumentType } from '@planta/contracts';
import type { DocumentText } from '../document-text';
import { cleanOcrText, foldText } from './spanish-values';

/**
 * The document type (domain.md D2.4): keyword scores that work from the first upload, combined with
 * a small multinomial naive Bayes trained on the company's own confirmed documents. The model is
 * plain JSON (token counts per type), so it is stored in a table and updated one document at a time;
 * no library, because the texts are short and the vocabulary is a few thousand words.
 */

/** A keyword (a pattern on the folded, OCR-cleaned text) and how much it says for its type. */
interface Keyword {
  pattern: RegExp;
  weight: number;
}

/** Phrases score more than words: 'plano de matriz' decides, 'matriz' alone hardly. */
export const KEYWORDS: Record<DocumentType, readonly Keyword[]> = {
  nitriding_certificate: [
    { pattern: /certificado de nitrur/, weight: 6 },
    { pattern: /nitrur/, weight: 4 },
    { pattern: /dureza/, weight: 2 },
    { pattern: /\bhv\b/, weight: 2 },
    { pattern: /\bhrc\b/, weight: 1.5 },
    { pattern: /\bcapa\b/, weight: 2 },
    { pattern: /profundidad/, weight: 1.5 },
    { pattern: /nucleo/, weight: 1 },
    { pattern: /temperatura/, weight: 1 },
    { pattern: /\bgaseoso|\bplasma\b|bano de sales/, weight: 1.5 },
  ],
  delivery_note: [
    { pattern: /albaran/, weight: 6 },
    { pattern: /remito/, weight: 6 },
    { pattern: /nota de entrega|albaran de entrega/, weight: 3 },
    { pattern: /\bentrega\b/, weight: 1 },
    { pattern: /cantidad/, weight: 1.5 },
    { pattern: /recibido conforme|firma y sello/, weight: 2 },
    { pattern: /\bimporte\b|\bprecio\b/, weight: 1.5 },
    { pattern: /\bpedido\b/, weight: 1 },
    { pattern: /\bbultos?\b|transportista/, weight: 1.5 },
  ],
  die_drawing: [
    { pattern: /plano de matriz/, weight: 8 },
    { pattern: /\bplano\b/, weight: 1.5 },
    { pattern: /\bescala\b/, weight: 1.5 },
    { pattern: /dibujado|comprobado|\bhoja \d/, weight: 1.5 },
    { pattern: /revision/, weight: 1 },
    { pattern: /ø|diametro/, weight: 1.5 },
    { pattern: /\bacero\b|\bh13\b|1\.2344/, weight: 1.5 },
    { pattern: /cavidades/, weight: 1 },
    { pattern: /\bprensa\b|contenedor/, weight: 1 },
  ],
  profile_drawing: [
    { pattern: /plano de perfil/, weight: 8 },
    { pattern: /\bplano\b/, weight: 1.5 },
    { pattern: /\bcotas?\b/, weight: 2 },
    { pattern: /tolerancia/, weight: 2 },
    { pattern: /kg\/m\b/, weight: 2 },
    { pattern: /±|\+\s?\d+,\d+\s?\/\s?-\s?\d/, weight: 2 },
    { pattern: /\btemple\b|\baleacion\b/, weight: 1 },
    { pattern: /\bescala\b/, weight: 1 },
    { pattern: /anodizad|lacad/, weight: 1 },
  ],
  production_order: [
    { pattern: /orden de (?:produccion|fabricacion)/, weight: 8 },
    { pattern: /\borden\b/, weight: 1 },
    { pattern: /\bpiezas\b/, weight: 2 },
    { pattern: /fecha de entrega/, weight: 2 },
    { pattern: /longitud/, weight: 1.5 },
    { pattern: /\bkilos\b|\bkg\b/, weight: 1 },
    { pattern: /\bpedido\b/, weight: 0.5 },
    { pattern: /embalar|paquetes/, weight: 1 },
  ],
  die_inventory: [
    { pattern: /inventario/, weight: 6 },
    { pattern: /\btochos\b/, weight: 2 },
    { pattern: /ubicacion/, weight: 2 },
    { pattern: /estanteria/, weight: 1 },
  ],
};

/** A line or a spreadsheet row naming at least two of these is an inventory's table header. */
const INVENTORY_HEADER = [/\bmatriz\b|\breferencia\b/, /ubicacion/, /\btochos\b/, /\bcopia\b/, /kg totales|kilos totales/];
const INVENTORY_HEADER_WEIGHT = 6;

/** Softmax temperature of the keyword scores: a difference of 3 points is e to one. */
const KEYWORD_TEMPERATURE = 3;
/** How many confirmed documents weigh as much as the keywords. */
const LEARNED_HALF_WEIGHT = 10;

export interface TypeScore {
  type: DocumentType;
  /** The combined probability, 0..1 (the ranking sums to 1). */
  score: number;
  /** The keyword points (before they are turned into a probability). */
  keywords: number;
  /** The naive Bayes probability, or null without a trained model. */
  learned: number | null;
}

export interface Classification {
  type: DocumentType;
  /** The chosen type's probability, 0..1. */
  confidence: number;
  /** Every type, most likely first. */
  ranking: TypeScore[];
}

/** Token counts per type: JSON, stored per company and updated as documents are confirmed. */
export interface ClassifierModel {
  version: 1;
  types: Partial<Record<DocumentType, { documents: number; tokens: Record<string, number>; total: number }>>;
}

export interface TrainingExample {
  type: DocumentType;
  text: string | DocumentText;
}

export function emptyClassifierModel(): ClassifierModel {
  return { version: 1, types: {} };
}

/** The plain text of a document (lines in order; a spreadsheet's rows tab-separated). */
export function plainText(text: string | DocumentText): string {
  if (typeof text === 'string') return text;
  const lines = text.pages.flatMap((page) => page.lines.map((line) => line.words.map((word) => word.text).join(' ')));
  const rows = (text.table ?? []).map((row) => row.join('\t'));
  return [...lines, ...rows].join('\n');
}

function foldedText(text: string | DocumentText): string {
  return foldText(cleanOcrText(plainText(text)));
}

/** Keyword points per type. */
export function keywordScores(text: string | DocumentText): Record<DocumentType, number> {
  const folded = foldedText(text);
  const scores = Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, 0])) as Record<DocumentType, number>;
  for (const type of DOCUMENT_TYPES) {
    for (const { pattern, weight } of KEYWORDS[type]) {
      const count = (folded.match(new RegExp(pattern.source, 'g')) ?? []).length;
      // A word printed on every row says little more than printed once.
      if (count > 0) scores[type] += weight * Math.min(2, 1 + Math.log10(count));
    }
  }
  const headerLines = folded.split('\n');
  if (headerLines.some((line) => INVENTORY_HEADER.filter((pattern) => pattern.test(line)).length >= 2)) scores.die_inventory += INVENTORY_HEADER_WEIGHT;
  return scores;
}

const STOPWORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'en', 'y', 'a', 'por', 'con', 'para', 'un', 'una', 'al', 'se', 'su', 'sin', 'o']);

/** Word tokens: folded, letters only (numbers and codes differ on every document), two letters or more. */
export function tokenize(text: string | DocumentText): string[] {
  return (foldedText(text).match(/[a-zñø]{2,}/g) ?? []).filter((token) => !STOPWORDS.has(token));
}

/** The model with more confirmed documents counted in (a new object; the old one is unchanged). */
export function trainClassifier(examples: readonly TrainingExample[], model: ClassifierModel = emptyClassifierModel()): ClassifierModel {
  const next: ClassifierModel = JSON.parse(JSON.stringify(model));
  for (const example of examples) {
    const entry = (next.types[example.type] ??= { documents: 0, tokens: {}, total: 0 });
    entry.documents += 1;
    for (const token of tokenize(example.text)) {
      entry.tokens[token] = (entry.tokens[token] ?? 0) + 1;
      entry.total += 1;
    }
  }
  return next;
}

/**
 * The naive Bayes probability of each type. Types without examples keep a flat model (every word
 * equally likely), so a text unlike anything confirmed is not pulled to the trained types. The
 * log-likelihoods are tempered by √(tokens): words of one document are far from independent.
 */
export function learnedScores(text: string | DocumentText, model: ClassifierModel): Record<DocumentType, number> | null {
  const trained = DOCUMENT_TYPES.filter((type) => (model.types[type]?.documents ?? 0) > 0);
  if (trained.length === 0) return null;
  const vocabulary = new Set(trained.flatMap((type) => Object.keys(model.types[type]?.tokens ?? {})));
  const size = vocabulary.size + 1;
  const documents = trained.reduce((sum, type) => sum + (model.types[type]?.documents ?? 0), 0);
  const tokens = tokenize(text);
  const temperature = Math.max(1, Math.sqrt(tokens.length));
  const logs = DOCUMENT_TYPES.map((type) => {
    const entry = model.types[type];
    let log = Math.log(((entry?.documents ?? 0) + 1) / (documents + DOCUMENT_TYPES.length));
    for (const token of tokens) log += Math.log(((entry?.tokens[token] ?? 0) + 1) / ((entry?.total ?? 0) + size)) / temperature;
    return log;
  });
  return Object.fromEntries(softmax(logs).map((probability, index) => [DOCUMENT_TYPES[index], probability])) as Record<DocumentType, number>;
}

function softmax(values: number[]): number[] {
  const top = Math.max(...values);
  const exps = values.map((value) => Math.exp(value - top));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/**
 * The most likely type of a document, its probability and the whole ranking. Keywords alone without
 * a model; with one, its weight grows with the confirmed documents behind it (n / (n + 10)).
 */
export function classifyDocument(text: string | DocumentText, model?: ClassifierModel | null): Classification {
  const keywords = keywordScores(text);
  const fromKeywords = softmax(DOCUMENT_TYPES.map((type) => keywords[type] / KEYWORD_TEMPERATURE));
  const learned = model ? learnedScores(text, model) : null;
  const documents = model ? Object.values(model.types).reduce((sum, entry) => sum + (entry?.documents ?? 0), 0) : 0;
  const weight = learned ? documents / (documents + LEARNED_HALF_WEIGHT) : 0;
  const ranking: TypeScore[] = DOCUMENT_TYPES.map((type, index) => ({
    type,
    score: round((1 - weight) * fromKeywords[index] + weight * (learned?.[type] ?? 0)),
    keywords: round(keywords[type]),
    learned: learned ? round(learned[type]) : null,
  })).sort((a, b) => b.score - a.score || DOCUMENT_TYPES.indexOf(a.type) - DOCUMENT_TYPES.indexOf(b.type));
  return { type: ranking[0].type, confidence: ranking[0].score, ranking };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
