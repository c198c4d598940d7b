import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GRANT_ACTIONS, messages, permissionEndpoints, type CrudGrant, type PageRoleRow } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard, Facts, showSnackbar, useCan, useRoleLabel } from '@planta/ui';
import { AuditHistory } from './audit-history';
import '../i18n';

const useStyles = makeStyles({
  switches: { display: 'flex', flexDirection: 'column', gap: '4px', marginTop: '12px' },
  tabs: { marginBottom: '12px' },
});

const flagsOf = (row: CrudGrant): CrudGrant => ({ read: row.read, insert: row.insert, update: row.update, delete: row.delete });

/**
 * The permissions dialog of spec 2.4 (`/apps/page-role/<id>`): what one role may do on one page,
 * four switches saved together, and the history of the permission. Without the update grant it only shows.
 */
export function PageRoleDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const roleLabel = useRoleLabel();
  const styles = useStyles();
  const mayUpdate = useCan(permissionEndpoints.updatePageRole);
  const [row, setRow] = useState<PageRoleRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<'grants' | 'history'>('grants');
  const form = useForm<CrudGrant>({ defaultValues: { read: false, insert: false, update: false, delete: false } });

  useEffect(() => {
    setRow(null);
    setLoadError(null);
    setSaveError(null);
    setTab('grants');
    if (id === null) return;
    let current = true;
    call(permissionEndpoints.pageRole, { params: { id } }).then(
      (found) => {
        if (!current) return;
        setRow(found);
        form.reset(flagsOf(found));
      },
      (failure) => current && setLoadError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [id, attempt, form]);

  const save = form.handleSubmit(async (values) => {
    if (!row) return;
    const change = Object.fromEntries(GRANT_ACTIONS.filter((action) => values[action] !== row[action]).map((action) => [action, values[action]]));
    if (Object.keys(change).length === 0) return onClose();
    setSaveError(null);
    try {
      await call(permissionEndpoints.updatePageRole, { params: { id: row.id }, body: change });
      showSnackbar({ message: messages.informationSaved, variant: 'success' });
      onSaved();
    } catch (failure) {
      setSaveError(errorMessage(failure));
    }
  });

  const title = row ? t('admin:pageRole.dialog.title', { role: roleLabel(row.role_name), page: row.page_name }) : t('admin:pageRole.title');
  return (
    <Dialog open={id !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={save} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {loadError ? (
                <ErrorCard
                  title={t('admin:pageRole.title')}
                  message={loadError}
                  retryLabel={t('common:actions.retry')}
                  onRetry={() => setAttempt((n) => n + 1)}
                />
              ) : !row ? (
                <Spinner size="small" />
              ) : (
                <>
                  <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'grants' | 'history')}>
                    <Tab value="grants">{t('admin:pageRole.dialog.tabs.grants')}</Tab>
                    <Tab value="history">{t('admin:pageRole.dialog.tabs.history')}</Tab>
                  </TabList>
                  {tab === 'history' ? (
                    <AuditHistory entity="page-role" entityId={row.id} />
                  ) : (
                    <>
                      <Facts
                        items={[
                          [t('admin:pageRole.columns.page_name'), `${row.page_name} (${row.page_alias})`],
                          [
                            t('admin:pageRole.columns.role_name'),
                            row.role_description ? `${roleLabel(row.role_name)} · ${row.role_description}` : roleLabel(row.role_name),
                          ],
                        ]}
                      />
                      <div className={styles.switches}>
                        {GRANT_ACTIONS.map((action) => (
                          <Controller
                            key={action}
                            control={form.control}
                            name={action}
                            render={({ field }) => (
                              <Switch
                                label={t(`admin:pageRole.actions.${action}`)}
                                checked={field.value}
                                disabled={!mayUpdate || form.formState.isSubmitting}
                                onChange={(_, data) => field.onChange(data.checked)}
                                onBlur={field.onBlur}
                                ref={field.ref}
                              />
                            )}
                          />
                        ))}
                      </div>
                      {!mayUpdate ? (
                        <MessageBar intent="info">
                          <MessageBarBody>{t('admin:pageRole.dialog.readOnly')}</MessageBarBody>
                        </MessageBar>
                      ) : null}
                      {saveError ? (
                        <MessageBar intent="error" role="alert">
                          <MessageBarBody>{saveError}</MessageBarBody>
                        </MessageBar>
                      ) : null}
                    </>
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions>
              {mayUpdate && row && tab === 'grants' ? (
                <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting}>
                  {t('common:actions.save')}
                </Button>
              ) : null}
              <Button onClick={onClose}>{tab === 'grants' ? t('common:actions.cancel') : t('common:actions.close')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
