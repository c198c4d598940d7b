import {
  Avatar,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  mergeClasses,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  OverlayDrawer,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { DismissRegular, NavigationRegular, PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { APPLICATIONS_GROUP_ID, isUnderPath, linkTarget, type NavigationItem } from '@planta/shell-contract';
import { closeNavbarMobileAtom, currentSettingsAtom, navbarAtom, setNavbarFoldedOpenAtom, toggleNavbarMobileAtom, userAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { NavIcon } from './icons';
import { navigationTitle, useNavigationItems } from './nav-utils';
import { NavigationTree } from './navigation-tree';
import { useUpdateSettings } from './settings-state';
import { ThemedPart } from './themed-part';
import { fluentTheme } from './themes';
import { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, TOOLBAR_HEIGHT } from './layout-constants';

/** Spec 9 sizes. */
/** Spec 9 popup menu hover delay. */
export { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, TOOLBAR_HEIGHT };
export const MENU_HOVER_DELAY = 150;

const useStyles = makeStyles({
  navbar: {
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    display: 'flex',
    flexDirection: 'column',
    overflowY: 'auto',
    overflowX: 'hidden',
    position: 'sticky',
    top: 0,
    height: '100vh',
    transitionProperty: 'width',
    transitionDuration: 'var(--planta-hover-duration, 400ms)',
    zIndex: LAYERS.chrome,
  },
  brand: {
    height: `${TOOLBAR_HEIGHT}px`,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '0 16px',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase500,
  },
  user: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '16px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  position: { color: tokens.colorNeutralForeground3 },
  tree: { padding: '8px' },
  drawer: { width: `${NAVBAR_WIDTH}px` },
  drawerBody: { padding: 0, display: 'flex', flexDirection: 'column' },
  horizontal: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    flexWrap: 'wrap',
    minHeight: '56px',
    padding: '0 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  topLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    height: '32px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: 'inherit',
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  topActive: { backgroundColor: tokens.colorSubtleBackgroundSelected, fontWeight: tokens.fontWeightSemibold },
});

/** The navbar's own theme (spec 9: dark by default) around its content. */
export function NavbarTheme({ children }: { children: ReactNode }) {
  const settings = useAtomValue(currentSettingsAtom);
  return (
    <ThemedPart theme={fluentTheme(settings.theme.navbar)} dir={settings.direction}>
      {children}
    </ThemedPart>
  );
}

function Brand({ folded = false }: { folded?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <div className={styles.brand}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {folded ? null : t('appName', 'Planta')}
    </div>
  );
}

/** Display name and avatar of the signed-in user (spec 2.5). */
function NavbarUser() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  if (user.role.length === 0) return null;
  return (
    <div className={styles.user}>
      <Avatar name={user.data.displayName || t('appName', 'Planta')} image={user.data.photoURL ? { src: user.data.photoURL } : undefined} size={56} />
      <Text weight="semibold">{user.data.displayName}</Text>
      <Text size={200} className={styles.position}>
        {user.data.position || t('userMenu.noPosition', 'Sin cargo')}
      </Text>
    </div>
  );
}

/** Layout 1's vertical navbar (280, folded 64): opens temporarily on hover while folded (spec 4). */
export function VerticalNavbar() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const settings = useAtomValue(currentSettingsAtom);
  const navbar = useAtomValue(navbarAtom);
  const setFoldedOpen = useSetAtom(setNavbarFoldedOpenAtom);
  const items = useNavigationItems();
  const foldable = settings.layout.config.navbar.folded;
  const folded = foldable && !navbar.foldedOpen;
  return (
    <NavbarTheme>
      <nav
        aria-label={t('navbar.label', 'Navegación')}
        className={styles.navbar}
        data-folded={folded ? 'true' : 'false'}
        style={{ width: folded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH }}
        onMouseEnter={() => foldable && setFoldedOpen(true)}
        onMouseLeave={() => foldable && setFoldedOpen(false)}
      >
        <Brand folded={folded} />
        {folded ? null : <NavbarUser />}
        <div className={styles.tree}>
          <NavigationTree items={items} folded={folded} />
        </div>
      </nav>
    </NavbarTheme>
  );
}

/** Below the medium breakpoint, and on tablets in layout 1, the navbar is a drawer over the content, closed on a tap outside, on dismiss and on a move to another page (spec 2.3). */
export function MobileNavbar() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navbar = useAtomValue(navbarAtom);
  const close = useSetAtom(closeNavbarMobileAtom);
  const settings = useAtomValue(currentSettingsAtom);
  const items = useNavigationItems();
  // Any move to another page closes it (a menu entry, the search, a link on the page behind).
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) close();
    shownPath.current = pathname;
  }, [pathname, close]);
  return (
    <OverlayDrawer
      open={navbar.mobileOpen}
      onOpenChange={(_event, data) => {
        if (!data.open) close();
      }}
      position={settings.direction === 'rtl' ? 'end' : 'start'}
      className={styles.drawer}
      aria-label={t('navbar.label', 'Navegación')}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={t('navbar.closeMenu', 'Cerrar menú')} icon={<DismissRegular />} onClick={() => close()} />}
        >
          {t('navbar.menu', 'Menú')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.drawerBody}>
        <NavbarUser />
        <nav aria-label={t('navbar.label', 'Navegación')} className={styles.tree}>
          <NavigationTree items={items} onChoose={() => close()} />
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}

/** The toolbar's navbar button: the drawer below the medium breakpoint, folding in layout 1 above it. */
export function NavbarToggleButton({ mobile, foldable }: { mobile: boolean; foldable: boolean }) {
  const { t } = useTranslation('shell');
  const toggleMobile = useSetAtom(toggleNavbarMobileAtom);
  const settings = useAtomValue(currentSettingsAtom);
  const update = useUpdateSettings();
  if (mobile) {
    return <Button appearance="subtle" aria-label={t('navbar.openMenu', 'Abrir menú')} icon={<NavigationRegular />} onClick={() => toggleMobile()} />;
  }
  if (!foldable) return null;
  const folded = settings.layout.config.navbar.folded;
  const label = folded ? t('navbar.unfold', 'Desplegar menú') : t('navbar.fold', 'Plegar menú');
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={folded ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
        onClick={() => void update({ layout: { config: { navbar: { folded: !folded } } } })}
      />
    </Tooltip>
  );
}

function MenuEntries({ items }: { items: readonly NavigationItem[] }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <>
      {items.map((item) => {
        const title = navigationTitle(t, item);
        if (item.type === 'divider') return <MenuDivider key={item.id} />;
        if (item.type === 'group' || item.type === 'collapse') {
          return (
            <Menu key={item.id} openOnHover hoverDelay={MENU_HOVER_DELAY}>
              <MenuTrigger disableButtonEnhancement>
                <MenuItem icon={<NavIcon name={item.icon} />}>{title}</MenuItem>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuEntries items={item.children ?? []} />
                </MenuList>
              </MenuPopover>
            </Menu>
          );
        }
        if (item.type === 'link') {
          return (
            <MenuItemLink key={item.id} href={item.url ?? '#'} target={linkTarget(item)} rel="noreferrer" icon={<NavIcon name={item.icon} />}>
              {title}
            </MenuItemLink>
          );
        }
        return (
          <MenuItemLink
            key={item.id}
            href={item.url ?? '#'}
            icon={<NavIcon name={item.icon} />}
            onClick={(event) => {
              event.preventDefault();
              if (item.url) navigate(item.url);
            }}
          >
            {title}
          </MenuItemLink>
        );
      })}
    </>
  );
}

function TopEntry({ item }: { item: NavigationItem }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const location = useLocation();
  const title = navigationTitle(t, item);
  if (item.type === 'divider') return null;
  if (item.type === 'group' || item.type === 'collapse') {
    const active = isUnderPath(item, location.pathname);
    return (
      <Menu openOnHover hoverDelay={MENU_HOVER_DELAY}>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance={active ? 'secondary' : 'subtle'} icon={<NavIcon name={item.icon} />} aria-current={active ? 'page' : undefined}>
            {title}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuEntries items={item.children ?? []} />
          </MenuList>
        </MenuPopover>
      </Menu>
    );
  }
  if (item.type === 'link') {
    return (
      <a className={styles.topLink} href={item.url} target={linkTarget(item)} rel="noreferrer">
        <NavIcon name={item.icon} />
        {title}
      </a>
    );
  }
  return (
    <NavLink to={item.url ?? '#'} end={item.exact} className={({ isActive }) => mergeClasses(styles.topLink, isActive && styles.topActive)}>
      <NavIcon name={item.icon} />
      {title}
    </NavLink>
  );
}

/**
 * Layouts 2 and 3: the navigation as a horizontal bar. The entries of the "Applications" group
 * stand at the top level; other groups and every collapse open as menus (hover delay 150 ms).
 */
export function HorizontalNavigation({ className }: { className?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const items = useNavigationItems();
  const top = items.flatMap((item) => (item.id === APPLICATIONS_GROUP_ID ? (item.children ?? []) : [item]));
  return (
    <NavbarTheme>
      <nav aria-label={t('navbar.label', 'Navegación')} className={mergeClasses(styles.horizontal, className)} data-orientation="horizontal">
        {top.map((item) => (
          <TopEntry key={item.id} item={item} />
        ))}
      </nav>
    </NavbarTheme>
  );
}

export { Brand };
