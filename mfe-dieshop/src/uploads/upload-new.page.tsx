import { Button, Card, Field, makeStyles, mergeClasses, MessageBar, MessageBarBody, ProgressBar, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowUploadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { UPLOAD_ACCEPT, uploadEndpoints, uploadMessages } from '@planta/contracts';
import { errorMessage } from '@planta/session';
import { AreaLanding, showSnackbar, useCan, useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { sendDocument, useReadingUpload, useSmartUploadLimit } from './upload.client';
import { ReadingProgress } from './upload-badges';
import { fileTooLarge, uploadPath, UPLOADS_LIST_PATH } from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '880px' },
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '12px',
    minHeight: '220px',
    padding: '24px',
    textAlign: 'center',
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  over: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground1 },
  hiddenInput: { display: 'none' },
  card: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Follows the reading of a sent document and opens its review once it is ready. */
function Reading({ id, name, onError }: { id: number; name: string; onError: (message: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const navigate = useNavigate();
  const { detail, progress } = useReadingUpload(id);
  const status = detail?.status;
  useEffect(() => {
    if (!detail) return;
    if (detail.status === 'error') onError(detail.error || progress?.label || t('uploads.readError'));
    else if (detail.status !== 'uploaded' && detail.status !== 'processing') navigate(uploadPath(id), { replace: true });
    // Only the outcome of the reading matters here.
  }, [status]);
  return (
    <>
      <Text weight="semibold">{t('uploads.reading')}</Text>
      <Text className={styles.muted}>{name}</Text>
      <ReadingProgress progress={progress} />
    </>
  );
}

type Phase =
  { kind: 'choose' } | { kind: 'sending'; name: string; sent: number } | { kind: 'reading'; id: number; name: string } | { kind: 'failed'; id: number | null };

/**
 * /apps/ia-agent/upload/new: a document dropped on the zone or chosen with 'Elegir archivo',
 * refused at once over the company's limit (the spec's message), sent with its progress, then read
 * on the server ('Leyendo PDF', 'OCR página 2/3', live) until its review opens.
 */
export default function UploadNewPage() {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const navigate = useNavigate();
  const mayUpload = useCan(uploadEndpoints.upload);
  const limitMb = useSmartUploadLimit();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  if (!mayUpload) return <AreaLanding alias="smart-upload" />;

  const send = async (file: File | undefined) => {
    if (!file || phase.kind === 'sending' || phase.kind === 'reading') return;
    const tooLarge = fileTooLarge(file.size, limitMb);
    if (tooLarge) {
      setRefusal(tooLarge);
      return;
    }
    setRefusal(null);
    setPhase({ kind: 'sending', name: file.name, sent: 0 });
    controller.current = new AbortController();
    try {
      const detail = await sendDocument(file, (sent) => setPhase((now) => (now.kind === 'sending' ? { ...now, sent } : now)), controller.current.signal);
      if (detail.duplicate_of !== null && detail.duplicate_of !== undefined) {
        showSnackbar({ message: `${uploadMessages.duplicate(format.date(detail.uploaded_at))}. ${t('uploads.duplicateOpened')}`, variant: 'info' });
        navigate(uploadPath(detail.duplicate_of));
        return;
      }
      if (detail.status === 'error') {
        setRefusal(detail.error || t('uploads.readError'));
        setPhase({ kind: 'failed', id: detail.id });
      } else if (detail.status === 'uploaded' || detail.status === 'processing') setPhase({ kind: 'reading', id: detail.id, name: file.name });
      else navigate(uploadPath(detail.id));
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return;
      setRefusal(errorMessage(error));
      setPhase({ kind: 'choose' });
    }
  };

  const busy = phase.kind === 'sending' || phase.kind === 'reading';

  return (
    <section className={styles.page} aria-labelledby="upload-new-title">
      <RouterLink to={UPLOADS_LIST_PATH}>
        <ArrowLeftRegular aria-hidden /> {t('uploads.back')}
      </RouterLink>
      <Title2 as="h1" id="upload-new-title">
        {t('uploads.newTitle')}
      </Title2>
      <Text>{t('uploads.newIntro')}</Text>
      {busy ? (
        <Card className={styles.card}>
          {phase.kind === 'sending' ? (
            <>
              <Text weight="semibold">{t('uploads.sending', { name: phase.name })}</Text>
              <ProgressBar thickness="large" value={phase.sent} aria-label={t('uploads.sendingPercent', { percent: format.percent(phase.sent) })} />
              <Text role="status">{t('uploads.sendingPercent', { percent: format.percent(phase.sent) })}</Text>
            </>
          ) : (
            <Reading
              id={phase.id}
              name={phase.name}
              onError={(message) => {
                setRefusal(message);
                setPhase({ kind: 'failed', id: phase.id });
              }}
            />
          )}
        </Card>
      ) : (
        <Field validationMessage={refusal ?? undefined} validationState={refusal ? 'error' : 'none'}>
          <div
            className={mergeClasses(styles.zone, over && styles.over)}
            data-testid="drop-zone"
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={(event) => {
              event.preventDefault();
              setOver(false);
              void send(event.dataTransfer.files?.[0]);
            }}
          >
            <DocumentArrowUpRegular className={styles.icon} aria-hidden />
            <Text size={400}>{t('uploads.dropHere')}</Text>
            <Button appearance="primary" size="large" icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
              {t('uploads.choose')}
            </Button>
            <Text className={styles.muted}>
              {t('uploads.accepted')}
              {limitMb !== null ? ` · ${t('uploads.limit', { mb: limitMb })}` : ''}
            </Text>
            <input
              ref={input}
              className={styles.hiddenInput}
              type="file"
              accept={UPLOAD_ACCEPT}
              data-testid="upload-file"
              aria-label={t('uploads.choose')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void send(file);
              }}
            />
          </div>
        </Field>
      )}
      {phase.kind === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            <div className={styles.actions}>
              <Text>{t('uploads.errorTitle')}</Text>
              {phase.id !== null ? <RouterLink to={uploadPath(phase.id)}>{t('uploads.openAnyway')}</RouterLink> : null}
            </div>
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}
