import { FluentProvider, type Theme } from '@fluentui/react-components';
import type { ReactNode } from 'react';

// `style`, not a class: Fluent copies a provider's class names onto the portal nodes of the menus,
// tooltips and drawers opened inside it, and `display: contents` there drops the portal node's box,
// z-index and stacking context, so the toolbar was drawn over its own settings drawer and menus.
const NO_BOX = { display: 'contents' } as const;

/** A part of the chrome with its own theme (spec 9: navbar dark, toolbar light…) that adds no box. */
export function ThemedPart({ theme, dir, children }: { theme: Theme; dir: 'ltr' | 'rtl'; children: ReactNode }) {
  return (
    <FluentProvider theme={theme} dir={dir} style={NO_BOX}>
      {children}
    </FluentProvider>
  );
}
