import { correctionEndpoints, type CorrectionCanvas } from '@planta/contracts';
import { useCan } from '@planta/ui';
import { correctionCanvasPath } from '../pages/correction.model';
import { CorrectionCanvasPreview } from './correction-canvas-preview';

/**
 * The record's marking canvas on the record and report pages: the marks over the drawing, read
 * only, with 'Abrir lienzo' (/apps/testCanvas/:id) for those who may save it, never on a share link.
 */
export function CorrectionCanvasSlot({
  recordId,
  canvas,
  drawingUrl,
  shared,
}: {
  recordId: number;
  canvas: CorrectionCanvas | null;
  drawingUrl: string | null;
  shared: boolean;
}) {
  const mayMark = useCan(correctionEndpoints.canvas) && !shared;
  return <CorrectionCanvasPreview canvas={canvas} drawingUrl={drawingUrl} to={mayMark ? correctionCanvasPath(recordId) : undefined} />;
}
