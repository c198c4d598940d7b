import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MachineSummary } from '@planta/contracts';
import { useFormat } from '@planta/ui';

type MeterWithSeries = MachineSummary['meters'][number];

const useStyles = makeStyles({
  card: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '8px', flexWrap: 'wrap' },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  chart: { width: '100%', height: '160px' },
});

/** One meter: its value, source and a line chart of its readings in the period. */
export function MeterChart({ meter, onRead }: { meter: MeterWithSeries; onRead?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const data = meter.points.map((point) => ({ at: Date.parse(point.at), value: point.value }));
  return (
    <Card className={styles.card} data-testid={`meter-${meter.id}`}>
      <div className={styles.head}>
        <div>
          <Text weight="semibold">{meter.name}</Text>
          <div>
            <span className={styles.value}>
              {format.number(meter.value, 2)} {meter.unit}
            </span>{' '}
            <Text size={200} className={styles.muted}>
              · {t(`enums.meterSource.${meter.source}`)}
            </Text>
          </div>
          <Text size={200} className={styles.muted}>
            {t('machineSummary.lastReading', { date: format.dateTime(meter.last_read_at) })}
          </Text>
        </div>
        {onRead ? <Button onClick={onRead}>{t('machineSummary.registerReading')}</Button> : null}
      </div>
      {data.length > 0 ? (
        <div className={styles.chart}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="at"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                tickFormatter={(value: number) => format.date(new Date(value).toISOString())}
                minTickGap={24}
              />
              <YAxis width={64} tickFormatter={(value: number) => format.number(value, 0)} />
              <Tooltip
                labelFormatter={(value) => format.dateTime(new Date(Number(value)).toISOString())}
                formatter={(value) => [`${format.number(Number(value), 2)} ${meter.unit}`, meter.name]}
              />
              <Line type="stepAfter" dataKey="value" stroke={tokens.colorBrandForeground1} dot={data.length < 40} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <Text className={styles.muted}>{t('machineSummary.noReadings')}</Text>
      )}
    </Card>
  );
}
