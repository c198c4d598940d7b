import { unionBox, type DocumentText, type TextBox } from '../document-text';
import { cleanOcrText, foldText, levenshtein, normalizeLabel } from './spanish-values';

/**
 * The document's lines as the extractors read them: OCR-cleaned words with their character offsets
 * in the line's text (so a regex match maps back to word boxes), the line split into cells at wide
 * gaps (columns of a table, or a label and its value set apart), and label search on the folded text.
 */

export interface LineWord {
  /** The word as printed, OCR clean-ups applied ('N?' → 'Nº'). */
  text: string;
  box: TextBox;
  confidence: number;
  /** Offsets in the line's `text`. */
  start: number;
  end: number;
}

/** Words of a line between two wide gaps. */
export interface LineCell {
  start: number;
  end: number;
  text: string;
  box: TextBox;
}

export interface LineView {
  page: number;
  /** The line's position in the whole document (pages in order). */
  order: number;
  /** The words joined by single spaces. */
  text: string;
  /** `text` folded (lower case, no accents), same length. */
  folded: string;
  words: LineWord[];
  cells: LineCell[];
  box: TextBox;
}

/** A gap wider than this many characters separates two cells (one space is about one character). */
const CELL_GAP_CHARS = 1.6;

/** Every line of the document, in reading order. */
export function viewLines(document: DocumentText): LineView[] {
  const views: LineView[] = [];
  for (const page of document.pages) {
    for (const line of page.lines) {
      const words = lineWords(line.words);
      if (words.length === 0) continue;
      const text = words.map((word) => word.text).join(' ');
      views.push({ page: page.number, order: views.length, text, folded: foldText(text), words, cells: splitCells(text, words), box: line.box });
    }
  }
  return views;
}

/** A reader's words split at spaces (pdf.js gives whole strings), cleaned, placed in the line text. */
function lineWords(words: { text: string; box: TextBox; confidence: number }[]): LineWord[] {
  const parts: Omit<LineWord, 'start' | 'end'>[] = [];
  for (const word of words) {
    const pattern = /\S+/g;
    for (let match = pattern.exec(word.text); match; match = pattern.exec(word.text)) {
      const box = subBox(word.box, word.text.length, match.index, match.index + match[0].length);
      parts.push({ text: cleanOcrText(match[0]), box, confidence: word.confidence });
    }
  }
  // '510 *C' read as two words: the star is a degree sign after a number.
  parts.forEach((part, index) => {
    if (/^[*º][Cc]\b/.test(part.text) && index > 0 && /\d$/.test(parts[index - 1].text)) part.text = `°${part.text.slice(1)}`;
  });
  let offset = 0;
  return parts.map((part) => {
    const placed = { ...part, start: offset, end: offset + part.text.length };
    offset = placed.end + 1;
    return placed;
  });
}

/** The part of a word's box that its characters `start..end` take (characters of equal width). */
function subBox(box: TextBox, length: number, start: number, end: number): TextBox {
  if (length <= 0 || (start === 0 && end >= length)) return box;
  const charWidth = box.width / length;
  return { x: box.x + start * charWidth, y: box.y, width: (end - start) * charWidth, height: box.height };
}

function splitCells(text: string, words: LineWord[]): LineCell[] {
  const charWidths = words.map((word) => word.box.width / Math.max(1, word.text.length)).sort((a, b) => a - b);
  const charWidth = charWidths[Math.floor(charWidths.length / 2)] || 0.01;
  const cells: LineWord[][] = [[words[0]]];
  for (let index = 1; index < words.length; index++) {
    const previous = words[index - 1].box;
    const gap = words[index].box.x - (previous.x + previous.width);
    if (gap > CELL_GAP_CHARS * charWidth) cells.push([]);
    cells[cells.length - 1].push(words[index]);
  }
  return cells.map((cellWords) => {
    const start = cellWords[0].start;
    const end = cellWords[cellWords.length - 1].end;
    return { start, end, text: text.slice(start, end), box: unionBox(cellWords.map((word) => word.box)) as TextBox };
  });
}

/** The box and the lowest word confidence of the characters `start..end` of a line. */
export function spanOf(line: LineView, start: number, end: number): { box: TextBox; confidence: number } | null {
  const boxes: TextBox[] = [];
  let confidence = 1;
  for (const word of line.words) {
    const from = Math.max(start, word.start);
    const to = Math.min(end, word.end);
    if (from >= to) continue;
    boxes.push(subBox(word.box, word.text.length, from - word.start, to - word.start));
    confidence = Math.min(confidence, word.confidence);
  }
  const box = unionBox(boxes);
  return box ? { box, confidence } : null;
}

/** The cell of a line that holds a character offset. */
export function cellAt(line: LineView, offset: number): LineCell | null {
  return line.cells.find((cell) => offset >= cell.start && offset < cell.end) ?? null;
}

/** A label to look for: its text and the pattern that finds it in a folded line. */
export interface CompiledLabel {
  text: string;
  /** Its folded tokens ('Nº certificado' → ['no', 'certificado']). */
  tokens: string[];
  pattern: RegExp;
}

const WORD_CHAR = 'a-z0-9ø';

export function compileLabel(text: string): CompiledLabel {
  const tokens = normalizeLabel(text).split(' ').filter(Boolean);
  const escaped = tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![${WORD_CHAR}])${escaped.join(`[^${WORD_CHAR}]{0,3}`)}(?![${WORD_CHAR}])`, 'g');
  return { text, tokens, pattern };
}

/** Where a label was found: offsets in the line's text. */
export interface LabelHit {
  line: LineView;
  start: number;
  end: number;
  /** The label's text as printed on the document. */
  printed: string;
}

/** Every place a label is printed on a line. */
export function findLabel(line: LineView, label: CompiledLabel): LabelHit[] {
  if (label.tokens.length === 0) return [];
  const hits: LabelHit[] = [];
  const pattern = new RegExp(label.pattern.source, 'g');
  for (let match = pattern.exec(line.folded); match; match = pattern.exec(line.folded)) {
    hits.push({ line, start: match.index, end: match.index + match[0].length, printed: line.text.slice(match.index, match.index + match[0].length) });
  }
  return hits;
}

/**
 * A label printed with a small OCR error ('Temperatuta'): consecutive words whose folded letters are
 * within one edit per five characters of the label's. Labels shorter than five letters are not
 * guessed (too many words are that close to 'Capa').
 */
export function findLabelFuzzy(line: LineView, label: CompiledLabel): LabelHit[] {
  const target = label.tokens.join(' ');
  if (target.replace(/ /g, '').length < 5) return [];
  const allowed = Math.floor(target.length / 5);
  const hits: LabelHit[] = [];
  const count = label.tokens.length;
  for (let index = 0; index + count <= line.words.length; index++) {
    const words = line.words.slice(index, index + count);
    const candidate = normalizeLabel(words.map((word) => word.text).join(' '));
    const distance = levenshtein(candidate, target);
    if (distance > 0 && distance <= allowed) {
      const start = words[0].start;
      // The label's own trailing colon is no part of the value.
      const end = words[count - 1].end;
      hits.push({ line, start, end, printed: line.text.slice(start, end).replace(/[:.\s]+$/, '') });
    }
  }
  return hits;
}
