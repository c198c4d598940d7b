import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';

const SIZES = { 'extra-tiny': 16, tiny: 20, medium: 32 } as const;
export type LoadingRingSize = keyof typeof SIZES;

/** A ring's track in one colour and its turning arc in another (Griffel takes no border shorthands). */
const ringColours = (track: string, arc: string) => ({ borderTopColor: arc, borderRightColor: track, borderBottomColor: track, borderLeftColor: track });

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '8px', lineHeight: 0 },
  ring: {
    boxSizing: 'border-box',
    flexShrink: 0,
    borderRadius: '50%',
    borderTopStyle: 'solid',
    borderRightStyle: 'solid',
    borderBottomStyle: 'solid',
    borderLeftStyle: 'solid',
    ...ringColours(tokens.colorBrandStroke2Contrast, tokens.colorBrandStroke1),
    animationName: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
    animationDuration: '1s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media screen and (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
    '@media screen and (forced-colors: active)': { ...ringColours('HighlightText', 'Highlight'), forcedColorAdjust: 'none' },
  },
  inverted: ringColours(tokens.colorNeutralStrokeAlpha2, tokens.colorNeutralStrokeOnBrand2),
  label: { ...typographyStyles.body1, color: tokens.colorNeutralForeground1 },
  labelMedium: typographyStyles.subtitle2,
});

/**
 * A turning ring, drawn with CSS: what Fluent's Spinner shows, without its component (about 4 KB
 * gzip with its label), so that the sign-in page and the start-up can show one. The ring is
 * decoration; the label, when given, is the text read out.
 */
export function LoadingRing({ size = 'medium', label, appearance }: { size?: LoadingRingSize; label?: string; appearance?: 'inverted' }) {
  const styles = useStyles();
  const side = SIZES[size];
  return (
    <span className={styles.root}>
      <span
        aria-hidden
        className={mergeClasses(styles.ring, appearance === 'inverted' && styles.inverted)}
        style={{ width: side, height: side, borderWidth: size === 'medium' ? 3 : 2 }}
      />
      {label && <span className={mergeClasses(styles.label, size === 'medium' && styles.labelMedium)}>{label}</span>}
    </span>
  );
}
