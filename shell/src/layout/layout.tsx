import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { NavigationRegular, PanelLeftContractRegular, PanelLeftExpandRegular, SignOutRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteSettings } from '@planta/shell-contract';
import { applyRouteSettings, currentSettingsAtom, defaultSettingsAtom, mergeSettings, navbarAtom, userAtom, userRolesAtom } from '@planta/session';
import { navigationFor } from '../navigation';
import { useRemoteStates } from '../remotes/remote-states';
import { NavigationTree } from './navigation-tree';

/** Spec 9 sizes. */
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;
export const TOOLBAR_HEIGHT = 64;

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  navbar: { flexShrink: 0, backgroundColor: '#1e293b', color: '#f1f5f9', display: 'flex', flexDirection: 'column', overflowY: 'auto', transition: 'width 150ms' },
  brand: { height: `${TOOLBAR_HEIGHT}px`, display: 'flex', alignItems: 'center', gap: '12px', padding: '0 16px', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500 },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '8px', padding: '16px 8px', borderBottom: '1px solid rgba(255,255,255,0.12)' },
  main: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
  toolbar: { height: `${TOOLBAR_HEIGHT}px`, display: 'flex', alignItems: 'center', gap: '8px', padding: '0 16px', backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4 },
  spacer: { flex: 1 },
  content: { flex: 1, display: 'flex', flexDirection: 'column' },
});

function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  if (user.role.length === 0) {
    return (
      <>
        <Button appearance="subtle" onClick={() => navigate('/login')}>{t('userMenu.login', 'Login')}</Button>
        <Button appearance="subtle" onClick={() => navigate('/register')}>{t('userMenu.register', 'Register')}</Button>
      </>
    );
  }
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Avatar name={user.data.displayName} image={user.data.photoURL ? { src: user.data.photoURL } : undefined} size={32} />}>
          <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
            <Text weight="semibold">{user.data.displayName}</Text>
            <Text size={200}>{user.data.position || t('userMenu.noPosition', 'Sin cargo')}</Text>
          </span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<SignOutRegular />} onClick={() => navigate('/logout')}>
            {t('userMenu.signOut', 'Cerrar Sesión')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * Layout 1 of spec 2.5: vertical navbar (280, folded 64), toolbar, content. A route's settings
 * are merged over the defaults while it is shown (the sign-in screens hide all chrome).
 */
export function Layout({ settings, children }: { settings?: RouteSettings; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const current = useAtomValue(currentSettingsAtom);
  const [defaults, setDefaults] = useAtom(defaultSettingsAtom);
  const [navbar, setNavbar] = useAtom(navbarAtom);
  const roles = useAtomValue(userRolesAtom);
  const user = useAtomValue(userAtom);
  const remotes = useRemoteStates();

  useEffect(() => {
    applyRouteSettings(settings ?? null);
  }, [settings, defaults]);

  const items = useMemo(
    () => navigationFor(Object.values(remotes).flatMap((state) => (state.status === 'ready' ? [state.module] : [])), roles),
    [remotes, roles],
  );
  const config = current.layout.config;
  const folded = config.navbar.folded && !navbar.foldedOpen;
  // Folding is the user's choice, kept in the defaults that every route's settings merge over.
  const toggleFold = () => setDefaults(mergeSettings(defaults, { layout: { config: { navbar: { folded: !config.navbar.folded } } } }));

  return (
    <div className={styles.root} dir={current.direction}>
      {config.navbar.display ? (
        <nav
          aria-label={t('navbar.label', 'Navegación')}
          className={styles.navbar}
          style={{ width: folded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH }}
          onMouseEnter={() => config.navbar.folded && setNavbar({ ...navbar, foldedOpen: true })}
          onMouseLeave={() => config.navbar.folded && setNavbar({ ...navbar, foldedOpen: false })}
        >
          <div className={styles.brand}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            {folded ? null : 'Planta'}
          </div>
          {folded ? null : (
            <div className={styles.user}>
              <Avatar name={user.data.displayName || 'Planta'} image={user.data.photoURL ? { src: user.data.photoURL } : undefined} size={56} />
              <Text weight="semibold">{user.data.displayName}</Text>
            </div>
          )}
          <NavigationTree items={items} folded={folded} />
        </nav>
      ) : null}
      <div className={styles.main}>
        {config.toolbar.display ? (
          <header className={styles.toolbar}>
            {config.navbar.display ? (
              <Tooltip content={config.navbar.folded ? t('navbar.unfold', 'Expandir menú') : t('navbar.fold', 'Plegar menú')} relationship="label">
                <Button appearance="subtle" icon={config.navbar.folded ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />} onClick={toggleFold} />
              </Tooltip>
            ) : (
              <NavigationRegular aria-hidden />
            )}
            <div className={styles.spacer} />
            <UserMenu />
          </header>
        ) : null}
        <main className={styles.content}>{children}</main>
      </div>
    </div>
  );
}
