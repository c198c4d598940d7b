import { Badge, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UploadProgress, UploadStatus } from '@planta/contracts';
import { useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { CONFIDENCE_BADGE_COLOURS, confidenceLevel } from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  // A chip in a narrow column wraps between its words instead of clipping.
  chip: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'center', paddingBlock: '2px' },
  reading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
});

const STATUS_COLOURS: Record<UploadStatus, 'informative' | 'warning' | 'brand' | 'success' | 'subtle' | 'danger'> = {
  uploaded: 'informative',
  processing: 'warning',
  review: 'brand',
  confirmed: 'success',
  discarded: 'subtle',
  error: 'danger',
};

/** An upload's state as a chip: subido, procesando, para revisar, confirmado, descartado, error. */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  return (
    <Badge className={styles.chip} appearance={status === 'discarded' ? 'outline' : 'filled'} shape="rounded" color={STATUS_COLOURS[status]}>
      {t(`uploads.status.${status}`)}
    </Badge>
  );
}

/** A confidence (0..1) as a chip: 'alta · 95 %' green, 'media' amber, 'baja' red. */
export function ConfidenceBadge({ confidence, size = 'medium' }: { confidence: number | null; size?: 'small' | 'medium' }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  if (confidence === null) return <Text>—</Text>;
  const level = confidenceLevel(confidence);
  return (
    <Badge className={styles.chip} size={size} appearance="tint" shape="rounded" color={CONFIDENCE_BADGE_COLOURS[level]} data-confidence={level}>
      {t('uploads.confidenceChip', { level: t(`uploads.confidence.${level}`), percent: format.percent(confidence) })}
    </Badge>
  );
}

/** What the agent is doing with a document ('Leyendo PDF', 'OCR página 2/3') and how far it is. */
export function ReadingProgress({ progress }: { progress: UploadProgress | null }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const label = progress?.label || t('uploads.queued');
  return (
    <div className={styles.reading} role="status" aria-live="polite">
      <Text weight="semibold">{label}</Text>
      <ProgressBar thickness="large" value={progress && progress.progress > 0 ? Math.min(1, progress.progress) : undefined} aria-label={label} />
    </div>
  );
}
