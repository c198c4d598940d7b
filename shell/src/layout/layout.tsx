import { Suspense, useEffect, type ReactNode } from 'react';
import type { RouteSettings } from '@planta/shell-contract';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  applyRouteSettings,
  currentSettingsAtom,
  defaultSettingsAtom,
  deviceClassAtom,
  deviceSettingsAtom,
  isSignedInAtom,
  TOUCH_QUERY,
  userAtom,
} from '@planta/session';
import { LoadingScreen } from '@planta/ui';
import { useCompanyList } from './company-list.hook';
import { useFocusAfterNavigation } from './focus-after-navigation';
import { useTouchTargetStyles } from './touch-targets.styles';
import { preloadable } from '../routing/preloadable';
import { useMediaQuery } from './use-media';
import { useSignedInTexts, useUserLanguage } from './user-language.hook';

export { CONTENT_MAX_WIDTH, HEADER_HEIGHT, NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, TOOLBAR_HEIGHT } from './layout-constants';

// The chrome (navbar, toolbar, settings, search, ...) loads only where it is shown, so that the
// sign-in screens, which hide it, do not download it; start-up loads it ahead for a signed-in user.
export const LayoutFrame = preloadable(async () => (await import('./layout-frame')).default);

/** Follows the device class (touch or desktop) whose own settings apply (device-settings.ts). */
function useDeviceClass(): void {
  const touch = useMediaQuery(TOUCH_QUERY);
  const setDeviceClass = useSetAtom(deviceClassAtom);
  useEffect(() => setDeviceClass(touch ? 'touch' : 'desktop'), [touch, setDeviceClass]);
}

type LayoutParts = Partial<Record<'navbar' | 'toolbar' | 'footer' | 'leftSidePanel' | 'rightSidePanel', { display?: boolean }>>;
const PARTS = ['navbar', 'toolbar', 'footer', 'leftSidePanel', 'rightSidePanel'] as const;
const hidesEveryPart = (config: LayoutParts | undefined) => !!config && PARTS.every((part) => config[part]?.display === false);

/**
 * The page layout of spec 2.5. A route's settings are merged over the defaults and the user's
 * own settings while it is shown; a route that hides every part of the chrome gets its page alone.
 */
export function Layout({ settings, children }: { settings?: RouteSettings; children: ReactNode }) {
  const current = useAtomValue(currentSettingsAtom);
  const defaults = useAtomValue(defaultSettingsAtom);
  const user = useAtomValue(userAtom);
  const device = useAtomValue(deviceSettingsAtom);
  useDeviceClass();
  // Every route, the sign-in pages too, is laid out here: 44 px touch targets on tablets.
  useTouchTargetStyles();
  useFocusAfterNavigation();
  useEffect(() => {
    applyRouteSettings(settings ?? null, device);
  }, [settings, defaults, user.data.settings, device]);
  const waitingForLanguage = useUserLanguage(user.data.settings.language);
  const signedIn = useAtomValue(isSignedInAtom);
  const waitingForTexts = useSignedInTexts(signedIn);
  useCompanyList(signedIn, user.data.company_id);

  // The user's language, or the signed-in screens' texts, may still be downloading: the page waits
  // rather than show another language or raw keys first.
  if (waitingForLanguage || waitingForTexts) return <LoadingScreen delayMs={200} />;
  // A route that hides the chrome is chromeless from its first render, before its settings are
  // applied: the sign-in page must not download the chrome to hide it a moment later.
  const chromeless = hidesEveryPart(settings?.layout?.config as LayoutParts | undefined) || hidesEveryPart(current.layout.config);
  if (chromeless) return <main dir={current.direction}>{children}</main>;
  return (
    <Suspense fallback={<LoadingScreen delayMs={200} />}>
      <LayoutFrame>{children}</LayoutFrame>
    </Suspense>
  );
}
