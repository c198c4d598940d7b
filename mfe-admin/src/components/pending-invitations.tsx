import { Badge, Button, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { DismissRegular, LinkRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userEndpoints, type UserInvitation } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { showSnackbar, useCan, useFormat } from '@planta/ui';
import { AccessLinkDialog, type ShownLink } from './access-link-dialog';
import { ConfirmDialog } from './confirm-dialog';

const useStyles = makeStyles({
  section: { padding: '0 24px 24px', maxWidth: '1280px', display: 'flex', flexDirection: 'column', gap: '8px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 16px',
    padding: '8px 12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '240px' },
  actions: { display: 'flex', gap: '8px' },
});

/**
 * The invitations of the active company not yet accepted (issue 36), below the users list: who,
 * with which roles, until when; a new link (the old one stops working) or withdrawing it.
 */
export function PendingInvitations() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const format = useFormat();
  const canRead = useCan(userEndpoints.invitations);
  const canRenew = useCan(userEndpoints.renewInvitation);
  const canRevoke = useCan(userEndpoints.revokeInvitation);
  const [invitations, setInvitations] = useState<UserInvitation[]>([]);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [revoking, setRevoking] = useState<UserInvitation | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    if (!canRead) return;
    let current = true;
    call(userEndpoints.invitations).then(
      (found) => current && setInvitations(found),
      (failure) => current && showSnackbar({ message: errorMessage(failure), variant: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [canRead, attempt]);

  if (invitations.length === 0) return null;
  const renew = async (invitation: UserInvitation) => {
    try {
      const renewed = await call(userEndpoints.renewInvitation, { params: { id: invitation.id } });
      setShown({ kind: 'invite', name: renewed.invitation.display_name, link: renewed.link });
      reload();
    } catch (failure) {
      showSnackbar({ message: errorMessage(failure), variant: 'error' });
    }
  };
  const now = Date.now();
  return (
    <section className={styles.section} aria-labelledby="pending-invitations">
      <Subtitle2 as="h2" id="pending-invitations">
        {t('users.invitations.title')}
      </Subtitle2>
      <ul className={styles.list}>
        {invitations.map((invitation) => {
          const expired = new Date(invitation.expires_at).getTime() <= now;
          return (
            <li key={invitation.id} className={styles.item}>
              <div className={styles.who}>
                <Text weight="semibold">
                  {invitation.display_name} · {invitation.email}
                </Text>
                <Text size={200}>
                  {[invitation.roles.join(', '), invitation.created_by_name ? t('users.invitations.by', { name: invitation.created_by_name }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Badge appearance="tint" color={expired ? 'danger' : 'informative'}>
                {expired ? t('users.invitations.expired') : t('users.invitations.expires', { date: format.dateTime(invitation.expires_at) })}
              </Badge>
              <div className={styles.actions}>
                {canRenew ? (
                  <Button icon={<LinkRegular />} onClick={() => void renew(invitation)}>
                    {t('users.actions.renewLink')}
                  </Button>
                ) : null}
                {canRevoke ? (
                  <Button icon={<DismissRegular />} onClick={() => setRevoking(invitation)}>
                    {t('users.actions.revoke')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={t('users.confirm.revokeTitle')}
        message={t('users.confirm.revokeMessage', { email: revoking?.email ?? '' })}
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await call(userEndpoints.revokeInvitation, { params: { id: revoking.id } });
            showSnackbar({ message: t('users.revoked'), variant: 'success' });
            reload();
          } catch (failure) {
            showSnackbar({ message: errorMessage(failure), variant: 'error' });
          } finally {
            setRevoking(null);
          }
        }}
      />
      <AccessLinkDialog shown={shown} onClose={() => setShown(null)} />
    </section>
  );
}
