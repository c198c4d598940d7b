import { Badge, Card, CardHeader, makeStyles, mergeClasses, Spinner, Text, Title1, tokens, Tooltip } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { indicatorEndpoints, type AreaSummary, type TrafficLight } from '@planta/contracts';
import { call } from '@planta/session';
import { ErrorCard } from '@planta/ui';

/** The summary is refreshed this often while it is shown (stops and overdue work change by the minute). */
const REFRESH_MS = 60_000;

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  cards: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', alignItems: 'start' },
  card: { borderTop: `4px solid ${tokens.colorNeutralStroke1}` },
  green: { borderTopColor: tokens.colorPaletteGreenBorderActive },
  amber: { borderTopColor: tokens.colorPaletteMarigoldBorderActive },
  red: { borderTopColor: tokens.colorPaletteRedBorderActive },
  items: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '6px' },
  calm: { color: tokens.colorNeutralForeground2 },
});

const BADGE: Record<TrafficLight, 'success' | 'warning' | 'danger'> = { green: 'success', amber: 'warning', red: 'danger' };

/** /apps/dashboards/analytics — 'Resumen de áreas': one card per area the user may read, its light and what needs attention now. */
export function AreaSummaryPage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const [summary, setSummary] = useState<AreaSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    call(indicatorEndpoints.areaSummary, {}, { signal }).then(
      (answer) => {
        setSummary(answer);
        setFailure(null);
      },
      (error: unknown) => !signal?.aborted && setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    const timer = setInterval(() => load(controller.signal), REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [load]);

  return (
    <section className={styles.page} aria-labelledby="area-summary-title">
      <Title1 as="h1" id="area-summary-title">
        {t('areaSummary.title')}
      </Title1>
      {failure && !summary ? (
        <ErrorCard title={t('areaSummary.title')} message={failure} retryLabel={t('remoteError.retry')} onRetry={() => load()} />
      ) : !summary ? (
        <Spinner label={t('areaSummary.loading')} />
      ) : summary.cards.length === 0 ? (
        <Text>{t('areaSummary.none')}</Text>
      ) : (
        <div className={styles.cards}>
          {summary.cards.map((card) => (
            <Card key={card.area} className={mergeClasses(styles.card, styles[card.light])} data-area={card.area} aria-labelledby={`area-${card.area}`}>
              <CardHeader
                header={
                  <Text weight="semibold" size={500} id={`area-${card.area}`}>
                    {card.title}
                  </Text>
                }
                action={
                  <Tooltip content={card.rule} relationship="description">
                    <Badge appearance="filled" color={BADGE[card.light]} data-light={card.light}>
                      {t(`areaSummary.light.${card.light}`)}
                    </Badge>
                  </Tooltip>
                }
              />
              {card.items.length > 0 ? (
                <ul className={styles.items}>
                  {card.items.map((item) => (
                    <li key={`${item.route}:${item.text}`}>
                      <RouterLink to={item.route}>{item.text}</RouterLink>
                    </li>
                  ))}
                </ul>
              ) : (
                <Text className={styles.calm}>{t('areaSummary.calm')}</Text>
              )}
              <RouterLink to={card.route}>{t('areaSummary.open', { area: card.title })}</RouterLink>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
