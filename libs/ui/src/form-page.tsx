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
import { ErrorCard } from './error-card';
import { LoadingScreen } from './loading-screen';
import { useUnsavedChanges } from './unsaved-changes';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1120px' },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: '24px' },
  fields: { display: 'flex', flexDirection: 'column', gap: '24px', border: 'none', padding: 0, margin: 0, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
  buttons: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

/** A titled group of fields in a responsive grid. */
export function FormSection({ title, children }: { title?: string | null; children: ReactNode }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.section} style={{ border: 'none', padding: 0, margin: 0, minWidth: 0 }}>
      {title ? (
        <legend style={{ padding: 0, marginBottom: 8 }}>
          <Subtitle2>{title}</Subtitle2>
        </legend>
      ) : null}
      <div className={styles.grid}>{children}</div>
    </fieldset>
  );
}

/** What FormPage needs of a screen's form state (`useResourceForm`). */
export interface FormPageState {
  loading: boolean;
  loadError: string | null;
  reload: () => void;
  isNew: boolean;
  form: { formState: { isSubmitting: boolean; isDirty: boolean } };
  submit: () => Promise<void>;
  cancel: () => void;
  remove: () => Promise<void>;
  /** The user's grants allow saving (insert for a new record, update for an existing one). */
  canSave: boolean;
  /** The user's grants allow deleting the record. */
  canDelete: boolean;
}

export interface FormPageProps {
  title: string;
  page: FormPageState;
  children: ReactNode;
  /** A record's own actions beside 'Eliminar' (each following its grant), for an existing record. */
  actions?: ReactNode;
}

/**
 * The frame of every create/edit screen: title, fields, 'Guardar' and 'Cancelar', and 'Eliminar'
 * with a confirmation. The buttons follow the user's grants; without the right to save, the
 * fields are read only and 'Cancelar' reads 'Volver'.
 */
export function FormPage({ title, page, children, actions }: FormPageProps) {
  const { loading, loadError, reload: onRetry, isNew, submit: onSubmit, cancel: onCancel, remove: onDelete, canSave, canDelete } = page;
  const submitting = page.form.formState.isSubmitting;
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const unsaved = useUnsavedChanges(canSave && page.form.formState.isDirty && !submitting);

  if (loading) return <LoadingScreen />;
  if (loadError)
    return (
      <ErrorCard
        title={t('form.loadError', 'No se pudo cargar el registro')}
        message={loadError}
        retryLabel={t('actions.retry', 'Reintentar')}
        onRetry={onRetry}
        back={{ label: t('form.backToList', 'Volver a la lista'), onClick: onCancel }}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) void onSubmit();
  };

  return (
    <section className={styles.page} aria-labelledby="form-title">
      <div className={styles.header}>
        <Title2 as="h1" id="form-title">
          {title}
        </Title2>
        {isNew ? null : (
          <div className={styles.actions}>
            {actions}
            {canDelete ? (
              <Button icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
                {t('actions.delete', 'Eliminar')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* A disabled fieldset makes every input in it read only, whatever renders it. */}
        <fieldset className={styles.fields} disabled={!canSave}>
          {children}
        </fieldset>
        <div className={styles.buttons}>
          <Button type="button" onClick={() => unsaved.leave(onCancel)}>
            {canSave ? t('actions.cancel', 'Cancelar') : t('actions.back', 'Volver')}
          </Button>
          {canSave ? (
            <Button type="submit" appearance="primary" disabled={submitting} icon={submitting ? <Spinner size="tiny" /> : undefined}>
              {t('actions.save', 'Guardar')}
            </Button>
          ) : null}
        </div>
      </form>
      {unsaved.confirmation}
      <Dialog open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('confirmDelete.title', 'Eliminar registro')}</DialogTitle>
            <DialogContent>{t('confirmDelete.message', '¿Seguro que quieres eliminar este registro? Esta acción no se puede deshacer.')}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{t('actions.cancel', 'Cancelar')}</Button>
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
                {t('actions.confirm', 'Confirmar')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
