import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { currentSettingsAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { ChatToggle } from '../chat/chat-panel';
import { NotificationBell } from '../notifications/notifications-panel';
import { CompanySelector } from './company-selector';
import { LanguageMenu } from './language-menu';
import { Brand, NavbarToggleButton, TOOLBAR_HEIGHT } from './navbar';
import { NavigationSearch } from './navigation-search';
import { SettingsPanel } from './settings-panel';
import { Shortcuts } from './shortcuts';
import { ThemedPart } from './themed-part';
import { fluentTheme } from './themes';
import { NARROW_QUERY, SMALL_QUERY, TOUCH_QUERY, useMediaQuery } from './use-media';
import { UserMenu } from './user-menu';

const useStyles = makeStyles({
  toolbar: {
    height: `${TOOLBAR_HEIGHT}px`,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 16px',
    // Nothing may push the user menu off screen: the flexible parts (company, search) shrink instead.
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow4,
  },
  small: { gap: '2px', padding: '0 6px' },
  // 44 × 44 px touch targets (WCAG 2.5.5) where fingers, not a mouse, use the toolbar.
  touch: {
    [`@media ${TOUCH_QUERY}`]: {
      '& button, & a, & .fui-Dropdown, & .fui-Input': { minWidth: '44px', minHeight: '44px' },
    },
  },
  sticky: { position: 'sticky', top: 0, zIndex: LAYERS.chrome },
  spacer: { flex: 1 },
});

export interface ToolbarProps {
  /** below the medium breakpoint: the navbar is a drawer opened from here */
  mobile: boolean;
  /** layout 1 folds its vertical navbar from the toolbar */
  foldable?: boolean;
  /** layouts 2 and 3 show the logo in the toolbar */
  brand?: boolean;
  /** false when the shortcut quick links live in layout 3's side panel (the star stays here) */
  shortcutLinks?: boolean;
  /** sticky unless inside a header that is itself sticky */
  sticky?: boolean;
  /** a <header> (the banner landmark) unless it is a row of layout 2's header */
  landmark?: boolean;
  className?: string;
}

/** Spec 2.5 toolbar: navbar button, shortcuts, company selector, search, chat toggle, notification bell, language, settings, user menu. */
export function Toolbar({ mobile, foldable = false, brand = false, shortcutLinks = true, sticky = true, landmark = true, className }: ToolbarProps) {
  const styles = useStyles();
  const settings = useAtomValue(currentSettingsAtom);
  const Root = landmark ? 'header' : 'div';
  const fixed = sticky && settings.layout.config.toolbar.style === 'fixed';
  // Tablets and laptops: quick links and the user's name give way (the star lists the shortcuts).
  const wide = !useMediaQuery(NARROW_QUERY);
  const small = useMediaQuery(SMALL_QUERY);
  return (
    <ThemedPart theme={fluentTheme(settings.theme.toolbar)} dir={settings.direction}>
      <Root className={mergeClasses(styles.toolbar, styles.touch, small && styles.small, fixed && styles.sticky, className)} data-part="toolbar">
        <NavbarToggleButton mobile={mobile} foldable={foldable && settings.layout.config.navbar.display} />
        {brand && !mobile ? <Brand /> : null}
        <Shortcuts links={shortcutLinks && wide} />
        <div className={styles.spacer} />
        <CompanySelector hideSingle={small} />
        {small ? null : <NavigationSearch />}
        <ChatToggle />
        <NotificationBell />
        {small ? null : <LanguageMenu />}
        <SettingsPanel />
        <UserMenu compact={mobile || !wide} />
      </Root>
    </ThemedPart>
  );
}
