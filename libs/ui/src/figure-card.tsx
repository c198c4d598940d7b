import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { InfoLabel } from './info-label';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  // Visible overflow: the formula's popover opens below the label and must not be cut by the card.
  card: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '150px', overflow: 'visible' },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  // The shop-floor display: read from across the press.
  large: { fontSize: '64px', lineHeight: '72px' },
  note: { color: tokens.colorNeutralForeground3 },
  info: { maxWidth: '360px', display: 'flex', flexDirection: 'column', gap: '6px' },
  green: { borderInlineStartWidth: '6px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteGreenBorderActive },
  amber: { borderInlineStartWidth: '6px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteMarigoldBorderActive },
  red: { borderInlineStartWidth: '6px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteRedBorderActive },
});

/**
 * A figure with its label and, behind the label's (i) button, how it is computed; `band` colours
 * its edge (e.g. OEE's red, amber and green bands) and `large` is the shop-floor display's size
 * (without the (i): a wall screen is read, not clicked).
 */
export function FigureCard({
  label,
  value,
  info,
  note,
  testId,
  band,
  large,
}: {
  label: string;
  value: ReactNode;
  info?: ReactNode;
  note?: ReactNode;
  testId?: string;
  band?: 'green' | 'amber' | 'red' | null;
  large?: boolean;
}) {
  const styles = useStyles();
  return (
    <Card className={mergeClasses(styles.card, band ? styles[band] : undefined)} data-testid={testId} data-band={band ?? undefined}>
      {/* The shop-floor display is read from across the press, never touched: no (i) nobody can click. */}
      {info && !large ? (
        <InfoLabel info={<div className={styles.info}>{info}</div>} size={large ? 'large' : 'medium'}>
          {label}
        </InfoLabel>
      ) : (
        <Text weight="semibold" size={large ? 500 : 300}>
          {label}
        </Text>
      )}
      <span className={mergeClasses(styles.value, large && styles.large)}>{value}</span>
      {note ? (
        <Text size={large ? 400 : 200} className={styles.note}>
          {note}
        </Text>
      ) : null}
    </Card>
  );
}
