import type { OcrProgress } from './ocr-engine';

/** What the uploader sees while a document is read ("Leyendo PDF", "OCR página 2/3 · 60 %"). */
export type ReadingProgress = { stage: 'pdf' } | { stage: 'image' } | { stage: 'spreadsheet' } | OcrProgress;

/** The Spanish label of a progress event, for the live upload status. */
export function progressLabel(progress: ReadingProgress): string {
  switch (progress.stage) {
    case 'pdf':
      return 'Leyendo PDF';
    case 'image':
      return 'Leyendo imagen';
    case 'spreadsheet':
      return 'Leyendo hoja de cálculo';
    case 'ocr': {
      const percent = Math.round(progress.progress * 100);
      return `OCR página ${progress.page}/${progress.pages} · ${percent} %`;
    }
  }
}
