import { OCR_DIGIT_CONFUSIONS } from './die-reference';

/**
 * Die linking (domain.md D2.5): a reference read from a document, matched against the company's
 * catalogue of die copies. An edit distance in which OCR's usual confusions (Z↔2, O↔0, S↔5, B↔8,
 * I/l↔1, G↔6) cost little, so that '4521-Z' proposes '4521-2' before '4521-1'. No library: the
 * strings are short and the catalogue of one plant holds hundreds of dies, not millions.
 */

export interface CatalogueDie {
  id: number | string;
  reference: string;
  copy_number: number;
}

export interface DieCandidate {
  id: number | string;
  reference: string;
  copy_number: number;
  /** 'reference-copy' as the review screen shows it. */
  label: string;
  /** 1 for the same reference and copy; less the more edits the read text needs. */
  score: number;
}

/** A substitution of two characters OCR confuses. */
const CONFUSION_COST = 0.25;
/** One separator read for another ('/' for '-'). */
const SEPARATOR_COST = 0.1;
/** A separator missed or added ('45212' for '4521-2'): cheaper than a digit, dearer than a confusion. */
const SEPARATOR_GAP_COST = 0.5;
/** A die named without its copy can still be any copy of the reference, a little less surely. */
const WITHOUT_COPY_FACTOR = 0.9;

const SEPARATORS = new Set(['-', '/', '.', ' ', '_']);

/** The digit a character stands for when OCR misreads it, or the character itself. */
function digitOf(char: string): string {
  return OCR_DIGIT_CONFUSIONS[char] ?? char;
}

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (SEPARATORS.has(a) && SEPARATORS.has(b)) return SEPARATOR_COST;
  if (digitOf(a) === digitOf(b)) return CONFUSION_COST;
  return 1;
}

function gapCost(char: string): number {
  return SEPARATORS.has(char) ? SEPARATOR_GAP_COST : 1;
}

/** The edit distance of two references with OCR confusions and separators made cheap (case-insensitive). */
export function ocrEditDistance(left: string, right: string): number {
  const a = normaliseReference(left);
  const b = normaliseReference(right);
  let previous = [0];
  for (let j = 1; j <= b.length; j++) previous[j] = previous[j - 1] + gapCost(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    const current = [previous[0] + gapCost(a[i - 1])];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + gapCost(a[i - 1]), current[j - 1] + gapCost(b[j - 1]), previous[j - 1] + substitutionCost(a[i - 1], b[j - 1]));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 'Matriz 4521 copia 2' → '4521-2': upper case, words for the copy turned into a dash, spaces gone. */
export function normaliseReference(text: string): string {
  return text
    .toUpperCase()
    .replace(/^\s*(?:MATRIZ|REF\.?|REFERENCIA)\s*[:.]?\s*/, '')
    .replace(/\s*(?:,\s*)?(?:COPIA|COP\.|CP\.?|C\/)\s*/g, '-')
    .replace(/\s*([-/])\s*/g, '$1')
    .replace(/\s+/g, '')
    .replace(/\//g, '-');
}

/** 1 − distance / length: 1 for the same text, 0 for nothing in common. */
function similarity(read: string, candidate: string): number {
  const length = Math.max(normaliseReference(read).length, normaliseReference(candidate).length, 1);
  return Math.max(0, 1 - ocrEditDistance(read, candidate) / length);
}

/**
 * The catalogue's dies closest to a reference read from a document, best first (at most `limit`,
 * 3 for the review screen). A read reference without a copy ('4521') is compared with the
 * catalogue's references alone.
 */
export function matchDie(read: string, catalogue: readonly CatalogueDie[], limit = 3): DieCandidate[] {
  const normalised = normaliseReference(read);
  if (!normalised) return [];
  const scored = catalogue.map((die) => {
    const label = `${die.reference}-${die.copy_number}`;
    const withCopy = similarity(normalised, label);
    const withoutCopy = similarity(normalised, die.reference) * WITHOUT_COPY_FACTOR;
    return { id: die.id, reference: die.reference, copy_number: die.copy_number, label, score: round(Math.max(withCopy, withoutCopy)) };
  });
  return scored.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label, 'es', { numeric: true })).slice(0, limit);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
