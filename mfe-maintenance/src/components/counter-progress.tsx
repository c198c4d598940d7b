import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useFormat } from '@planta/ui';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  label: { fontVariantNumeric: 'tabular-nums', overflowWrap: 'normal' },
});

/**
 * How far a counter plan is towards its due value: 'Tochos: 41.200 / 45.000' over a bar, which
 * turns to a warning inside the early-warning lead and to an error once the due value is reached.
 */
export function CounterProgress({
  name,
  value,
  dueValue,
  lastDoneValue,
  leadValue,
}: {
  name: string;
  value: number;
  dueValue: number;
  lastDoneValue: number;
  leadValue: number;
}) {
  const styles = useStyles();
  const format = useFormat();
  const span = dueValue - lastDoneValue;
  const used = span > 0 ? (value - lastDoneValue) / span : 1;
  const color = value >= dueValue ? 'error' : value >= dueValue - leadValue ? 'warning' : 'brand';
  return (
    <div className={styles.box}>
      <Text size={200} className={styles.label} style={{ color: color === 'error' ? tokens.colorPaletteRedForeground1 : undefined }}>
        {name}: {format.number(value, 0)} / {format.number(dueValue, 0)}
      </Text>
      <ProgressBar
        value={Math.min(1, Math.max(0, used))}
        color={color}
        thickness="large"
        aria-label={`${name}: ${format.number(value, 0)} / ${format.number(dueValue, 0)}`}
      />
    </div>
  );
}
