import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CorrectionComparison } from '@planta/contracts';
import { useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { EffectivenessBadge } from './correction-badges';

registerDieshopTexts(correctionTexts);

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chart: { width: '100%', height: '260px' },
  figures: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'center' },
});

/**
 * The dimension's 10-minute checks of the run before the correction beside the trial run's (by
 * check number: the runs are days apart), with the profile's tolerance band, how many fell outside
 * it and the effectiveness proposed from them (domain.md C3).
 */
export function DimensionComparison({ comparison }: { comparison: CorrectionComparison }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  const { nominal_mm, tol_minus, tol_plus, before, after } = comparison;
  const band = nominal_mm !== null && tol_minus !== null && tol_plus !== null ? { low: nominal_mm - tol_minus, high: nominal_mm + tol_plus } : null;
  const length = Math.max(before.length, after.length);
  const data = Array.from({ length }, (_, index) => ({ check: index + 1, before: before[index]?.value ?? null, after: after[index]?.value ?? null }));
  const beforeLabel = t('correctionReport.before');
  const afterLabel = t('correctionReport.after');
  return (
    <Card className={styles.card}>
      {comparison.dimension_label && nominal_mm !== null ? (
        <Text weight="semibold">
          {t('correctionReport.comparisonOf', {
            label: comparison.dimension_label,
            nominal: format.number(nominal_mm),
            minus: format.number(tol_minus),
            plus: format.number(tol_plus),
          })}
        </Text>
      ) : null}
      {length === 0 ? (
        <Text>{t('correctionReport.noComparison')}</Text>
      ) : (
        <div className={styles.chart} role="img" aria-label={t('correctionReport.comparison')}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="check" type="number" domain={[1, Math.max(length, 2)]} allowDecimals={false} />
              <YAxis width={72} domain={['auto', 'auto']} tickFormatter={(value: number) => format.number(value, 2)} />
              {band ? (
                <ReferenceArea y1={band.low} y2={band.high} fill={tokens.colorPaletteGreenBackground2} fillOpacity={0.4} ifOverflow="extendDomain" />
              ) : null}
              {band && nominal_mm !== null ? <ReferenceLine y={nominal_mm} stroke={tokens.colorPaletteGreenForeground1} strokeDasharray="4 4" /> : null}
              <Tooltip
                labelFormatter={(value) => `${t('correctionReport.check')} ${value}`}
                formatter={(value, name) => [`${format.number(Number(value), 3)} mm`, name === 'before' ? beforeLabel : afterLabel]}
              />
              <Legend formatter={(value) => (value === 'before' ? beforeLabel : afterLabel)} />
              <Line dataKey="before" stroke={tokens.colorPaletteRedForeground1} dot isAnimationActive={false} connectNulls />
              <Line dataKey="after" stroke={tokens.colorBrandForeground1} dot isAnimationActive={false} connectNulls />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      <div className={styles.figures} data-testid="comparison-figures">
        <Text>
          {beforeLabel}: {t('correctionReport.outside', { count: comparison.before_out })}
        </Text>
        <Text>
          {afterLabel}: {t('correctionReport.outside', { count: comparison.after_out })}
        </Text>
        {comparison.proposed ? (
          <Text>
            {t('correctionReport.proposed')} <EffectivenessBadge effectiveness={comparison.proposed} />
          </Text>
        ) : (
          <Text>{t('correctionReport.noProposal')}</Text>
        )}
      </div>
    </Card>
  );
}
