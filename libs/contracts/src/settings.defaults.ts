import type { Settings } from './settings.schema';

// zod-free: the session library (on the sign-in page) reads these at start-up; the schemas stay in settings.schema.ts.

/** Spec 9 defaults: themes main default, navbar dark, toolbar light, footer dark; layout1 full width. */
export const defaultSettings: Settings = {
  layout: {
    style: 'layout1',
    config: {
      mode: 'fullwidth',
      containerWidth: 1120,
      navbar: { display: true, folded: false, position: 'left' },
      toolbar: { display: true, style: 'fixed', position: 'below' },
      // Static: the footer scrolls with the page, a 1024×768 tablet keeps its height for the work (spec 2.5 allows either).
      footer: { display: true, style: 'static' },
      leftSidePanel: { display: true },
      rightSidePanel: { display: true },
    },
  },
  customScrollbars: true,
  animations: true,
  direction: 'ltr',
  theme: { main: 'default', navbar: 'defaultDark', toolbar: 'default', footer: 'defaultDark' },
};

/** Spec 3 navbar state: both closed at start. */
export const initialNavbarState = { foldedOpen: false, mobileOpen: false } as const;

/** Spec 3 stored client values. */
export const storageKeys = {
  accessToken: 'jwt_access_token',
  email: 'email',
  joinedRoom: 'joined_room',
  providerAccessToken: 'access_token',
  providerIdToken: 'id_token',
  providerExpiresAt: 'expires_at',
} as const;
