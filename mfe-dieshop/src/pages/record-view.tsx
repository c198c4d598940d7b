import { makeStyles, Title2, Title3, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { SHARE_TOKEN_PARAM } from '@planta/shell-contract';
import { errorMessage } from '@planta/session';
import { ErrorCard, LoadingScreen } from '@planta/ui';
import { DIESHOP_NS } from '../i18n';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: '24px', maxWidth: '960px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/** One record read from the API, again whenever `load` changes or on retry. */
export function useRecord<T>(load: () => Promise<T>): Loaded<T> & { retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}

/** True on a share-link address (`.../:token`): the visitor may read this one record and nothing else. */
export function useIsSharedView(): boolean {
  return useParams()[SHARE_TOKEN_PARAM] !== undefined;
}

/** A titled part of a record page (its corrections, its reports). */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section}>
      <Title3 as="h2">{title}</Title3>
      {children}
    </section>
  );
}

/**
 * A read-only record page: loading, the API's error in Spanish with a retry (and, outside a share
 * link, a way back to the die inventory), or the record under its title.
 */
export function RecordPage<T>({
  record,
  title,
  children,
}: {
  record: Loaded<T> & { retry: () => void };
  title: (value: T) => string;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const navigate = useNavigate();
  const shared = useIsSharedView();
  if (record.status === 'loading') return <LoadingScreen delayMs={200} />;
  if (record.status === 'failed')
    return (
      <ErrorCard
        title={t('load.failed', 'No se pudo mostrar la información')}
        message={record.message}
        retryLabel={t('load.retry', 'Reintentar')}
        onRetry={record.retry}
        back={shared ? undefined : { label: t('load.back', 'Volver al inventario de matrices'), onClick: () => navigate('/apps/dies/all') }}
      />
    );
  return (
    <article className={styles.page} aria-labelledby="record-title">
      <Title2 as="h1" id="record-title">
        {title(record.value)}
      </Title2>
      {children(record.value)}
    </article>
  );
}
