/**
 * The text of an uploaded document as every reader hands it to the extractors: pages of lines of
 * words, each with its box. Boxes are fractions of the page (0..1 from the top-left corner), so the
 * review screen draws them over a page image of any size.
 */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextWord {
  text: string;
  box: TextBox;
  /** 0..1: 1 for a PDF's text layer and a spreadsheet's cells, the OCR engine's word confidence for a scan. */
  confidence: number;
}

/** Words that share a baseline, left to right. */
export interface TextLine {
  text: string;
  words: TextWord[];
  box: TextBox;
  confidence: number;
}

export interface DocumentPage {
  /** 1-based. */
  number: number;
  /** Points (PDF) or pixels (image). */
  width: number;
  height: number;
  /** True when the lines came from OCR of a page image. */
  ocr: boolean;
  lines: TextLine[];
}

export type TextSource = 'pdf-text' | 'ocr' | 'spreadsheet';

export interface DocumentText {
  source: TextSource;
  pages: DocumentPage[];
  /** A spreadsheet's or CSV's first sheet as rows of cells (also laid out as lines on page 1). */
  table?: string[][];
}

/** The box around several boxes. */
export function unionBox(boxes: TextBox[]): TextBox | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
