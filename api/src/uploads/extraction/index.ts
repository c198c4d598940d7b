/** The upload agent's offline extraction: pure functions over a document's text (no I/O). */
export { matchDie, normaliseReference, ocrEditDistance, type CatalogueDie, type DieCandidate } from './die-matcher';
export { formatDieReference, matchDieReference, parseDieReference, type DieReference, type DieReferenceMatch } from './die-reference';
export {
  classifyDocument,
  emptyClassifierModel,
  keywordScores,
  learnedScores,
  plainText,
  tokenize,
  trainClassifier,
  type Classification,
  type ClassifierModel,
  type TrainingExample,
  type TypeScore,
} from './document-classifier';
export { SAMPLE_DOCUMENTS, textOfLines, textOfTable, type SampleDocument, type TextLayoutOptions } from './document-samples';
export {
  extractFields,
  learnSynonyms,
  mergeSynonyms,
  readValue,
  RULE_CONFIDENCE,
  supplierOf,
  type ConfirmedDraft,
  type ExtractedDraft,
  type ExtractedField,
  type LabelSynonyms,
} from './field-extractors';
export {
  cleanOcrText,
  foldText,
  formatDecimal,
  matchSpanishDate,
  matchSpanishNumber,
  matchTolerance,
  normalizeLabel,
  parseSpanishDate,
  parseSpanishNumber,
  parseTolerance,
  type Tolerance,
} from './spanish-values';
