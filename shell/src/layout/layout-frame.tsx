import { makeStaticStyles, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { isColleague, type Settings } from '@planta/contracts';
import { animationDurations, currentSettingsAtom, NO_ANIMATE_CLASS, userAtom } from '@planta/session';
import { CustomStyleHooksProvider_unstable as CustomStyleHooksProvider } from '@fluentui/react-shared-contexts';
import { FITTING_BADGES, LAYERS } from '@planta/ui';
import { ShellPanels } from '../chat/shell-panels';
import { CriticalDimensionsPrompt } from '../critical-dimensions/critical-dimensions.prompt';
import { FailureReportButton, SIDE_GUTTER_VAR, useSideButtonWidth } from './failure-report-button';
import { Footer } from './footer';
import { HorizontalNavigation, MobileNavbar, TOOLBAR_HEIGHT, VerticalNavbar } from './navbar';
import { LeftSidePanel } from './side-panel';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Toolbar } from './toolbar';
import { MOBILE_QUERY, useIsMobile, useMediaQuery } from './use-media';
import { CONTENT_MAX_WIDTH, HEADER_HEIGHT } from './layout-constants';
import { webDarkTheme } from './dark-theme';
import { provideDarkTheme } from './themes';

// The navbar and footer are dark by default: the chrome brings the dark theme with it.
provideDarkTheme(webDarkTheme);

/** CSS variables holding the animation durations (spec 4). */
export const ANIMATION_DURATION_VAR = '--planta-animation-duration';
export const HOVER_DURATION_VAR = '--planta-hover-duration';

const useStaticStyles = makeStaticStyles({
  [`body.${NO_ANIMATE_CLASS} *, body.${NO_ANIMATE_CLASS} *::before, body.${NO_ANIMATE_CLASS} *::after`]: {
    transitionDuration: '0s !important',
    transitionDelay: '0s !important',
    animationDuration: '0s !important',
    animationDelay: '0s !important',
  },
});

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  boxed: { marginLeft: 'auto', marginRight: 'auto', width: '100%', boxShadow: tokens.shadow16 },
  row: { flex: 1, display: 'flex', minHeight: 0 },
  column: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
  content: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    // The side button's space: no control of a page ever lies under it.
    paddingInlineEnd: `var(${SIDE_GUTTER_VAR}, 0px)`,
    ':focus': { outline: 'none' },
  },
  container: { width: '100%', maxWidth: `${CONTENT_MAX_WIDTH}px`, marginLeft: 'auto', marginRight: 'auto' },
  header: { display: 'flex', flexDirection: 'column', flexShrink: 0, zIndex: LAYERS.chrome, boxShadow: tokens.shadow4 },
  stickyHeader: { position: 'sticky', top: 0 },
  headerRow: { flex: 1, boxShadow: 'none' },
  topNavigation: { minHeight: `${TOOLBAR_HEIGHT}px`, boxShadow: tokens.shadow4 },
});

interface FrameProps {
  settings: Settings;
  mobile: boolean;
  content: ReactNode;
  footer: ReactNode;
}

/** Layout 1: vertical navbar; the toolbar above everything or beside the navbar ("below"). */
function Layout1({ settings, mobile, content, footer }: FrameProps) {
  const styles = useStyles();
  const config = settings.layout.config;
  const toolbar = config.toolbar.display ? <Toolbar mobile={mobile} foldable /> : null;
  const above = config.toolbar.position === 'above';
  return (
    <>
      {above ? toolbar : null}
      <div className={styles.row}>
        {config.navbar.display && !mobile ? <VerticalNavbar /> : null}
        <div className={styles.column}>
          {above ? null : toolbar}
          {content}
          {footer}
        </div>
      </div>
    </>
  );
}

/** Layout 2: a two-row header (toolbar row and horizontal navigation row, 120 high together). */
function Layout2({ settings, mobile, content, footer }: FrameProps) {
  const styles = useStyles();
  const config = settings.layout.config;
  const toolbar = config.toolbar.display ? <Toolbar mobile={mobile} brand sticky={false} landmark={false} className={styles.headerRow} /> : null;
  const navigation = config.navbar.display && !mobile ? <HorizontalNavigation className={styles.headerRow} /> : null;
  const rows = config.toolbar.position === 'above' ? [toolbar, navigation] : [navigation, toolbar];
  const both = toolbar !== null && navigation !== null;
  return (
    <>
      {toolbar || navigation ? (
        <header
          className={mergeClasses(styles.header, config.toolbar.style === 'fixed' && styles.stickyHeader)}
          style={{ height: both ? HEADER_HEIGHT : undefined }}
          data-part="header"
        >
          {rows[0]}
          {rows[1]}
        </header>
      ) : null}
      {content}
      {footer}
    </>
  );
}

/** Layout 3: horizontal top navigation, the toolbar above or below it, an optional left side panel. */
function Layout3({ settings, mobile, content, footer }: FrameProps) {
  const styles = useStyles();
  const config = settings.layout.config;
  const sidePanel = config.leftSidePanel.display && !mobile;
  const toolbar = config.toolbar.display ? <Toolbar mobile={mobile} brand={!config.navbar.display || mobile} shortcutLinks={!sidePanel} /> : null;
  const above = config.toolbar.position === 'above';
  return (
    <>
      {above ? toolbar : null}
      {config.navbar.display && !mobile ? <HorizontalNavigation className={styles.topNavigation} /> : null}
      {above ? null : toolbar}
      <div className={styles.row}>
        {sidePanel ? <LeftSidePanel /> : null}
        <div className={styles.column}>
          {content}
          {footer}
        </div>
      </div>
    </>
  );
}

/**
 * Tablets: layout 1's 280 px side menu opens over the content as a drawer instead of pushing it
 * (a 1024 px screen would keep 744 px for the page). A 1280 px touch screen and desktops keep it.
 * Here, with the frame: the sign-in page's shell does not carry it.
 */
export const DRAWER_QUERY = `${MOBILE_QUERY}, (max-width: 1024px), (pointer: coarse) and (max-width: 1279.98px)`;

const FRAMES = { layout1: Layout1, layout2: Layout2, layout3: Layout3 } as const;

/** Spec 4: animations off → no-animate class on <body> and durations 0; on → 1000 / 400 ms. */
function useAnimations(animations: boolean): void {
  useEffect(() => {
    const body = document.body;
    const durations = animationDurations(animations);
    body.classList.toggle(NO_ANIMATE_CLASS, !animations);
    body.style.setProperty(ANIMATION_DURATION_VAR, `${durations.global}ms`);
    body.style.setProperty(HOVER_DURATION_VAR, `${durations.hover}ms`);
  }, [animations]);
}

/**
 * The page chrome of spec 2.5, chosen by `currentSettings.layout.style` (layout1 by default).
 * The routed content is keyed by the company, so a company switch mounts every view again.
 */
export default function LayoutFrame({ children }: { children: ReactNode }) {
  useStaticStyles();
  const styles = useStyles();
  const current = useAtomValue(currentSettingsAtom);
  const user = useAtomValue(userAtom);
  const phoneOrSmallTablet = useIsMobile();
  const tablet = useMediaQuery(DRAWER_QUERY);
  const sideButtonWidth = useSideButtonWidth();
  useAnimations(current.animations);

  const config = current.layout.config;
  const style = current.layout.style in FRAMES ? current.layout.style : 'layout1';
  const Frame = FRAMES[style];
  // Below the medium breakpoint every layout's menu is a drawer; on a tablet layout 1's side menu
  // too (it opens over the page, not beside it); layouts 2 and 3 keep their horizontal bar there.
  const mobile = phoneOrSmallTablet || (style === 'layout1' && tablet);
  const content = (
    <main
      key={`company-${user.data.company_id}`}
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={mergeClasses(styles.content, config.mode === 'container' && styles.container)}
    >
      {children}
    </main>
  );
  const footer = config.footer.display ? <Footer /> : null;

  // Badges fit their text here, in the signed-in frame where they are (not on the sign-in page,
  // whose shell is held to its size budget, bench/sizes.mjs).
  return (
    <CustomStyleHooksProvider value={FITTING_BADGES}>
      <div
        className={mergeClasses(styles.root, config.mode === 'boxed' && styles.boxed)}
        style={{ [SIDE_GUTTER_VAR]: `${sideButtonWidth}px`, ...(config.mode === 'boxed' ? { maxWidth: config.containerWidth } : {}) } as CSSProperties}
        dir={current.direction}
        data-layout={style}
        data-mode={config.mode}
      >
        <SkipLink />
        <Frame settings={current} mobile={mobile} content={content} footer={footer} />
        {mobile && config.navbar.display ? <MobileNavbar /> : null}
        {config.rightSidePanel.display ? <FailureReportButton /> : null}
        <ShellPanels />
        {isColleague(user.role) ? <CriticalDimensionsPrompt /> : null}
      </div>
    </CustomStyleHooksProvider>
  );
}
