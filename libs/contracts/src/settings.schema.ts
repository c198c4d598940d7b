import { z } from 'zod';

const section = <T extends z.ZodRawShape>(shape: T) => z.object({ display: z.boolean(), ...shape });

/** Spec 2.5 layout config sections, each with a display flag; mode boxed, container or full width. */
export const layoutConfigSchema = z.object({
  mode: z.enum(['boxed', 'container', 'fullwidth']),
  containerWidth: z.number().int().positive(),
  navbar: section({ folded: z.boolean(), position: z.enum(['left', 'right']) }),
  toolbar: section({ style: z.enum(['fixed', 'static']), position: z.enum(['above', 'below']) }),
  footer: section({ style: z.enum(['fixed', 'static']) }),
  leftSidePanel: section({}),
  rightSidePanel: section({}),
});
export type LayoutConfig = z.infer<typeof layoutConfigSchema>;

/** Spec 3 settings: layout (style, config), animations, direction, theme names. */
export const settingsSchema = z.object({
  layout: z.object({ style: z.enum(['layout1', 'layout2', 'layout3']), config: layoutConfigSchema }),
  customScrollbars: z.boolean(),
  animations: z.boolean(),
  direction: z.enum(['ltr', 'rtl']),
  theme: z.object({ main: z.string(), navbar: z.string(), toolbar: z.string(), footer: z.string() }),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Spec 9 defaults: themes main default, navbar dark, toolbar light, footer dark; layout1 full width. */
export const defaultSettings: Settings = {
  layout: {
    style: 'layout1',
    config: {
      mode: 'fullwidth',
      containerWidth: 1120,
      navbar: { display: true, folded: false, position: 'left' },
      toolbar: { display: true, style: 'fixed', position: 'below' },
      footer: { display: true, style: 'fixed' },
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
