import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ORDER_STATUSES, orderEndpoints, type OrderStatus, type ProductionOrderView } from '@planta/contracts';
import { i18nKey, ResourceList, useFormat, useReferenceOptions, type ListFilter, type ResourceColumn } from '@planta/ui';
import { OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderFormDialog } from '../components/order-form-dialog';

const LIST_PATH = '/apps/orders';

/**
 * Every production order of the company (`/apps/orders/all`): search by number, customer or
 * profile (or a shown status or line), filters by status, line and due date, export. A row opens
 * the order's detail over the list (`/apps/orders/<id>`, a link that can be shared); 'Nuevo'
 * opens the order form.
 */
export default function OrderListPage() {
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const { id } = useParams();
  const detailId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [creating, setCreating] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const lines = useReferenceOptions('extrusionLine');
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  const closeDetail = useCallback(() => navigate(`${LIST_PATH}/all`), [navigate]);

  const statusLabels = useMemo(
    () => (Object.keys(ORDER_STATUSES) as OrderStatus[]).map((status) => ({ value: status, label: t(`production:detail.statuses.${i18nKey(status)}`) })),
    [t],
  );
  const columns = useMemo<ResourceColumn<ProductionOrderView>[]>(() => {
    const statusOf = (order: ProductionOrderView) => statusLabels.find((status) => status.value === order.status)?.label ?? order.status;
    return [
      { key: 'number', label: t('production:detail.number'), sortable: true, width: 16 },
      { key: 'customer', label: t('production:detail.customer'), sortable: true, width: 28 },
      // On a tablet the state and the due date (the list's order) stay; the profile opens in the row first.
      { key: 'profile', label: t('production:detail.profile'), sortable: true, width: 24, priority: 3 },
      {
        key: 'line_id',
        label: t('production:detail.line'),
        sortable: true,
        labels: lines,
        render: (order) => order.line_name ?? t('production:detail.noLine'),
        exportValue: (order) => order.line_name ?? '',
      },
      {
        key: 'status',
        label: t('production:detail.status'),
        sortable: true,
        labels: statusLabels,
        render: statusOf,
        exportValue: statusOf,
        priority: 1,
      },
      {
        key: 'quantity_kg',
        label: t('production:orderList.kg'),
        sortable: true,
        render: (order) => format.number(order.quantity_kg),
        exportValue: (order) => order.quantity_kg,
      },
      {
        key: 'due_date',
        label: t('production:detail.dueDate'),
        sortable: true,
        render: (order) => format.date(order.due_date),
        exportValue: (order) => order.due_date,
        priority: 1,
      },
    ];
  }, [t, format, lines, statusLabels]);
  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'status', label: t('production:detail.status'), type: 'choice', options: statusLabels },
      { key: 'line_id', label: t('production:detail.line'), type: 'choice', options: lines },
      { key: 'due_from', label: t('production:orderList.dueFrom'), type: 'date' },
      { key: 'due_to', label: t('production:orderList.dueTo'), type: 'date' },
    ],
    [t, lines, statusLabels],
  );

  return (
    <>
      <ResourceList<ProductionOrderView>
        list={orderEndpoints.all}
        create={orderEndpoints.create}
        basePath={LIST_PATH}
        title={t('production:orderList.title')}
        emptyText={t('production:orderList.empty')}
        exportName="ordenes-de-produccion"
        columns={columns}
        filters={filters}
        defaultSort={{ key: 'due_date', direction: 'desc' }}
        defaultPageSize={25}
        onOpen={(order) => navigate(`${LIST_PATH}/${order.id}`)}
        onCreate={() => setCreating(true)}
        reloadKey={reloadKey}
      />
      <OrderDetailDialog orderId={detailId} onClose={closeDetail} onChanged={reload} />
      <OrderFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          reload();
          navigate(`${LIST_PATH}/${saved.id}`);
        }}
      />
    </>
  );
}
