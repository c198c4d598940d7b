import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditEndpoints, readableAddress, type AuditEntry } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard, Facts, ResourceList, useFormat, type ListFilter, type ResourceColumn } from '@planta/ui';
import { AuditChanges, changedFields } from '../components/audit-changes';
import '../i18n';

const LIST_PATH = '/apps/audit';

/**
 * The audit trail of the active company (`/apps/audit/all`): who changed what and when, newest
 * first; search, filters by action and record type, export to Excel. A row opens the entry
 * with its values before and after (`/apps/audit/<id>`).
 */
export default function AuditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const { id } = useParams();
  const entryId = id && /^\d+$/.test(id) ? Number(id) : null;

  const actionLabels = useMemo(() => AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`admin:audit.actions.${action}`) })), [t]);
  const entityLabels = useMemo(() => AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`admin:audit.entities.${entity}`) })), [t]);
  const columns = useMemo<ResourceColumn<AuditEntry>[]>(() => {
    const labelOf = (labels: readonly { value: string; label: string }[], value: string) => labels.find((item) => item.value === value)?.label ?? value;
    const actor = (entry: AuditEntry) => entry.actor_name || t('admin:audit.system');
    return [
      {
        key: 'at',
        label: t('admin:audit.columns.at'),
        sortable: true,
        width: 20,
        render: (entry) => format.dateTime(entry.at),
        exportValue: (entry) => new Date(entry.at),
      },
      { key: 'actor_name', label: t('admin:audit.columns.actor'), sortable: true, width: 28, render: actor, exportValue: actor },
      {
        key: 'action',
        label: t('admin:audit.columns.action'),
        sortable: true,
        width: 22,
        labels: actionLabels,
        render: (entry) => labelOf(actionLabels, entry.action),
        exportValue: (entry) => labelOf(actionLabels, entry.action),
      },
      {
        key: 'entity',
        label: t('admin:audit.columns.entity'),
        sortable: true,
        width: 18,
        labels: entityLabels,
        render: (entry) => labelOf(entityLabels, entry.entity),
        exportValue: (entry) => labelOf(entityLabels, entry.entity),
      },
      { key: 'label', label: t('admin:audit.columns.label'), sortable: true, width: 28 },
      {
        key: 'changes',
        label: t('admin:audit.columns.changes'),
        width: 60,
        render: (entry) =>
          // What changed; for a sign-in, where it came from.
          changedFields(entry)
            .map((field) => t(`admin:audit.fields.${field}`, { defaultValue: field }))
            .join(', ') || (entry.address ? t('admin:audit.from', { address: readableAddress(entry.address) }) : ''),
        exportValue: (entry) => JSON.stringify({ before: entry.before, after: entry.after }),
      },
    ];
  }, [t, format, actionLabels, entityLabels]);
  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'action', label: t('admin:audit.filters.action'), type: 'choice', options: actionLabels },
      { key: 'entity', label: t('admin:audit.filters.entity'), type: 'choice', options: entityLabels },
    ],
    [t, actionLabels, entityLabels],
  );

  return (
    <>
      <ResourceList<AuditEntry>
        list={auditEndpoints.list}
        basePath={LIST_PATH}
        title={t('admin:audit.title')}
        emptyText={t('admin:audit.empty')}
        exportName={t('admin:audit.exportName')}
        columns={columns}
        filters={filters}
        defaultSort={{ key: 'at', direction: 'desc' }}
        defaultPageSize={25}
        onOpen={(entry) => navigate(`${LIST_PATH}/${entry.id}`)}
      />
      <AuditEntryDialog entryId={entryId} onClose={() => navigate(`${LIST_PATH}/all`)} />
    </>
  );
}

/** One entry: when, who, from where, and its values before and after. */
function AuditEntryDialog({ entryId, onClose }: { entryId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const format = useFormat();
  const [entry, setEntry] = useState<AuditEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setEntry(null);
    setError(null);
    if (entryId === null) return;
    let current = true;
    call(auditEndpoints.get, { params: { id: entryId } }).then(
      (found) => current && setEntry(found),
      (failure) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [entryId, attempt]);

  return (
    <Dialog open={entryId !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('admin:audit.entryTitle')}</DialogTitle>
          <DialogContent>
            {error ? (
              <ErrorCard title={t('admin:audit.entryTitle')} message={error} retryLabel={t('common:actions.retry')} onRetry={() => setAttempt((n) => n + 1)} />
            ) : !entry ? (
              <Spinner size="small" />
            ) : (
              <>
                <Facts
                  items={[
                    [t('admin:audit.columns.at'), format.dateTime(entry.at)],
                    [t('admin:audit.columns.actor'), entry.actor_name || t('admin:audit.system')],
                    [t('admin:audit.columns.action'), t(`admin:audit.actions.${entry.action}`)],
                    [t('admin:audit.columns.entity'), `${t(`admin:audit.entities.${entry.entity}`)} · ${entry.label}`],
                    [t('admin:audit.address'), readableAddress(entry.address) ?? '—'],
                  ]}
                />
                {/* A sign-in or a password change has no values to show. */}
                {entry.before || entry.after ? <AuditChanges entry={entry} /> : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('admin:audit.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
