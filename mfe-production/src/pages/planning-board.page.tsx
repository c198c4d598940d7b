import { Badge, Button, Caption1, Field, Input, makeStyles, MenuItem, Select, Text, Title2 } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { DateField, ErrorCard, i18nKey, Kanban, LoadingScreen, showSnackbar, useBoardLiveRefresh, useCan, useFormat, type KanbanColumn } from '@planta/ui';
import { BestCopyDialog, NitridingForecastBadges, useNitridingForecast, type ForecastByOrder } from '../components/die-forecast';
import { OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderFormDialog } from '../components/order-form-dialog';
import '../i18n';
import { extrusionStartPath } from './extrusion-start.link';
import { cardId, isFiltered, NO_FILTERS, usePlanningBoard, type BoardCard, type BoardColumn, type BoardFilters } from './planning-board.model';

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
  card: { display: 'flex', flexDirection: 'column', gap: '2px' },
  // A narrow card puts 'Extruyendo' under the number rather than cutting it; the number stays whole.
  cardHead: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2px 8px', alignItems: 'center' },
  stopped: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
});

/** What a card of an order shows (the board around it carries the drag, the menu and 'Mover a…'). */
function OrderCardBody({ card, forecast }: { card: BoardCard; forecast: ForecastByOrder }) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  return (
    <div className={styles.card} data-testid={cardId(card)}>
      <div className={styles.cardHead}>
        <Text weight="semibold" wrap={false}>
          {card.number}
        </Text>
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
  );
}

/** An order's own actions in its card's menu (the board adds 'Mover a…'). */
function useOrderActions(onOpen: (id: number) => void, onBestCopy: (id: number) => void) {
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  // An extrusion starts only for whoever may start one; a planned order's die is prepared by the die shop.
  const mayStartAny = useCan(extrusionEndpoints.start);
  const mayEnlist = useCan(dieEnlistmentEndpoints.create);
  const mayRankAny = useCan(dieForecastEndpoints.bestCopy);
  return useCallback(
    (card: BoardCard) => {
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
      return (
        <>
          {/* Opened once the menu has closed and given the focus back, so that the dialog takes it from there. */}
          <MenuItem onClick={() => setTimeout(() => onOpen(card.id))}>{t('detail.open')}</MenuItem>
          {mayStartAny && mayStartExtrusionOn(card) ? <MenuItem onClick={() => navigate(extrusionStartPath(card.id))}>{t('extrusion.start')}</MenuItem> : null}
          {mayEnlist && card.status === 'planned' ? <MenuItem onClick={requestEnlistment}>{t('board.requestEnlistment')}</MenuItem> : null}
          {mayRankAny && card.status !== 'finished' ? <MenuItem onClick={() => setTimeout(() => onBestCopy(card.id))}>{t('board.bestCopy')}</MenuItem> : null}
        </>
      );
    },
    [t, navigate, mayStartAny, mayEnlist, mayRankAny, onOpen, onBestCopy],
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
      <DateField
        label={t('board.dueFrom')}
        value={dueFrom}
        onValue={(day) => {
          setDueFrom(day ?? '');
          applyDates(day ?? '', dueTo);
        }}
      />
      <DateField
        label={t('board.dueTo')}
        validationMessage={rangeError}
        value={dueTo}
        onValue={(day) => {
          setDueTo(day ?? '');
          applyDates(dueFrom, day ?? '');
        }}
      />
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
  const { columns, loadError, reload, move } = usePlanningBoard(moved, filters);
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

  const titleOf = useCallback(
    (column: BoardColumn) =>
      column.status === 'planned'
        ? t('production:board.columns.planned', { line: column.lineName ?? '' })
        : t(`production:board.columns.${column.status === 'to_plan' ? 'toPlan' : column.status === 'in_press' ? 'inPress' : 'finished'}`),
    [t],
  );
  const actions = useOrderActions(setDetailId, setBestCopyId);
  const renderCard = useCallback((card: BoardCard) => <OrderCardBody card={card} forecast={forecast} />, [forecast]);
  const numberOf = useCallback((card: BoardCard) => card.number, []);
  // Planning onto a stopped press stays allowed, after the planner has read why it is stopped.
  const warnBefore = useCallback(
    (card: BoardCard, _from: string, to: string) => {
      const stop = columns?.find((column) => column.id === to)?.stopped;
      if (!stop) return null;
      return t('production:board.stopWarning', {
        press: stop.machineName,
        cause: t(`common:enums.stopCause.${i18nKey(stop.cause)}`),
        since: format.dateTime(stop.startedAt),
        report: stop.failureReportNumber ? t('production:board.stopWarningReport', { number: stop.failureReportNumber }) : '',
        number: card.number,
      });
    },
    [columns, t, format],
  );
  const onMove = useCallback(async (card: BoardCard, _from: string, to: string, index: number) => move(card.id, to, index), [move]);

  if (loadError) return <ErrorCard title={t('production:board.title')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  if (!columns) return <LoadingScreen />;

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
      <Kanban
        label={t('production:board.title')}
        testId="board"
        columns={columns.map((column): KanbanColumn<BoardCard> => ({
          id: column.id,
          title: titleOf(column),
          cards: column.cards,
          count: column.total,
          // Which press stopped, in words (no hover title: a tablet shows none).
          notice: column.stopped ? (
            <div className={styles.stopped}>
              <Badge color="danger" appearance="filled" data-testid={`stopped-${column.id}`}>
                {t('production:board.pressStopped', { time: format.time(column.stopped.startedAt) })}
              </Badge>
              <Caption1>{column.stopped.machineName}</Caption1>
            </div>
          ) : undefined,
          footer: columnFooter(column),
        }))}
        ordered
        cardKey={cardId}
        cardLabel={numberOf}
        renderCard={renderCard}
        cardActions={actions}
        canMove={mayMove}
        warnBefore={warnBefore}
        onMove={onMove}
        emptyText={t('production:board.emptyColumn')}
        live={live}
      />
      <OrderDetailDialog orderId={detailId} onClose={closeDetail} onChanged={reload} />
      <OrderFormDialog open={creating} onClose={closeCreate} onSaved={created} />
      <BestCopyDialog orderId={bestCopyId} onClose={closeBestCopy} />
    </section>
  );
}
