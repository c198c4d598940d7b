import { Avatar, Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text } from '@fluentui/react-components';
import { KeyRegular, SignOutRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userAtom } from '@planta/session';

const useStyles = makeStyles({
  // One line each for the name and the position, cut with an ellipsis: a long name must not wrap
  // onto three lines and spill out of the toolbar.
  trigger: { maxWidth: '240px', minWidth: 0, flexShrink: 1 },
  lines: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, overflow: 'hidden' },
  line: { maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
});

/**
 * Spec 2.5 user menu: display name and position ('Sin cargo'); the password change (an account's,
 * not a share link's) and sign-out, or Login and Register without a role.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  if (user.role.length === 0) {
    return (
      <>
        <Button appearance="subtle" onClick={() => navigate('/login')}>
          {t('userMenu.login', 'Login')}
        </Button>
        <Button appearance="subtle" onClick={() => navigate('/register')}>
          {t('userMenu.register', 'Register')}
        </Button>
      </>
    );
  }
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={compact ? undefined : styles.trigger}
          title={t('userMenu.open', 'Menú de usuario')}
          // The button's name comes from what it shows (no aria-label that could differ from it): folded,
          // the avatar alone, an image named after the person (its initials are what it draws); unfolded,
          // the name and position written beside it, the avatar then decoration.
          icon={
            <Avatar
              name={user.data.displayName}
              image={user.data.photoURL ? { src: user.data.photoURL } : undefined}
              size={32}
              aria-hidden={compact ? undefined : true}
            />
          }
        >
          {compact ? null : (
            <span className={styles.lines}>
              <Text weight="semibold" className={styles.line}>
                {user.data.displayName}
              </Text>
              <Text size={200} className={styles.line}>
                {user.data.position || t('userMenu.noPosition', 'Sin cargo')}
              </Text>
            </span>
          )}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {user.data.id > 0 ? (
            <MenuItem icon={<KeyRegular />} onClick={() => navigate('/change-password')}>
              {t('userMenu.changePassword', 'Cambiar contraseña')}
            </MenuItem>
          ) : null}
          <MenuItem icon={<SignOutRegular />} onClick={() => navigate('/logout')}>
            {t('userMenu.signOut', 'Cerrar Sesión')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
