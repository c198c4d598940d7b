import { makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { CorrectionCanvas } from '@planta/contracts';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionCanvasTexts } from '../i18n/correction-canvas.texts';
import { canvasLabel, CorrectionCanvasLegend } from './correction-canvas-legend';

registerDieshopTexts(correctionCanvasTexts);

/**
 * konva (and pdfjs, for a PDF drawing) load only when a preview is shown. In a jest test of a page
 * that shows this preview (jsdom has no canvas), mock the stage module, before the page's import:
 *
 *   jest.mock('../components/correction-canvas.stage', () => ({ __esModule: true, default: () => null }));
 *
 * (the path is relative to the test file). The legend and the link are plain DOM and stay testable.
 */
const CorrectionCanvasStage = lazy(() => import('./correction-canvas.stage'));

const useStyles = makeStyles({
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
  picture: {
    width: '100%',
    maxWidth: '720px',
    maxHeight: '420px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  waiting: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * A canvas as it was saved, read-only, over the profile's drawing: on the correction record and
 * report pages. The legend below lists the pins as text; `to` (the canvas page) adds a link to
 * open it, left out where the visitor may not go there (a share link's guest).
 */
export function CorrectionCanvasPreview({ canvas, drawingUrl, to }: { canvas: CorrectionCanvas | null; drawingUrl: string | null; to?: string }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const titleId = useId();
  const items = canvas?.items ?? [];
  const aspect = canvas?.aspect ?? Math.SQRT2;
  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <div className={styles.head}>
        <Title3 as="h2" id={titleId}>
          {t('markingCanvas.preview.title')}
        </Title3>
        {to ? (
          <RouterLink to={to} className={styles.link}>
            {t('markingCanvas.preview.open')}
          </RouterLink>
        ) : null}
      </div>
      {drawingUrl === null ? <Text className={styles.hint}>{t('markingCanvas.noDrawing')}</Text> : null}
      {items.length === 0 ? (
        <Text className={styles.hint}>{t('markingCanvas.preview.empty')}</Text>
      ) : (
        <>
          <div className={styles.picture} style={{ aspectRatio: String(aspect) }}>
            <Suspense
              fallback={
                <div className={styles.waiting}>
                  <Spinner size="small" aria-label={t('markingCanvas.drawingLoading')} />
                </div>
              }
            >
              <CorrectionCanvasStage items={items} drawingUrl={drawingUrl} aspect={aspect} label={canvasLabel(t, items)} still />
            </Suspense>
          </div>
          <CorrectionCanvasLegend items={items} headingLevel="h3" />
        </>
      )}
    </section>
  );
}
