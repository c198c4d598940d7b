import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { correctionEndpoints, type CorrectionCanvas } from '@planta/contracts';
import { useCan } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';
import { correctionCanvasPath } from '../pages/correction.model';

/**
 * Where the record's marking canvas shows on the record and report pages: 'Abrir lienzo' to mark
 * it (/apps/testCanvas/:id), for those who may save it and never on a share link. The read-only
 * preview of the marks (correction-canvas-preview.tsx) goes here.
 */
export function CorrectionCanvasSlot({
  recordId,
  canvas,
  shared,
}: {
  recordId: number;
  canvas: CorrectionCanvas | null;
  drawingFileId: number | null;
  shared: boolean;
}) {
  const { t } = useTranslation(DIESHOP_NS);
  const mayMark = useCan(correctionEndpoints.canvas) && !shared;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="correction-canvas-slot">
      {canvas === null || canvas.items.length === 0 ? <Text>{t('correctionCanvas.none')}</Text> : null}
      {mayMark ? <RouterLink to={correctionCanvasPath(recordId)}>{t('correctionCanvas.open')}</RouterLink> : null}
    </div>
  );
}
