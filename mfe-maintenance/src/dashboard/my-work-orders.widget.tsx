import { Badge, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { maintenanceBoardEndpoints, WORK_ORDER_PRIORITIES, workOrderEndpoints, type WorkOrderRow } from '@planta/contracts';
import { call } from '@planta/session';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { i18nKey, useCan, useFormat, type Formats, useWidgetExport, useWidgetStyles, WidgetFrame, useMyItems } from '@planta/ui';
import '../i18n';

/** How many orders the widget lists; the rest are on the board. */
export const MY_ORDERS_SHOWN = 8;
/** How many open orders of one person are loaded (more than anyone works at once). */
const LOADED = 100;
const BOARD_PATH = '/apps/maintenance-kanban-board';
/** The record of a work order, whatever its type (the board's panel has no address of its own). */
export const workOrderPath = (id: number) => `/apps/corrective-maintenance/${id}`;

const dueTime = (row: WorkOrderRow) => (row.due_at ? Date.parse(row.due_at) : Number.POSITIVE_INFINITY);

/** The most urgent first: overdue ones, then by priority (urgent first), then by due date (none last). */
export function byUrgency(a: WorkOrderRow, b: WorkOrderRow): number {
  return (
    Number(b.overdue) - Number(a.overdue) ||
    WORK_ORDER_PRIORITIES.indexOf(b.priority) - WORK_ORDER_PRIORITIES.indexOf(a.priority) ||
    dueTime(a) - dueTime(b) ||
    a.id - b.id
  );
}

function ordersSheet(rows: readonly WorkOrderRow[], t: TFunction, format: Formats): ExportSheet {
  return {
    title: t('widgets.myOrders.title'),
    columns: [t('order.number'), t('order.title'), t('order.machine'), t('order.priority'), t('order.status'), t('order.dueAt'), t('board.overdue')],
    rows: rows.map((row) => [
      row.number,
      row.title,
      row.machine_name,
      t(`enums.priority.${i18nKey(row.priority)}`),
      t(`enums.workOrderStatus.${i18nKey(row.status)}`),
      row.due_at ? format.dateTime(row.due_at) : null,
      row.overdue ? t('widgets.myOrders.yes') : t('widgets.myOrders.no'),
    ]),
  };
}

/**
 * 'Mis órdenes de trabajo' (welcome dashboard): the signed-in user's open work orders, the most
 * urgent first, each a link to its record.
 */
export default function MyWorkOrdersWidget({ display, onExport }: WidgetProps) {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const figures = useMyItems(
    (me, signal) => call(workOrderEndpoints.all, { query: { assignee_id: me, open: 'true', pageSize: LOADED, sort: 'due_at', direction: 'asc' } }, { signal }),
    'maintenance',
    byUrgency,
  );
  useWidgetExport(onExport, figures.data ? [ordersSheet(figures.data, t, format)] : null);
  return <WidgetFrame live={figures}>{(rows) => <OrderList rows={rows} display={display} />}</WidgetFrame>;
}

function OrderList({ rows, display }: { rows: readonly WorkOrderRow[]; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const mayReadBoard = useCan(maintenanceBoardEndpoints.board);
  if (rows.length === 0)
    return (
      <Text className={styles.muted} data-testid="my-work-orders-empty">
        {t('widgets.myOrders.empty')}
      </Text>
    );
  const shown = rows.slice(0, MY_ORDERS_SHOWN);
  return (
    <>
      <ul className={styles.list} aria-label={t('widgets.myOrders.list')} data-testid="my-work-orders">
        {shown.map((row) => {
          const name = `${row.number} · ${row.title}`;
          return (
            <li key={row.id} className={styles.item} data-testid={`my-work-order-${row.id}`}>
              {display ? <Text weight="semibold">{name}</Text> : <RouterLink to={workOrderPath(row.id)}>{name}</RouterLink>}
              <span className={styles.itemLine}>
                {row.overdue ? (
                  <Badge appearance="filled" color="danger">
                    {t('board.overdue')}
                  </Badge>
                ) : null}
                <Badge appearance="tint" color={row.priority === 'urgent' || row.priority === 'high' ? 'warning' : 'informative'}>
                  {t(`enums.priority.${i18nKey(row.priority)}`)}
                </Badge>
                <Text size={200}>{t(`enums.workOrderStatus.${i18nKey(row.status)}`)}</Text>
                <Text size={200} className={styles.muted}>
                  {[row.machine_name, row.due_at ? t('widgets.myOrders.dueOn', { date: format.dateTime(row.due_at) }) : t('widgets.myOrders.noDue')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </span>
            </li>
          );
        })}
      </ul>
      {rows.length > shown.length ? (
        <Text size={200} className={styles.muted}>
          {t('widgets.myOrders.showing', { shown: shown.length, total: rows.length })}
        </Text>
      ) : null}
      {!display && mayReadBoard ? <RouterLink to={BOARD_PATH}>{t('widgets.myOrders.toBoard')}</RouterLink> : null}
    </>
  );
}
