import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareTokenEndpoints, type ShareLinkRow } from '@planta/contracts';
import { Facts, ResourceList, useFormat, useMayRevokeShareLink, useRevokeShareLink, useShareLinkShows, type ResourceColumn } from '@planta/ui';
import '../i18n';

const LIST_PATH = '/apps/share-links';

/** What a link opens, as people name it ('Intento 2 de la corrección NC-2026-0007'). */
function useResourceText(): (link: ShareLinkRow) => string {
  const { t } = useTranslation('admin');
  return (link) =>
    link.resource_label === null
      ? t('shareLinks.gone')
      : t(`shareLinks.resources.${link.resource_type}`, { label: link.resource_label, attempt: link.attempt_no ?? '' });
}

/**
 * The company's read-only links still valid (`/apps/share-links/all`, issue 36): what each opens,
 * who made it, until when and what it shows beyond the record; a row opens the link with
 * 'Revocar enlace'. Readers of 'share-links' see every link (by default the admin role).
 */
export default function ShareLinkPage() {
  const { t } = useTranslation(['admin', 'common']);
  const format = useFormat();
  const shows = useShareLinkShows();
  const resourceText = useResourceText();
  const [selected, setSelected] = useState<ShareLinkRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const columns = useMemo<ResourceColumn<ShareLinkRow>[]>(
    () => [
      { key: 'resource_label', label: t('admin:shareLinks.columns.resource'), sortable: true, width: 36, render: resourceText, exportValue: resourceText },
      { key: 'created_by_name', label: t('admin:shareLinks.columns.created_by_name'), sortable: true, width: 24 },
      {
        key: 'created_at',
        label: t('admin:shareLinks.columns.created_at'),
        sortable: true,
        width: 18,
        render: (link) => format.dateTime(link.created_at),
        exportValue: (link) => new Date(link.created_at),
      },
      {
        key: 'expires_at',
        label: t('admin:shareLinks.columns.expires_at'),
        sortable: true,
        width: 18,
        render: (link) => format.dateTime(link.expires_at),
        exportValue: (link) => new Date(link.expires_at),
      },
      { key: 'shows', label: t('admin:shareLinks.columns.shows'), width: 36, render: shows, exportValue: shows },
    ],
    [t, format, shows, resourceText],
  );

  return (
    <>
      <ResourceList<ShareLinkRow>
        list={shareTokenEndpoints.list}
        basePath={LIST_PATH}
        title={t('admin:shareLinks.title')}
        emptyText={t('admin:shareLinks.empty')}
        exportName={t('admin:shareLinks.exportName')}
        columns={columns}
        defaultSort={{ key: 'created_at', direction: 'desc' }}
        onOpen={setSelected}
        reloadKey={reloadKey}
      />
      <ShareLinkDialog
        link={selected}
        onClose={() => setSelected(null)}
        onRevoked={() => {
          setSelected(null);
          setReloadKey((key) => key + 1);
        }}
      />
    </>
  );
}

/** One link: what it opens, who made it, until when, what it shows; 'Revocar enlace' for whoever may. */
function ShareLinkDialog({ link, onClose, onRevoked }: { link: ShareLinkRow | null; onClose: () => void; onRevoked: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const format = useFormat();
  const shows = useShareLinkShows();
  const resourceText = useResourceText();
  const mayRevoke = useMayRevokeShareLink();
  const [busy, setBusy] = useState(false);

  const revokeLink = useRevokeShareLink();
  const revoke = async (id: number) => {
    setBusy(true);
    const revoked = await revokeLink(id);
    setBusy(false);
    if (revoked) onRevoked();
  };

  return (
    <Dialog open={link !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('admin:shareLinks.linkTitle')}</DialogTitle>
          <DialogContent>
            {link ? (
              <>
                <Facts
                  items={[
                    [t('admin:shareLinks.columns.resource'), resourceText(link)],
                    [t('admin:shareLinks.columns.created_by_name'), link.created_by_name],
                    [t('admin:shareLinks.columns.created_at'), format.dateTime(link.created_at)],
                    [t('admin:shareLinks.columns.expires_at'), format.dateTime(link.expires_at)],
                    [t('admin:shareLinks.columns.shows'), shows(link)],
                  ]}
                />
                {mayRevoke(link) ? null : <Text>{t('admin:shareLinks.notYours')}</Text>}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {link && mayRevoke(link) ? (
              <Button appearance="primary" disabled={busy} onClick={() => void revoke(link.id)}>
                {t('admin:shareLinks.revoke')}
              </Button>
            ) : null}
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
