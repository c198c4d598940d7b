import { makeStyles, Tab, TabList, Title2 } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { auditEndpoints, type AuditEntity } from '@planta/contracts';
import { useCan } from '@planta/ui';
import { AuditHistory } from './audit-history';
import '../i18n';

const useStyles = makeStyles({
  tabs: { padding: '16px 24px 0' },
  history: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1120px' },
});

/**
 * A stored record's screen with its two tabs: 'Datos' (the form) and 'Historial' (its audit
 * trail, for whoever may read the trail). A new record has no history: only the form.
 */
export function RecordTabs({ title, entity, entityId, children }: { title: string; entity: AuditEntity; entityId: number | null; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const mayReadHistory = useCan(auditEndpoints.list);
  if (entityId === null || !mayReadHistory) return <>{children}</>;
  return (
    <>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'details' | 'history')}>
        <Tab value="details">{t('record.details')}</Tab>
        <Tab value="history">{t('record.history')}</Tab>
      </TabList>
      {tab === 'details' ? (
        children
      ) : (
        <section className={styles.history} aria-labelledby="history-title">
          <Title2 as="h1" id="history-title">
            {title}
          </Title2>
          <AuditHistory entity={entity} entityId={entityId} />
        </section>
      )}
    </>
  );
}
