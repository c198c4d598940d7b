import { Body1, Button, Caption1, Card, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditEndpoints, type AuditEntity, type AuditEntry } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard, useCan, useFormat } from '@planta/ui';
import { AuditChanges } from './audit-changes';
import '../i18n';

/** How many more of a record's entries each "Ver más" brings. */
export const HISTORY_SIZE = 20;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  head: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'baseline', marginBottom: '4px' },
  who: { color: tokens.colorNeutralForeground3 },
});

/**
 * The audit tab of a record (a company, role, page, permission or user): its latest changes,
 * newest first, with the values before and after. Shown only to whoever may read the audit trail.
 */
export function AuditHistory({ entity, entityId }: { entity: AuditEntity; entityId: number }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const format = useFormat();
  const mayRead = useCan(auditEndpoints.list);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const [loadingMore, setLoadingMore] = useState(false);
  const [pagesLoaded, setPagesLoaded] = useState(0);

  const fetchPage = useCallback(
    (page: number) => call(auditEndpoints.list, { query: { entity, entity_id: entityId, page, pageSize: HISTORY_SIZE, sort: 'at', direction: 'desc' } }),
    [entity, entityId],
  );
  const load = useCallback(async () => {
    setError(null);
    try {
      const page = await fetchPage(1);
      setEntries(page.items);
      setTotal(page.total);
      setPagesLoaded(1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [fetchPage]);
  const loadMore = async () => {
    if (!entries) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(pagesLoaded + 1);
      // Entries written meanwhile shift the pages: one already shown is not shown twice.
      const known = new Set(entries.map((entry) => entry.id));
      setEntries([...entries, ...page.items.filter((entry) => !known.has(entry.id))]);
      setTotal(page.total);
      setPagesLoaded(pagesLoaded + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  };

  useEffect(() => {
    if (mayRead) void load();
  }, [load, mayRead]);

  if (!mayRead) return null;
  if (error) return <ErrorCard title={t('audit.history')} message={error} retryLabel={t('common:actions.retry')} onRetry={load} />;
  if (!entries) return <Spinner size="small" label={t('audit.history')} />;
  if (entries.length === 0) return <Body1>{t('audit.historyEmpty')}</Body1>;
  return (
    <section aria-label={t('audit.history')}>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card size="small">
              <div className={styles.head}>
                <Body1>{t(`audit.actions.${entry.action}`)}</Body1>
                <Caption1 className={styles.who}>
                  {format.dateTime(entry.at)} · {entry.actor_name || t('audit.system')}
                </Caption1>
              </div>
              <AuditChanges entry={entry} />
            </Card>
          </li>
        ))}
      </ul>
      {total > entries.length ? (
        <Button appearance="subtle" onClick={loadMore} disabled={loadingMore}>
          {t('audit.historyMore', { shown: entries.length, total })}
        </Button>
      ) : null}
    </section>
  );
}
