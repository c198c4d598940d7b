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
import {
  Badge,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Select,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { MoreVerticalRegular, SearchRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  dieForecastEndpoints,
  BOARD_FINISHED_MAX,
  BOARD_FINISHED_PAGE,
  dieEnlistmentEndpoints,
  extrusionEndpoints,
  mayStartExtrusionOn,
  orderEndpoints,
  PLANNING_BOARD_CHANGED,
  planningBoardEndpoints,
  productionMessages,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard, LoadingScreen, showSnackbar, useBoardLiveRefresh, useCan, useFormat } from '@planta/ui';
import { BestCopyDialog, NitridingForecastBadges, useNitridingForecast, type ForecastByOrder } from '../components/die-forecast';
import { OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderFormDialog } from '../components/order-form-dialog';
import '../i18n';
import { extrusionStartPath } from './extrusion-start.link';
import { cardId, dropTarget, isFiltered, NO_FILTERS, usePlanningBoard, type BoardCard, type BoardColumn, type BoardFilters } from './planning-board.model';

/** How long the search waits for typing to pause before it asks the API. */
const SEARCH_DELAY_MS = 300;

const useStyles = makeStyles({
  // The page fills the height the shell's main area leaves (a flex column) and no more: the board
  // scrolls inside it, so its horizontal scrollbar stays on screen however long a column is.
  page: {
    padding: '16px 24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    flexGrow: 1,
    height: 0,
    minHeight: '480px',
    boxSizing: 'border-box',
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'flex-end' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px' },
  board: {
    flex: '1 1 0',
    minHeight: '240px',
    display: 'flex',
    gap: '12px',
    overflowX: 'auto',
    overflowY: 'hidden',
    alignItems: 'stretch',
    paddingBottom: '4px',
  },
  column: {
    width: '272px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  columnHead: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center', padding: '8px 12px' },
  columnTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase300 },
  cards: { flex: '1 1 0', minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '8px', padding: '0 8px 8px' },
  columnFoot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', padding: '8px 12px' },
  card: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  handle: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '10px 4px 10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    touchAction: 'none',
    outlineStyle: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  movable: { cursor: 'grab' },
  cardHead: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center' },
  menuButton: { margin: '4px', flexShrink: 0 },
});

/** One order: the card's text is its drag handle (its name is what it shows); its actions sit beside it, not inside. */
function OrderCard({
  card,
  onOpen,
  onBestCopy,
  forecast,
}: {
  card: BoardCard;
  onOpen: (id: number) => void;
  onBestCopy: (id: number) => void;
  forecast: ForecastByOrder;
}) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const navigate = useNavigate();
  // A card moves only for whoever may make the board's move call; an extrusion starts only for whoever may start one.
  const mayMove = useCan(planningBoardEndpoints.move);
  const mayStart = useCan(extrusionEndpoints.start) && mayStartExtrusionOn(card);
  // A planned order's die is prepared by the die shop (the request moves the die to 'en alistamiento').
  const mayRequestEnlistment = useCan(dieEnlistmentEndpoints.create) && card.status === 'planned';
  const requestEnlistment = async () => {
    try {
      const created = await call(dieEnlistmentEndpoints.create, { body: { production_order_id: card.id } });
      showSnackbar({
        message: t('board.enlistmentRequested', { number: created.number, die: `${created.die_reference}-${created.copy_number}` }),
        variant: 'success',
      });
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };
  const mayRank = useCan(dieForecastEndpoints.bestCopy) && card.status !== 'finished';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardId(card),
    disabled: !mayMove,
  });
  return (
    <div ref={setNodeRef} className={styles.card} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}>
      <div
        ref={setActivatorNodeRef}
        className={mayMove ? `${styles.handle} ${styles.movable}` : styles.handle}
        {...(mayMove ? { ...attributes, ...listeners } : {})}
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
        <NitridingForecastBadges items={forecast.get(card.id)} />
      </div>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            className={styles.menuButton}
            icon={<MoreVerticalRegular />}
            aria-label={t('board.cardActions', { number: card.number })}
            title={t('board.cardActions', { number: card.number })}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {/* Opened once the menu has closed and given the focus back, so that the dialog takes it from there. */}
            <MenuItem onClick={() => setTimeout(() => onOpen(card.id))}>{t('detail.open')}</MenuItem>
            {mayStart ? <MenuItem onClick={() => navigate(extrusionStartPath(card.id))}>{t('extrusion.start')}</MenuItem> : null}
            {mayRequestEnlistment ? <MenuItem onClick={requestEnlistment}>{t('board.requestEnlistment')}</MenuItem> : null}
            {mayRank ? <MenuItem onClick={() => setTimeout(() => onBestCopy(card.id))}>{t('board.bestCopy')}</MenuItem> : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}

function Column({
  column,
  title,
  onOpen,
  onBestCopy,
  forecast,
  footer,
}: {
  column: BoardColumn;
  title: string;
  onOpen: (id: number) => void;
  onBestCopy: (id: number) => void;
  forecast: ForecastByOrder;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const headingId = useId();
  const { setNodeRef } = useDroppable({ id: column.id });
  return (
    <section ref={setNodeRef} className={styles.column} aria-labelledby={headingId} data-testid={`column-${column.id}`}>
      <div className={styles.columnHead}>
        <h2 id={headingId} className={styles.columnTitle}>
          {title}
        </h2>
        <Badge appearance="tint">{format.number(column.total, 0)}</Badge>
      </div>
      {column.stopped ? (
        <Badge color="danger" appearance="filled" title={column.stopped.machineName} data-testid={`stopped-${column.id}`}>
          {t('board.pressStopped', { time: format.time(column.stopped.startedAt) })}
        </Badge>
      ) : null}
      <div className={styles.cards} data-testid={`cards-${column.id}`}>
        <SortableContext items={column.cards.map(cardId)} strategy={verticalListSortingStrategy}>
          {column.cards.map((card) => (
            <OrderCard key={card.id} card={card} onOpen={onOpen} onBestCopy={onBestCopy} forecast={forecast} />
          ))}
        </SortableContext>
        {column.cards.length === 0 ? <Caption1>{t('board.emptyColumn')}</Caption1> : null}
      </div>
      {footer ? <div className={styles.columnFoot}>{footer}</div> : null}
    </section>
  );
}

/** Search (typed, applied after a pause), one line, a due date range; `lines` are the board's lines. */
function BoardFilterBar({
  filters,
  onChange,
  lines,
}: {
  filters: BoardFilters;
  onChange: (change: Partial<BoardFilters>) => void;
  lines: { id: number; name: string }[];
}) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const [searchText, setSearchText] = useState(filters.search);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => onChangeRef.current({ search: searchText }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);
  // 'Quitar filtros' empties the box too.
  useEffect(() => {
    if (!filters.search) setSearchText('');
  }, [filters.search]);
  const [dueFrom, setDueFrom] = useState(filters.dueFrom);
  const [dueTo, setDueTo] = useState(filters.dueTo);
  useEffect(() => {
    setDueFrom(filters.dueFrom);
    setDueTo(filters.dueTo);
  }, [filters.dueFrom, filters.dueTo]);
  const rangeError = dueFrom && dueTo && dueTo < dueFrom ? productionMessages.boardDueRange : undefined;
  // A date is applied once it is a whole date and the range is right; until then the board keeps the last one.
  const applyDates = (from: string, to: string) => {
    if (!(from && to && to < from)) onChange({ dueFrom: from, dueTo: to });
  };

  return (
    <div className={styles.filters} role="search" aria-label={t('board.filters')}>
      <Field label={t('board.search')} className={styles.search}>
        <Input
          type="search"
          contentBefore={<SearchRegular />}
          placeholder={t('board.searchPlaceholder')}
          value={searchText}
          onChange={(_, data) => setSearchText(data.value)}
        />
      </Field>
      <Field label={t('board.line')}>
        <Select value={filters.lineId ? String(filters.lineId) : ''} onChange={(_, data) => onChange({ lineId: data.value ? Number(data.value) : null })}>
          <option value="">{t('board.allLines')}</option>
          {lines.map((line) => (
            <option key={line.id} value={line.id}>
              {line.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('board.dueFrom')}>
        <Input
          type="date"
          value={dueFrom}
          onChange={(_, data) => {
            setDueFrom(data.value);
            applyDates(data.value, dueTo);
          }}
        />
      </Field>
      <Field label={t('board.dueTo')} validationMessage={rangeError} validationState={rangeError ? 'error' : 'none'}>
        <Input
          type="date"
          value={dueTo}
          onChange={(_, data) => {
            setDueTo(data.value);
            applyDates(dueFrom, data.value);
          }}
        />
      </Field>
      {isFiltered(filters) || searchText ? (
        <Button
          onClick={() => {
            setSearchText('');
            onChange({ search: '', lineId: null, dueFrom: '', dueTo: '' });
          }}
        >
          {t('board.clearFilters')}
        </Button>
      ) : null}
    </div>
  );
}

/** /apps/planning-kanban-board/board: orders to plan, planned per line, in press and finished; drag and drop (mouse, touch, keyboard). */
export default function PlanningBoardPage() {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  const refused = useCallback((message: string) => showSnackbar({ message, variant: 'error' }), []);
  const moved = useCallback(
    (card: BoardCard) => showSnackbar({ message: t('production:board.moved', { number: card.number }), variant: 'success', autoHideMs: 2000 }),
    [t],
  );
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  // A new filter starts again from the first window of finished orders.
  const changeFilters = useCallback(
    (change: Partial<BoardFilters>) => setFilters((current) => ({ ...current, finishedLimit: BOARD_FINISHED_PAGE, ...change })),
    [],
  );
  const { columns, loadError, reload, move } = usePlanningBoard(refused, moved, filters);
  // The lines to filter by: those of the whole board (a board filtered by line shows only one).
  const [lines, setLines] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (columns && !filters.lineId)
      setLines(columns.filter((column) => column.status === 'planned').map((column) => ({ id: column.lineId!, name: column.lineName ?? '' })));
  }, [columns, filters.lineId]);
  const live = useBoardLiveRefresh(PLANNING_BOARD_CHANGED, reload);
  const mayCreate = useCan(orderEndpoints.create);
  const mayMove = useCan(planningBoardEndpoints.move);
  const [detailId, setDetailId] = useState<number | null>(null);
  const closeDetail = useCallback(() => setDetailId(null), []);
  const [bestCopyId, setBestCopyId] = useState<number | null>(null);
  const closeBestCopy = useCallback(() => setBestCopyId(null), []);
  // The copies reaching their nitriding limit along the plan, read again with the board.
  const forecast = useNitridingForecast(columns);
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

  // The finished column shows a window that 'Ver más' widens; an open one its first cards, the rest found by searching.
  const shownOf = (column: BoardColumn) =>
    t('production:board.shownOf', { shown: format.number(column.cards.length, 0), total: format.number(column.total, 0) });
  const columnFooter = (column: BoardColumn) => {
    if (column.status !== 'finished')
      return column.cards.length < column.total ? <Caption1>{`${shownOf(column)} · ${t('production:board.narrowToSeeMore')}`}</Caption1> : undefined;
    return column.total === 0 ? undefined : (
      <>
        <Caption1>{shownOf(column)}</Caption1>
        {column.cards.length < column.total && filters.finishedLimit < BOARD_FINISHED_MAX ? (
          <Button
            size="small"
            onClick={() => setFilters((current) => ({ ...current, finishedLimit: Math.min(current.finishedLimit + BOARD_FINISHED_PAGE, BOARD_FINISHED_MAX) }))}
          >
            {t('production:board.showMore')}
          </Button>
        ) : null}
      </>
    );
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
      {mayMove ? <Caption1>{t('production:board.instructions')}</Caption1> : null}
      <BoardFilterBar filters={filters} onChange={changeFilters} lines={lines} />
      {columns.every((column) => column.status !== 'planned') ? <Text>{t('production:board.noLines')}</Text> : null}
      {isFiltered(filters) && columns.every((column) => column.cards.length === 0) ? <Text role="status">{t('production:board.noMatches')}</Text> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={live.dragStarted}
        onDragEnd={onDragEnd}
        onDragCancel={live.dragCancelled}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('production:board.instructions') } }}
      >
        <div className={styles.board} data-testid="board">
          {columns.map((column) => (
            <Column
              key={column.id}
              column={column}
              title={titleOf(column)}
              onOpen={setDetailId}
              onBestCopy={setBestCopyId}
              forecast={forecast}
              footer={columnFooter(column)}
            />
          ))}
        </div>
      </DndContext>
      <OrderDetailDialog orderId={detailId} onClose={closeDetail} onChanged={reload} />
      <OrderFormDialog open={creating} onClose={closeCreate} onSaved={created} />
      <BestCopyDialog orderId={bestCopyId} onClose={closeBestCopy} />
    </section>
  );
}
