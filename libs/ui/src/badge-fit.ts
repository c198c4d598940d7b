import { makeStyles, mergeClasses, type BadgeState } from '@fluentui/react-components';

/* Every Fluent badge of the portal (status pills, counts) through one style hook of the FluentProvider. */

const useStyles = makeStyles({
  // Fluent gives a badge a fixed height: a label wider than its cell or card ('Borrador automático'
  // in a table column on a tablet) wrapped onto a second line drawn outside the outline. The pill
  // grows with its text instead, keeping its size as the least height.
  fit: { height: 'auto', whiteSpace: 'normal', textAlign: 'center', paddingTop: '1px', paddingBottom: '1px' },
  small: { minHeight: '16px' },
  medium: { minHeight: '20px' },
  large: { minHeight: '24px' },
  'extra-large': { minHeight: '32px' },
});

/** FluentProvider's `customStyleHooks_unstable.useBadgeStyles_unstable`: badges never overflow their outline. */
export function useFittingBadgeStyles(state: unknown): void {
  const badge = state as BadgeState;
  const styles = useStyles();
  // The dot sizes hold no text.
  if (badge.size === 'tiny' || badge.size === 'extra-small') return;
  badge.root.className = mergeClasses(badge.root.className, styles.fit, styles[badge.size]);
}

/** What a FluentProvider takes to fit its badges (the shell's, and the component tests' harness). */
export const FITTING_BADGES = { useBadgeStyles_unstable: useFittingBadgeStyles } as const;
