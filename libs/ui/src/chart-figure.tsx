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
