import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  chart: { width: '100%', height: '260px' },
  large: { height: '420px' },
  // The data table is the chart's text alternative: read by screen readers, shown on request.
  details: { color: tokens.colorNeutralForeground2 },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, '& th, & td': { padding: '2px 8px', textAlign: 'start' } },
});

/** Whether the page reads right to left: charts then run their time axis from the right. */
export const isRightToLeft = () => typeof document !== 'undefined' && document.documentElement.dir === 'rtl';

/**
 * A chart with its text alternatives (issue 16): a one-sentence `summary` as the chart's
 * accessible name, and the same figures as a table behind "Ver datos". Colours come from Fluent
 * tokens (CSS variables), so the chart follows the light and dark themes.
 */
export function ChartFigure({
  summary,
  tableLabel,
  columns,
  rows,
  large,
  children,
}: {
  summary: string;
  tableLabel: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  large?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.frame}>
      <div className={large ? `${styles.chart} ${styles.large}` : styles.chart} role="img" aria-label={summary}>
        {children}
      </div>
      <details className={styles.details}>
        <summary>
          <Text size={200}>{tableLabel}</Text>
        </summary>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/**
 * A label cut to `perLine` characters a line at its words, on `maxLines` lines at most, the last
 * one ending in '…' when the label does not fit ('Mantenimiento planificado' → two lines).
 */
export function wrapLabel(label: string, perLine: number, maxLines = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= perLine || !line) line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((text) => (text.length > perLine ? `${text.slice(0, perLine - 1)}…` : text));
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, perLine - 1).trimEnd()}…`;
  return kept;
}

/** What recharts hands a custom axis tick (the parts used here). */
interface AxisTickProps {
  x?: number;
  y?: number;
  width?: number;
  visibleTicksCount?: number;
  payload?: { value: unknown };
  fill?: string;
  fontSize?: number;
}

/** Height of a category axis whose ticks are CategoryTick: two lines of 11 px labels. */
export const CATEGORY_AXIS_HEIGHT = 36;

/**
 * A category axis's label (a recharts `tick`: `tick={<CategoryTick />}`), wrapped at its words on
 * two lines of its own band of the axis, so that long causes ('Falla hidráulica', 'Mantenimiento
 * planificado') never run into their neighbours; the whole label is its tooltip.
 */
export function CategoryTick({ x = 0, y = 0, width = 0, visibleTicksCount = 1, payload, fill = tokens.colorNeutralForeground2, fontSize = 11 }: AxisTickProps) {
  const label = String(payload?.value ?? '');
  // About 0.55 em per character of the portal's sans-serif at this size.
  const perLine = Math.max(4, Math.floor((width / Math.max(1, visibleTicksCount) - 6) / (fontSize * 0.55)));
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={fontSize} fill={fill}>
      <title>{label}</title>
      {wrapLabel(label, perLine).map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? '0.71em' : '1.15em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
