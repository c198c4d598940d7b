import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Subtitle2,
  Title2,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard, LoadingScreen } from '@planta/ui';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1120px' },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: '24px' },
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
  buttons: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

/** A titled group of fields in a responsive grid. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.section} style={{ border: 'none', padding: 0, margin: 0 }}>
      {title ? (
        <legend style={{ padding: 0, marginBottom: 8 }}>
          <Subtitle2>{title}</Subtitle2>
        </legend>
      ) : null}
      <div className={styles.grid}>{children}</div>
    </fieldset>
  );
}

/** What FormPage needs of a screen's `useResourceForm`. */
export interface FormPageState {
  loading: boolean;
  loadError: string | null;
  reload: () => void;
  isNew: boolean;
  form: { formState: { isSubmitting: boolean } };
  submit: () => Promise<void>;
  cancel: () => void;
  remove: () => Promise<void>;
}

export interface FormPageProps {
  title: string;
  page: FormPageState;
  children: ReactNode;
}

/** The frame of every create/edit screen: title, fields, 'Guardar' and 'Cancelar', and 'Eliminar' with a confirmation. */
export function FormPage({ title, page, children }: FormPageProps) {
  const { loading, loadError, reload: onRetry, isNew, submit: onSubmit, cancel: onCancel, remove: onDelete } = page;
  const submitting = page.form.formState.isSubmitting;
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (loading) return <LoadingScreen />;
  if (loadError)
    return (
      <ErrorCard
        title={t('production:form.loadError', 'No se pudo cargar el registro')}
        message={loadError}
        retryLabel={t('common:actions.retry', 'Reintentar')}
        onRetry={onRetry}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };

  return (
    <section className={styles.page} aria-labelledby="form-title">
      <div className={styles.header}>
        <Title2 as="h1" id="form-title">
          {title}
        </Title2>
        {isNew ? null : (
          <Button icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
            {t('common:actions.delete', 'Eliminar')}
          </Button>
        )}
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
        <div className={styles.buttons}>
          <Button type="button" onClick={onCancel}>
            {t('common:actions.cancel', 'Cancelar')}
          </Button>
          <Button type="submit" appearance="primary" disabled={submitting} icon={submitting ? <Spinner size="tiny" /> : undefined}>
            {t('common:actions.save', 'Guardar')}
          </Button>
        </div>
      </form>
      <Dialog open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('common:confirmDelete.title', 'Eliminar registro')}</DialogTitle>
            <DialogContent>{t('common:confirmDelete.message', '¿Seguro que quieres eliminar este registro? Esta acción no se puede deshacer.')}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{t('common:actions.cancel', 'Cancelar')}</Button>
              <Button
                appearance="primary"
                disabled={deleting}
                onClick={async () => {
                  setDeleting(true);
                  await onDelete();
                  setDeleting(false);
                  setConfirming(false);
                }}
              >
                {t('common:actions.confirm', 'Confirmar')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
