import { Button, Card, CardHeader, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REMOTE_AREAS,
  REMOTE_NAMES,
  type DashboardFilters,
  type DashboardName,
  type DashboardWidget,
  type ExportSheet,
  needsMet,
  type NavigationViewer,
  type RemoteName,
  type WidgetProps,
  widgetsPageOf,
  widgetTitle,
} from '@planta/shell-contract';
import { useNavigationViewer } from '../layout/nav-utils';
import { useRemoteStates, useRetryRemote } from '../remotes/remote-states';
import { AreaErrorBoundary, forgetPage, lazyPage } from '../remotes/remote-page';

const useStyles = makeStyles({
  // Dense: a widget fills the hole a wide one left beside the one before it.
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))', gridAutoFlow: 'dense', alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  card: { minWidth: 0, overflow: 'visible' },
  failed: { borderInlineStartWidth: '4px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteRedBorderActive },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** A widget shown to this user, with the remote that offers it. */
export interface PlacedWidget {
  remote: RemoteName;
  widget: DashboardWidget;
}

/** The widgets of one dashboard that the loaded remotes offer and the user's grants let them read and use. */
export function placedWidgets(
  modules: Partial<Record<RemoteName, readonly DashboardWidget[]>>,
  dashboard: DashboardName,
  viewer: NavigationViewer,
  onlyDisplay = false,
): PlacedWidget[] {
  return REMOTE_NAMES.flatMap((remote) =>
    (modules[remote] ?? [])
      .filter((widget) => widget.dashboard === dashboard && viewer.canRead(widget.page) && needsMet(viewer, widget.needs) && (!onlyDisplay || widget.display))
      .map((widget) => ({ remote, widget })),
  );
}

/** The dashboard's widgets, and the remotes whose widgets could not be loaded (for their error cards). */
export function useDashboardWidgets(dashboard: DashboardName, onlyDisplay = false) {
  const states = useRemoteStates();
  const viewer = useNavigationViewer();
  return useMemo(() => {
    const { canRead } = viewer;
    const modules: Partial<Record<RemoteName, readonly DashboardWidget[]>> = {};
    const failed: RemoteName[] = [];
    const loading: RemoteName[] = [];
    for (const remote of REMOTE_NAMES) {
      const state = states[remote];
      const page = widgetsPageOf(remote);
      if (state.status === 'ready') modules[remote] = state.module.widgets ?? [];
      else if (page && canRead(page)) (state.status === 'failed' ? failed : loading).push(remote);
    }
    return { widgets: placedWidgets(modules, dashboard, viewer, onlyDisplay), failed, loading };
  }, [states, viewer, dashboard, onlyDisplay]);
}

/**
 * The exports of a dashboard: each widget hands the tables of what it shows; the export buttons
 * read them in the order the widgets are laid out.
 */
export function useExportSheets() {
  const { i18n } = useTranslation();
  const sheets = useRef(new Map<string, readonly ExportSheet[]>());
  const handlers = useRef(new Map<string, (next: readonly ExportSheet[]) => void>());
  const handlerFor = useCallback((widget: DashboardWidget) => {
    let handler = handlers.current.get(widget.id);
    if (!handler) {
      handler = (next) => sheets.current.set(widget.id, next);
      handlers.current.set(widget.id, handler);
    }
    return handler;
  }, []);
  const collect = useCallback(
    (order: readonly PlacedWidget[]) =>
      order
        .map(({ widget }) => ({ title: widgetTitle(widget, i18n.language), sheets: sheets.current.get(widget.id) ?? [] }))
        .filter((entry) => entry.sheets.length > 0),
    [i18n.language],
  );
  return { handlerFor, collect };
}

/** One widget in its card: loaded when shown, its failure (loading or rendering) kept inside the card with a retry. */
export function WidgetCard({ placed, props }: { placed: PlacedWidget; props: WidgetProps }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const { widget } = placed;
  const title = widgetTitle(widget, i18n.language);
  const Widget = lazyPage<WidgetProps>(widget.load);
  return (
    <Card
      className={mergeClasses(styles.card, widget.wide && styles.wide)}
      data-widget={widget.id}
      role="region"
      aria-label={title}
      appearance={props.display ? 'filled-alternative' : 'filled'}
    >
      <CardHeader
        header={
          <Text weight="semibold" size={props.display ? 600 : 400}>
            {title}
          </Text>
        }
      />
      <AreaErrorBoundary
        key={attempt}
        fallback={(_error, reset) => (
          <div role="alert" className={styles.row}>
            <ErrorCircleRegular fontSize={20} />
            <Text>{t('dashboards.widgetFailed')}</Text>
            <Button
              size="small"
              onClick={() => {
                forgetPage(widget.load);
                setAttempt((value) => value + 1);
                reset();
              }}
            >
              {t('remoteError.retry')}
            </Button>
          </div>
        )}
      >
        <Suspense fallback={<Spinner size="small" label={t('dashboards.loadingWidget')} />}>
          <Widget {...props} />
        </Suspense>
      </AreaErrorBoundary>
    </Card>
  );
}

/** In place of an area's widgets when its remote cannot be loaded: the rest of the dashboard keeps working. */
export function RemoteDownCard({ remote }: { remote: RemoteName }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const retry = useRetryRemote();
  const [retrying, setRetrying] = useState(false);
  return (
    <Card className={mergeClasses(styles.card, styles.failed)} role="alert" data-remote-down={remote}>
      <CardHeader
        image={<ErrorCircleRegular fontSize={24} />}
        header={<Text weight="semibold">{t('dashboards.remoteDown', { area: REMOTE_AREAS[remote].title })}</Text>}
      />
      <Text className={styles.muted}>{t('dashboards.remoteDownHint')}</Text>
      <div>
        <Button
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            void retry(remote).finally(() => setRetrying(false));
          }}
        >
          {t('remoteError.retry')}
        </Button>
      </div>
    </Card>
  );
}

/** A dashboard's grid: each visible widget in its card, an error card per area whose remote is down, a note per area still loading. */
export function WidgetGrid({
  dashboard,
  filters,
  display = false,
  onlyDisplay = false,
  exportHandler,
}: {
  dashboard: DashboardName;
  filters: DashboardFilters;
  display?: boolean;
  onlyDisplay?: boolean;
  exportHandler?: (widget: DashboardWidget) => (sheets: readonly ExportSheet[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { widgets, failed, loading } = useDashboardWidgets(dashboard, onlyDisplay);
  return (
    <div className={styles.grid}>
      {widgets.map((placed) => (
        <WidgetCard key={placed.widget.id} placed={placed} props={{ filters, display, onExport: exportHandler?.(placed.widget) ?? ignoreExport }} />
      ))}
      {failed.map((remote) => (
        <RemoteDownCard key={remote} remote={remote} />
      ))}
      {loading.map((remote) => (
        <Card key={remote} className={styles.card}>
          <Spinner size="small" label={t('dashboards.loadingArea', { area: REMOTE_AREAS[remote].title })} />
        </Card>
      ))}
    </div>
  );
}

const ignoreExport = () => undefined;
