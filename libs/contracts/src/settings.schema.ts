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
