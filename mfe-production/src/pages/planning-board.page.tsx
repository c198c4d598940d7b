import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Caption1, Card, makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { orderEndpoints, PLANNING_BOARD_CHANGED, planningBoardEndpoints } from '@planta/contracts';
import { onCatchUp, subscribe } from '@planta/session';
import { ErrorCard, LoadingScreen, showSnackbar, useCan, useFormat } from '@planta/ui';
import { OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderFormDialog } from '../components/order-form-dialog';
import '../i18n';
import { cardId, dropTarget, usePlanningBoard, type BoardCard, type BoardColumn } from './planning-board.model';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '12px' },
  board: { display: 'flex', gap: '12px', overflowX: 'auto', alignItems: 'flex-start', paddingBottom: '12px' },
  column: {
    minWidth: '260px',
    width: '260px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '8px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    minHeight: '200px',
  },
  card: { cursor: 'grab', touchAction: 'none' },
  cardHead: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center' },
  detailButton: { alignSelf: 'flex-start', cursor: 'pointer' },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
});

/** The 'Ver detalle' button lives inside a draggable card: its pointer and key presses must not start a drag. */
const keepFromDrag = (event: PointerEvent | KeyboardEvent) => event.stopPropagation();

function OrderCard({ card, onOpen }: { card: BoardCard; onOpen: (id: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  // A card moves only for whoever may make the board's move call.
  const mayMove = useCan(planningBoardEndpoints.move);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: cardId(card), disabled: !mayMove });
  return (
    <Card
      ref={setNodeRef}
      className={styles.card}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      {...attributes}
      {...listeners}
      aria-label={t('board.cardLabel', { number: card.number, customer: card.customer })}
      data-testid={cardId(card)}
    >
      <div className={styles.cardHead}>
        <Text weight="semibold">{card.number}</Text>
        {card.running ? (
          <Badge color="success" appearance="filled">
            {t('board.running')}
          </Badge>
        ) : null}
      </div>
      <Text>{card.customer}</Text>
      <Caption1>{card.profile}</Caption1>
      <Caption1>
        {t('board.die', { reference: card.die_reference, copy: card.copy_number })} · {format.number(card.quantity_kg, 1)} kg
      </Caption1>
      <Caption1>{t('board.due', { date: format.date(card.due_date) })}</Caption1>
      <Button
        size="small"
        appearance="subtle"
        className={styles.detailButton}
        aria-label={t('detail.openLabel', { number: card.number })}
        onPointerDown={keepFromDrag}
        onKeyDown={keepFromDrag}
        onClick={() => onOpen(card.id)}
      >
        {t('detail.open')}
      </Button>
    </Card>
  );
}

function Column({ column, title, onOpen }: { column: BoardColumn; title: string; onOpen: (id: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const { setNodeRef } = useDroppable({ id: column.id });
  return (
    <section ref={setNodeRef} className={styles.column} aria-label={title} data-testid={`column-${column.id}`}>
      <div className={styles.cardHead}>
        <Text weight="semibold">{title}</Text>
        <Badge appearance="tint">{column.cards.length}</Badge>
      </div>
      <SortableContext items={column.cards.map(cardId)} strategy={verticalListSortingStrategy}>
        {column.cards.map((card) => (
          <OrderCard key={card.id} card={card} onOpen={onOpen} />
        ))}
      </SortableContext>
      {column.cards.length === 0 ? <Caption1>{t('board.emptyColumn')}</Caption1> : null}
    </section>
  );
}

/**
 * Live refresh (spec 7): the board reloads from the API on 'planningBoardChanged' (another user's
 * move, an extrusion start) and whenever the socket (re)connects after it loaded. A refresh that arrives while a card is
 * being dragged, or while its drop is still being saved, waits until the drop settles, so the
 * local move is never disrupted.
 */
function useLiveRefresh(reload: () => void) {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const busy = useRef({ dragging: false, saving: false, pending: false });

  const flush = useCallback(() => {
    const state = busy.current;
    if (!state.pending || state.dragging || state.saving) return;
    state.pending = false;
    reloadRef.current();
  }, []);
  const refresh = useCallback(() => {
    busy.current.pending = true;
    flush();
  }, [flush]);

  useEffect(() => {
    const stopEvent = subscribe(PLANNING_BOARD_CHANGED, refresh);
    const stopCatchUp = onCatchUp(refresh);
    return () => {
      stopEvent();
      stopCatchUp();
    };
  }, [refresh]);

  return useMemo(
    () => ({
      dragStarted: () => {
        busy.current.dragging = true;
      },
      /** The card was dropped; its move is being saved until `settled()`. */
      dragEnded: () => {
        busy.current.dragging = false;
        busy.current.saving = true;
      },
      dragCancelled: () => {
        busy.current.dragging = false;
        flush();
      },
      settled: () => {
        busy.current.saving = false;
        flush();
      },
    }),
    [flush],
  );
}

/** /apps/planning-kanban-board/board: orders to plan, planned per line, in press and finished; drag and drop (mouse, touch, keyboard). */
export default function PlanningBoardPage() {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const refused = useCallback((message: string) => showSnackbar({ message, variant: 'error' }), []);
  const moved = useCallback(
    (card: BoardCard) => showSnackbar({ message: t('production:board.moved', { number: card.number }), variant: 'success', autoHideMs: 2000 }),
    [t],
  );
  const { columns, loadError, reload, move } = usePlanningBoard(refused, moved);
  const live = useLiveRefresh(reload);
  const mayCreate = useCan(orderEndpoints.create);
  const mayMove = useCan(planningBoardEndpoints.move);
  const [detailId, setDetailId] = useState<number | null>(null);
  const closeDetail = useCallback(() => setDetailId(null), []);
  const [creating, setCreating] = useState(false);
  const closeCreate = useCallback(() => setCreating(false), []);
  const created = useCallback(() => {
    setCreating(false);
    reload();
  }, [reload]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = useCallback(
    (column: BoardColumn) =>
      column.status === 'planned'
        ? t('production:board.columns.planned', { line: column.lineName ?? '' })
        : t(`production:board.columns.${column.status === 'to_plan' ? 'toPlan' : column.status === 'in_press' ? 'inPress' : 'finished'}`),
    [t],
  );

  const numberOf = useCallback(
    (id: UniqueIdentifier) => columns?.flatMap((column) => column.cards).find((card) => cardId(card) === id)?.number ?? '',
    [columns],
  );
  const columnTitle = useCallback(
    (id: UniqueIdentifier | undefined) => {
      if (!columns || id === undefined) return '';
      const target = dropTarget(columns, String(id));
      return target ? titleOf(target.column) : '';
    },
    [columns, titleOf],
  );
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('production:board.picked', { number: numberOf(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('production:board.over', { number: numberOf(active.id), column: columnTitle(over.id) }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('production:board.dropped', { number: numberOf(active.id), column: columnTitle(over.id) }) : undefined),
      onDragCancel: ({ active }) => t('production:board.cancelled', { number: numberOf(active.id) }),
    }),
    [t, numberOf, columnTitle],
  );

  if (loadError) return <ErrorCard title={t('production:board.title')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  if (!columns) return <LoadingScreen />;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    live.dragEnded();
    if (!over) return live.settled();
    const target = dropTarget(columns, String(over.id));
    const source = dropTarget(columns, String(active.id));
    if (!target || !source) return live.settled();
    const orderId = source.column.cards[source.index].id;
    let index = target.index;
    if (source.column.id === target.column.id && over.id !== target.column.id) {
      // Reordering within a column: the place of the card it was dropped on.
      index = arrayMove(source.column.cards, source.index, target.index).findIndex((card) => card.id === orderId);
    }
    void move(orderId, target.column.id, index).finally(live.settled);
  };

  return (
    <section className={styles.page} aria-labelledby="board-title">
      <div className={styles.header}>
        <Title2 as="h1" id="board-title">
          {t('production:board.title')}
        </Title2>
        {mayCreate ? (
          <Button appearance="primary" onClick={() => setCreating(true)}>
            {t('production:orders.new')}
          </Button>
        ) : null}
      </div>
      {mayMove ? <Text>{t('production:board.instructions')}</Text> : null}
      {columns.every((column) => column.status !== 'planned') ? <Text>{t('production:board.noLines')}</Text> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={live.dragStarted}
        onDragEnd={onDragEnd}
        onDragCancel={live.dragCancelled}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('production:board.instructions') } }}
      >
        <div className={styles.board}>
          {columns.map((column) => (
            <Column key={column.id} column={column} title={titleOf(column)} onOpen={setDetailId} />
          ))}
        </div>
      </DndContext>
      <OrderDetailDialog orderId={detailId} onClose={closeDetail} onChanged={reload} />
      <OrderFormDialog open={creating} onClose={closeCreate} onSaved={created} />
    </section>
  );
}
