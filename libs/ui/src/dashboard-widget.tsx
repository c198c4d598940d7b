import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { indicatorEndpoints, type EndpointResponse, type IndicatorArea } from '@planta/contracts';
import { useAtomValue } from 'jotai';
import { call, userAtom } from '@planta/session';
import { filtersKey, type DashboardFilters, type ExportSheet, type WidgetProps } from '@planta/shell-contract';
import { useLiveFigures, type LiveFigures } from './use-live-figures';

/**
 * What the areas' dashboard widgets share (issue 16): their figures loaded live from the
 * indicators endpoints (one request for every widget asking the same at once), their loading and
 * failure states, and the hand-over of what they show to the dashboard's exports.
 */

export const useWidgetStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '8px' },
  large: { gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: '16px' },
  tableWrap: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  links: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', paddingBottom: '6px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  itemLine: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' },
  info: { display: 'flex', flexDirection: 'column', gap: '6px', maxWidth: '360px' },
});

type IndicatorEndpoint = (typeof indicatorEndpoints)['production' | 'maintenance' | 'dieshop'];

/** Each area's indicators endpoint: its live changes are that area's. */
const AREA_OF = new Map<IndicatorEndpoint, IndicatorArea>([
  [indicatorEndpoints.production, 'production'],
  [indicatorEndpoints.maintenance, 'maintenance'],
  [indicatorEndpoints.dieshop, 'dieshop'],
]);

/** The query of an indicators endpoint for the dashboard's filters: the period (up to now without `to`), and the press and shift where the endpoint's query takes them. */
export function indicatorQuery(filters: DashboardFilters, endpoint: IndicatorEndpoint) {
  const takes = endpoint.query.shape;
  return {
    from: filters.from,
    ...(filters.to ? { to: filters.to } : {}),
    ...('line_id' in takes && filters.lineId ? { line_id: filters.lineId } : {}),
    ...('shift_id' in takes && filters.shiftId ? { shift_id: filters.shiftId } : {}),
  };
}

interface Shared {
  promise: Promise<unknown>;
  controller: AbortController;
  waiting: number;
}
const inFlight = new Map<string, Shared>();

/**
 * One request for every widget asking the same figures at once (they all reload on the same
 * event and minute); cancelled only when every widget waiting for it gave up.
 */
export function loadShared<T>(key: string, request: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  let entry = inFlight.get(key);
  if (!entry) {
    const controller = new AbortController();
    const created: Shared = { promise: request(controller.signal), controller, waiting: 0 };
    const forget = () => inFlight.get(key) === created && inFlight.delete(key);
    created.promise.then(forget, forget);
    inFlight.set(key, created);
    entry = created;
  }
  const shared = entry;
  shared.waiting += 1;
  signal.addEventListener(
    'abort',
    () => {
      shared.waiting -= 1;
      if (shared.waiting > 0) return;
      if (inFlight.get(key) === shared) inFlight.delete(key);
      shared.controller.abort();
    },
    { once: true },
  );
  return shared.promise as Promise<T>;
}

/** An area's indicators for the dashboard's filters, kept live (useLiveFigures) and shared between the area's widgets. */
export function useIndicatorFigures<E extends IndicatorEndpoint>(endpoint: E, filters: DashboardFilters): LiveFigures<EndpointResponse<E>> {
  const query = indicatorQuery(filters, endpoint);
  const key = `${endpoint.path}?${JSON.stringify(query)}`;
  return useLiveFigures(
    (signal) => loadShared(key, (own) => call(endpoint as IndicatorEndpoint, { query }, { signal: own }) as Promise<EndpointResponse<E>>, signal),
    [AREA_OF.get(endpoint)!],
    `${key}|${filtersKey(filters)}`,
  );
}

/** Hands the dashboard the tables a widget shows, again whenever they change (none before its figures). */
export function useWidgetExport(onExport: WidgetProps['onExport'], sheets: readonly ExportSheet[] | null): void {
  const latest = useRef({ onExport, sheets });
  latest.current = { onExport, sheets };
  const text = JSON.stringify(sheets ?? []);
  useEffect(() => {
    latest.current.onExport(latest.current.sheets ?? []);
  }, [text]);
}

/**
 * A widget's figures: a spinner until the first answer, the failure inline with 'Reintentar'
 * (above the figures last loaded, which stay shown), then the figures.
 */
export function WidgetFrame<T>({ live, children }: { live: LiveFigures<T>; children: (data: T) => ReactNode }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('common');
  const failure = live.error ? (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>{t('widgetLoadError', { message: live.error })}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={live.reload} disabled={live.loading}>
          {t('actions.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  ) : null;
  if (live.data === null) return failure ?? <Spinner size="small" label={t('loading')} />;
  return (
    <div className={styles.body}>
      {failure}
      {children(live.data)}
    </div>
  );
}

/** What a widget says when there is nothing to show. */
export function EmptyText({ children }: { children: ReactNode }) {
  const styles = useWidgetStyles();
  return <Text className={styles.muted}>{children}</Text>;
}

/** A figure for an export cell: rounded, empty stays empty. */
export const exportNumber = (value: number | null | undefined, digits = 2): number | null =>
  value === null || value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;
/** A 0..1 share as the percentage an export cell shows (its column says '%'). */
export const exportPercent = (share: number | null | undefined): number | null => exportNumber(share === null || share === undefined ? null : share * 100, 1);

/** The signed-in user's open items of an area (their work orders, their corrections), the most urgent first, kept live. */
export function useMyItems<T>(
  list: (userId: number, signal: AbortSignal) => Promise<{ items: readonly T[] }>,
  area: IndicatorArea,
  byUrgency: (a: T, b: T) => number,
): LiveFigures<T[]> {
  const me = useAtomValue(userAtom).data.id;
  return useLiveFigures(async (signal) => (me ? [...(await list(me, signal)).items].sort(byUrgency) : []), [area], `mine:${me}`);
}
