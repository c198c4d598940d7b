import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, Text } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AccessLink } from '@planta/contracts';
import { errorMessage } from '@planta/session';
import { showSnackbar, useFormat } from '@planta/ui';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
  value: { fontFamily: 'monospace', flexGrow: 1, minWidth: 0 },
});

/** What the dialog shows: the one-time link and who it is for. */
export interface ShownLink {
  kind: 'invite' | 'reset';
  name: string;
  link: AccessLink;
}

/**
 * A one-time link, shown this once with a copy button (issue 36): an invitation, or a reset with
 * which the person chooses a new password. Until mail sends it, the administrator hands it over.
 */
export function AccessLinkDialog({ shown, onClose }: { shown: ShownLink | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const format = useFormat();
  const url = shown ? new URL(shown.link.path, window.location.origin).href : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showSnackbar({ message: t('users.link.copied'), variant: 'success' });
    } catch (failure) {
      showSnackbar({ message: errorMessage(failure), variant: 'error' });
    }
  };
  return (
    <Dialog open={shown !== null} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{shown ? t(`users.link.${shown.kind}Title`) : ''}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{shown ? t(`users.link.${shown.kind}Message`, { name: shown.name }) : ''}</Text>
            <div className={styles.row}>
              <Input className={styles.value} readOnly value={url} aria-label={t('users.link.label')} data-testid="access-link" />
              <Button icon={<CopyRegular />} onClick={() => void copy()}>
                {t('users.actions.copy')}
              </Button>
            </div>
            <Text size={200}>{shown ? t('users.link.once', { date: format.dateTime(shown.link.expires_at) }) : ''}</Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('users.actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
