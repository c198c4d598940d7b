import { Button, Field, makeStyles, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileDrawingEndpoints, type ProfileDrawing } from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { showSnackbar, StoredFileLink, StoredPhoto, tooLargeRefusal, useCan, useFormat, useUploadLimit } from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { profileTexts } from '../i18n/profile.texts';

registerDieshopTexts(profileTexts);

/** What a drawing may be: the customer's PDF, or a photo or scan of the paper. */
const DRAWING_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  kept: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '16px' },
  preview: { width: '160px', height: '120px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  facts: { display: 'flex', flexDirection: 'column', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '12px' },
  hiddenInput: { display: 'none' },
});

/**
 * The profile's drawing (`/api/profile/:id/drawing`): the customer's PDF or a photo of it, opened
 * in a new tab, shown on the die summary of every copy; technicians upload or replace it, leads
 * may take it off. A file over the company's limit is refused before it is sent.
 */
export function ProfileDrawingSection({ profileId }: { profileId: number }) {
  const { t } = useTranslation('dieshop');
  const styles = useStyles();
  const format = useFormat();
  const mayUpload = useCan(profileDrawingEndpoints.replace);
  const mayRemove = useCan(profileDrawingEndpoints.remove);
  const limitMb = useUploadLimit();
  const [drawing, setDrawing] = useState<ProfileDrawing['drawing'] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const text = (key: string, values?: Record<string, unknown>) => t(`profile.drawing.${key}`, values);

  useEffect(() => {
    const controller = new AbortController();
    call(profileDrawingEndpoints.get, { params: { id: profileId } }, { signal: controller.signal }).then(
      (answer) => setDrawing(answer.drawing),
      (failure: unknown) => !controller.signal.aborted && setError(errorMessage(failure)),
    );
    return () => controller.abort();
  }, [profileId]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const tooLarge = tooLargeRefusal(file, limitMb);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    try {
      const answer = await call(profileDrawingEndpoints.replace, { params: { id: profileId }, body: body as never });
      setDrawing(answer.drawing);
      setError(undefined);
      showSnackbar({ message: text('saved'), variant: 'success' });
    } catch (failure) {
      setError(isApiRequestError(failure) && failure.fields?.file ? failure.fields.file : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await call(profileDrawingEndpoints.remove, { params: { id: profileId } });
      setDrawing(null);
      setError(undefined);
      showSnackbar({ message: text('removed'), variant: 'success' });
    } catch (failure) {
      showSnackbar({ message: errorMessage(failure), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const name = text('name');
  return (
    <section className={styles.section} aria-labelledby="profile-drawing-title">
      <Subtitle2 as="h2" id="profile-drawing-title">
        {text('title')}
      </Subtitle2>
      {drawing === undefined && !error ? <Spinner size="tiny" /> : null}
      {drawing === null ? <Text className={styles.hint}>{text('none')}</Text> : null}
      {drawing ? (
        <div className={styles.kept}>
          {drawing.content_type.startsWith('image/') ? (
            <div className={styles.preview}>
              <StoredPhoto url={drawing.url} alt={name} />
            </div>
          ) : null}
          <div className={styles.facts}>
            <StoredFileLink url={drawing.url}>{text('open', { name })}</StoredFileLink>
            <Text className={styles.hint}>
              {text('facts', {
                type: drawing.content_type === 'application/pdf' ? 'PDF' : drawing.content_type.replace('image/', '').toUpperCase(),
                kb: format.number(Math.max(1, Math.round(drawing.size_bytes / 1024))),
                date: format.dateTime(drawing.uploaded_at),
              })}
            </Text>
          </div>
        </div>
      ) : null}
      {mayUpload ? (
        <Field hint={limitMb === null ? undefined : text('hint', { mb: limitMb })} validationMessage={error}>
          <div className={styles.actions}>
            <Button size="large" icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
              {drawing ? text('replace') : text('upload')}
            </Button>
            {drawing && mayRemove ? (
              <Button size="large" icon={<DeleteRegular />} disabled={busy} onClick={() => void remove()}>
                {text('remove')}
              </Button>
            ) : null}
            <input
              ref={input}
              className={styles.hiddenInput}
              type="file"
              accept={DRAWING_TYPES}
              data-testid="profile-drawing-file"
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </div>
        </Field>
      ) : error ? (
        <Text>{error}</Text>
      ) : null}
    </section>
  );
}
