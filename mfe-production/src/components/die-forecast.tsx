import {
  Badge,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dieForecastEndpoints, type BestCopy, type BestCopyItem, type NitridingForecast } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard, Facts, useCan, useFormat } from '@planta/ui';
import '../i18n';

/** The copies reaching their nitriding limit, by the order at which they do (domain.md C1). */
export type ForecastByOrder = ReadonlyMap<number, readonly NitridingForecast[]>;

/**
 * The nitriding forecast of the board, read again whenever the board is (`version` changes):
 * whoever may read the board sees it; an error leaves the board without badges (it is a hint).
 */
export function useNitridingForecast(version: unknown): ForecastByOrder {
  const mayRead = useCan(dieForecastEndpoints.forecast);
  const [byOrder, setByOrder] = useState<ForecastByOrder>(new Map());
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    call(dieForecastEndpoints.forecast).then(
      (items) => {
        if (!live) return;
        const map = new Map<number, NitridingForecast[]>();
        for (const item of items) map.set(item.order_id, [...(map.get(item.order_id) ?? []), item]);
        setByOrder(map);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mayRead, version]);
  return byOrder;
}

/**
 * The badge on an order card whose die copy reaches its nitriding limit during that order (or is
 * past it before): it says what to do in words, no hover title needed (a tablet shows none).
 */
export function NitridingForecastBadges({ items }: { items: readonly NitridingForecast[] | undefined }) {
  const { t } = useTranslation('production');
  if (!items?.length) return null;
  return (
    <>
      {items.map((item) => (
        <Badge
          key={item.die_id}
          color={item.already_past ? 'danger' : 'warning'}
          appearance="filled"
          shape="rounded"
          data-testid={`nitriding-forecast-${item.order_id}`}
        >
          {t(item.already_past ? 'board.nitridingOverdue' : 'board.nitridingLimit', { copy: item.die_label })}
        </Badge>
      ))}
    </>
  );
}

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
  copy: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '12px' },
  best: { border: `2px solid ${tokens.colorPaletteGreenBorder2}` },
  head: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

/** The copies of the order's die reference ranked for it, with the reasons (domain.md C2). */
export function BestCopyDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  // The reasons in the user's language from the copy's numbers (the API's `reason` is the same sentence in Spanish).
  const reasonOf = (copy: BestCopyItem) => {
    const why = (key: string, values?: Record<string, string>) => t(`production:board.bestCopyWhy.${key}`, values ?? {});
    const parts: string[] = [];
    if (!copy.available) parts.push(why('unavailable'));
    else {
      parts.push(copy.margin === null ? why('noThreshold') : copy.margin < 0 ? why('crossesLimit') : why('margin', { margin: format.percent(copy.margin) }));
      parts.push(copy.recovery === null ? why('noHistory') : why('recovery', { recovery: format.percent(copy.recovery) }));
      if (copy.kg_h !== null) parts.push(why('kgPerHour', { kgH: format.number(copy.kg_h, 0) }));
      if (copy.corrections_count > 0) parts.push(why('corrections', { count: format.number(copy.corrections_count, 0) }));
    }
    if (copy.current) parts.push(why('current'));
    return why(copy.recommended ? 'recommended' : 'plain', { copy: String(copy.copy_number), parts: parts.join(', ') });
  };
  const [best, setBest] = useState<BestCopy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setBest(null);
    setFailure(null);
    if (orderId === null) return;
    let live = true;
    call(dieForecastEndpoints.bestCopy, { params: { id: orderId } }).then(
      (answer) => live && setBest(answer),
      (error) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [orderId]);
  return (
    <Dialog open={orderId !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('production:board.bestCopyTitle', { number: best?.order_number ?? '' })}</DialogTitle>
          <DialogContent>
            {failure ? <ErrorCard title={t('production:board.bestCopy')} message={failure} /> : null}
            {!best && !failure ? <Spinner label={t('common:loading')} /> : null}
            {best ? (
              <>
                <Text>{t('production:board.bestCopyIntro', { reference: best.die_reference, kg: format.number(best.order_kg, 0) })}</Text>
                {best.copies.length === 0 ? <Text>{t('production:board.bestCopyNone')}</Text> : null}
                <ol className={styles.list} data-testid="best-copies">
                  {best.copies.map((copy) => (
                    <li key={copy.die_id}>
                      <Card className={copy.recommended ? `${styles.copy} ${styles.best}` : styles.copy}>
                        <div className={styles.head}>
                          <Text weight="semibold">{copy.die_label}</Text>
                          {copy.recommended ? (
                            <Badge color="success" appearance="filled">
                              {t('production:board.bestCopyRecommended')}
                            </Badge>
                          ) : null}
                          {copy.current ? <Badge appearance="tint">{t('production:board.bestCopyCurrent')}</Badge> : null}
                          {!copy.available ? (
                            <Badge color="danger" appearance="tint">
                              {t('production:board.bestCopyUnavailable')}
                            </Badge>
                          ) : null}
                        </div>
                        <Caption1>{reasonOf(copy)}</Caption1>
                        <Facts
                          items={[
                            [t('production:board.bestCopyMargin'), format.percent(copy.margin)],
                            [t('production:board.bestCopyRecovery'), format.percent(copy.recovery)],
                            [t('production:board.bestCopyKgH'), format.number(copy.kg_h, 0)],
                            [t('production:board.bestCopyCorrections'), format.number(copy.corrections_count, 0)],
                          ]}
                        />
                      </Card>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
