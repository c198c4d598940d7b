import { DOCUMENT_TYPE_SPECS, type DieCandidate, type DocumentType, type ExtractedFieldView } from '@planta/contracts';
import type { DocumentText } from './document-text';
import {
  classifyDocument,
  extractFields,
  matchDie,
  normalizeLabel,
  supplierOf,
  trainClassifier,
  type ExtractedDraft,
  type LabelSynonyms,
  type TrainingExample,
} from './extraction';
import { DocumentRefused, progressLabel, type PageImage } from './reading/document-reader';
import { readInReaderProcess, renderInReaderProcess, type ReaderLimits } from './reading/reader-process';
import type { ArchiveLimits } from './reading/zip-archive';

export type { TrainingExample };

/** Each supplier's learnt labels per document type (document_learning). */
export type LearnedSynonyms = Record<string, Partial<Record<DocumentType, LabelSynonyms>>>;

/** What the agent knows of the company when it reads one of its documents. */
export interface AgentContext {
  examples: TrainingExample[];
  synonyms: LearnedSynonyms;
  catalogue: { id: number; reference: string; copy_number: number; state: string }[];
}

/** The page sizes the review draws its boxes on; `image_file_id`: a page image kept at reading (a TIFF's). */
export interface PageInfo {
  number: number;
  width: number;
  height: number;
  ocr: boolean;
  image: boolean;
  image_file_id?: number;
}

export interface ReadUpload {
  text: DocumentText;
  pages: PageInfo[];
  /** A page image that only reading could make (TIFF, through the OCR engine). */
  keptImage: PageImage | null;
}

export type ReadProgress = { stage: 'pdf' | 'ocr' | 'spreadsheet' | 'image'; label: string; page: number | null; pages: number | null; progress: number };

export const isRefusal = (error: unknown): error is DocumentRefused => error instanceof DocumentRefused;

/** Reads a document into text with boxes (text layer, OCR or spreadsheet) in a reader process, bounded in pages, time and memory. */
export async function readUpload(
  bytes: Buffer,
  options: { maxPages: number; archive: ArchiveLimits; limits: ReaderLimits; onProgress: (progress: ReadProgress) => void },
): Promise<ReadUpload> {
  const result = await readInReaderProcess(bytes, {
    maxPages: options.maxPages,
    archive: options.archive,
    limits: options.limits,
    onProgress: (progress) =>
      options.onProgress({
        stage: progress.stage,
        label: progressLabel(progress),
        page: progress.stage === 'ocr' ? progress.page : null,
        pages: progress.stage === 'ocr' ? progress.pages : null,
        progress: progress.stage === 'ocr' ? progress.progress : 0,
      }),
  });
  const hasImage = result.kind !== 'xlsx' && result.kind !== 'csv';
  const { keptImage } = result;
  return {
    text: result.text,
    pages: result.text.pages.map((page) => ({
      number: page.number,
      width: page.width,
      height: page.height,
      ocr: page.ocr,
      image: hasImage && (result.kind !== 'tiff' || keptImage !== null),
    })),
    keptImage,
  };
}

/** A page as the review shows it: a PDF's page rendered (in a reader process), a photo as it came; null where reading kept the image (TIFF) or there is none. */
export async function renderPageImage(bytes: Buffer, kind: string, page: number, limits: ReaderLimits): Promise<PageImage | null> {
  if (kind === 'pdf') return { contentType: 'image/png', data: await renderInReaderProcess(bytes, page, limits) };
  if ((kind === 'png' || kind === 'jpeg') && page === 1) return { contentType: kind === 'png' ? 'image/png' : 'image/jpeg', data: bytes };
  return null;
}

/** The key a supplier's learning is kept under: its name without case, accents or punctuation. */
export const supplierKey = (name: string | null | undefined) => normalizeLabel(name ?? '').slice(0, 120);

export interface DocumentAnalysis {
  docType: DocumentType;
  proposedType: DocumentType;
  typeConfidence: number;
  supplier: string;
  fields: ExtractedFieldView[];
  rows: ExtractedFieldView[][];
  candidates: Record<string, DieCandidate[]>;
  dies: string;
  confidence: number | null;
  searchText: string;
}

/**
 * The draft of a document: its type (the classifier trained on the company's confirmed documents,
 * unless the reviewer chose one), its fields read with the supplier's learnt labels, and the
 * catalogue's best dies for each die value.
 */
export function analyseDocument(text: DocumentText, context: AgentContext & { requestedType: DocumentType | null }): DocumentAnalysis {
  const classification = classifyDocument(text, context.examples.length > 0 ? trainClassifier(context.examples) : null);
  const docType = context.requestedType ?? classification.type;
  const printedSupplier = supplierOf(text) ?? '';
  const draft = extractFields(docType, text, context.synonyms[supplierKey(printedSupplier)]?.[docType] ?? {});
  const supplier = draft.fields.find((field) => field.key === 'supplier')?.value ?? printedSupplier;
  // The supplier field may read better than the letterhead: its labels count too.
  const learnt = context.synonyms[supplierKey(supplier)]?.[docType];
  const final = learnt && supplierKey(supplier) !== supplierKey(printedSupplier) ? extractFields(docType, text, learnt) : draft;
  const candidates: Record<string, DieCandidate[]> = {};
  const dies: string[] = [];
  const offer = (key: string, value: string | null) => {
    if (!value) return;
    dies.push(value);
    candidates[key] = matchDie(value, context.catalogue).map((match) => ({
      die_id: Number(match.id),
      label: match.label,
      state: context.catalogue.find((die) => die.id === Number(match.id))?.state ?? '',
      score: match.score,
    }));
  };
  offer('header', final.fields.find((field) => field.key === 'die_reference')?.value ?? null);
  final.rows.forEach((row, index) => offer(String(index), row.find((field) => field.key === 'die_reference')?.value ?? null));
  const numbers = final.fields.filter((field) => /number|order/.test(field.key) && field.value).map((field) => field.value);
  return {
    docType,
    proposedType: classification.type,
    typeConfidence: classification.confidence,
    supplier,
    fields: final.fields,
    rows: final.rows,
    candidates,
    dies: [...new Set(dies)].join(', '),
    confidence: overallConfidence(docType, final),
    searchText: [supplier, ...numbers, ...dies].join(' '),
  };
}

/** The mean confidence of the values a confirmation needs (the list's 'confianza'). */
function overallConfidence(docType: DocumentType, draft: ExtractedDraft): number | null {
  const spec = DOCUMENT_TYPE_SPECS[docType];
  const required = new Set([...spec.fields, ...(spec.rows?.fields ?? [])].filter((field) => field.required).map((field) => field.key));
  const values = [...draft.fields, ...draft.rows.flat()].filter((field) => required.has(field.key)).map((field) => field.confidence);
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1000) / 1000;
}
