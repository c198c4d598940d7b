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
  Avatar,
  Badge,
  Button,
  Caption1,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
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
import { DismissRegular, MoreVerticalRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  BOARD_VERIFIED_DAYS,
  canMoveWorkOrder,
  HOLD_REASONS,
  MAINTENANCE_BOARD_CHANGED,
  maintenanceBoardEndpoints,
  WORK_ORDER_TYPES,
  workOrderEndpoints,
  type HoldReason,
  type MaintenanceBoardMove,
  type WorkOrderStatus,
} from '@planta/contracts';
import { ErrorCard, i18nKey, LoadingScreen, showSnackbar, useBoardLiveRefresh, useCan, useFormat, useReferenceOptions } from '@planta/ui';
import { useMembers, WorkOrderView } from '../components/work-order-view';
import '../i18n';
import {
  cardId,
  dropTarget,
  isFiltered,
  NO_FILTERS,
  useMaintenanceBoard,
  type BoardColumn,
  type BoardFilters,
  type MaintenanceCard,
} from './maintenance-board.model';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1, height: 0, minHeight: '480px', boxSizing: 'border-box' },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'flex-end' },
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
    width: '264px',
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
  card: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  blockedCard: { borderLeft: `4px solid ${tokens.colorPaletteRedBorder2}` },
  handle: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '10px 4px 10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    touchAction: 'none',
    outlineStyle: 'none',
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  cardHead: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '4px', alignItems: 'center' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: '4px 10px', alignItems: 'center' },
  blocked: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  overdue: { color: tokens.colorPaletteRedForeground1 },
  menuButton: { margin: '4px', flexShrink: 0, minWidth: '44px', minHeight: '44px' },
  surface: { width: 'min(880px, 96vw)', maxWidth: '96vw' },
  panelTitle: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px' },
});

const TYPE_COLOR = { corrective: 'danger', preventive: 'success', improvement: 'informative' } as const;
const PRIORITY_COLOR = { none: 'subtle', low: 'informative', medium: 'brand', high: 'warning', urgent: 'danger' } as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

function WorkOrderCard({
  card,
  columns,
  onOpen,
  onMoveTo,
}: {
  card: MaintenanceCard;
  columns: readonly BoardColumn[];
  onOpen: (id: number) => void;
  onMoveTo: (card: MaintenanceCard, to: WorkOrderStatus) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const mayMove = useCan(maintenanceBoardEndpoints.move);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: cardId(card), disabled: !mayMove });
  const targets = columns.map((column) => column.status).filter((status) => status !== card.status && canMoveWorkOrder(card.status, status));
  return (
    <div
      ref={setNodeRef}
      className={card.blocked ? `${styles.card} ${styles.blockedCard}` : styles.card}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      data-testid={`card-${card.number}`}
    >
      <div
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...(mayMove ? { ...attributes, ...listeners } : { tabIndex: 0, role: 'button' })}
        data-testid={cardId(card)}
        onClick={() => onOpen(card.id)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(card.id);
          else listeners?.onKeyDown?.(event);
        }}
      >
        <div className={styles.cardHead}>
          <Text weight="semibold">{card.number}</Text>
          <div className={styles.chips}>
            <Badge size="small" appearance="tint" color={TYPE_COLOR[card.type]}>
              {t(`enums.workOrderType.${i18nKey(card.type)}`)}
            </Badge>
            <Badge size="small" appearance="outline" color={PRIORITY_COLOR[card.priority]}>
              {t(`enums.priority.${i18nKey(card.priority)}`)}
            </Badge>
          </div>
        </div>
        <Text>{card.title}</Text>
        {card.machine_name ? <Caption1>{card.machine_name}</Caption1> : null}
        {card.blocked ? (
          <Caption1 className={styles.blocked} data-testid="blocked-marker">
            {t('board.blocked')}: {card.blocked_reason}
          </Caption1>
        ) : null}
        <div className={styles.meta}>
          {card.assignee_name ? (
            <Avatar size={24} name={card.assignee_name} initials={initials(card.assignee_name)} title={card.assignee_name} aria-label={card.assignee_name} />
          ) : (
            <Caption1>{t('board.unassigned')}</Caption1>
          )}
          {card.due_at ? (
            <Caption1 className={card.overdue ? styles.overdue : undefined}>
              {card.overdue ? `${t('board.overdue')} · ` : ''}
              {format.date(card.due_at)}
            </Caption1>
          ) : null}
          {card.items_total > 0 ? <Caption1>{t('board.checklist', { done: card.items_done, total: card.items_total })}</Caption1> : null}
          {card.labor_minutes > 0 ? <Caption1>{t('board.labor', { minutes: format.number(card.labor_minutes, 0) })}</Caption1> : null}
          {card.comment_count > 0 ? <Caption1>{t('board.comments', { count: card.comment_count })}</Caption1> : null}
        </div>
      </div>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            className={styles.menuButton}
            icon={<MoreVerticalRegular />}
            aria-label={t('board.cardActions', { number: card.number })}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => setTimeout(() => onOpen(card.id))}>{t('board.open')}</MenuItem>
            {mayMove && targets.length > 0 ? (
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <MenuItem>{t('board.moveTo')}</MenuItem>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {targets.map((status) => (
                      <MenuItem key={status} onClick={() => setTimeout(() => onMoveTo(card, status))}>
                        {t(`enums.workOrderStatus.${i18nKey(status)}`)}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}

function Column({ column, children }: { column: BoardColumn; children: React.ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const headingId = useId();
  const { setNodeRef } = useDroppable({ id: column.status });
  return (
    <section ref={setNodeRef} className={styles.column} aria-labelledby={headingId} data-testid={`column-${column.status}`}>
      <div className={styles.columnHead}>
        <h2 id={headingId} className={styles.columnTitle}>
          {t(`enums.workOrderStatus.${i18nKey(column.status)}`)}
          {column.status === 'verified' ? <Caption1> · {t('board.verifiedWindow', { days: BOARD_VERIFIED_DAYS })}</Caption1> : null}
        </h2>
        <Badge appearance="tint">{column.cards.length}</Badge>
      </div>
      <div className={styles.cards}>
        <SortableContext items={column.cards.map(cardId)} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
        {column.cards.length === 0 ? <Caption1>{t('board.emptyColumn')}</Caption1> : null}
      </div>
    </section>
  );
}

/** A move that needs a reason first (on hold, cancelled, verification rejected). */
interface PendingMove {
  card: MaintenanceCard;
  to: WorkOrderStatus;
  index: number;
}
const needsReason = (from: WorkOrderStatus, to: WorkOrderStatus) => to === 'on_hold' || to === 'cancelled' || (from === 'completed' && to === 'in_progress');

function ReasonDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingMove | null;
  onConfirm: (extra: Partial<MaintenanceBoardMove>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const [reason, setReason] = useState('');
  const [hold, setHold] = useState<HoldReason>('spare_part');
  useEffect(() => setReason(''), [pending]);
  if (!pending) return null;
  const title =
    pending.to === 'on_hold'
      ? t('board.holdTitle', { number: pending.card.number })
      : pending.to === 'cancelled'
        ? t('board.cancelTitle', { number: pending.card.number })
        : t('board.rejectTitle', { number: pending.card.number });
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <form
              style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
              onSubmit={(event) => {
                event.preventDefault();
                onConfirm({ ...(pending.to === 'on_hold' ? { hold_reason: hold } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) });
              }}
            >
              {pending.to === 'on_hold' ? (
                <Field label={t('board.holdReason')}>
                  <Select value={hold} onChange={(_, data) => setHold(data.value as HoldReason)}>
                    {HOLD_REASONS.map((value) => (
                      <option key={value} value={value}>
                        {t(`enums.holdReason.${i18nKey(value)}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              <Field label={t('board.reason')} required={pending.to !== 'on_hold'}>
                <Input value={reason} onChange={(_, data) => setReason(data.value)} />
              </Field>
              <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
                <Button onClick={onCancel}>{t('board.close')}</Button>
                <Button appearance="primary" type="submit" disabled={pending.to !== 'on_hold' && !reason.trim()}>
                  {t('board.confirm')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** /apps/maintenance-kanban-board: work orders from pending to verified; drag and drop (mouse, touch, keyboard) or 'Mover a…'. */
export default function MaintenanceBoardPage() {
  const styles = useStyles();
  const { t } = useTranslation(['maintenance', 'common']);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const statusName = useCallback((status: WorkOrderStatus) => t(`maintenance:enums.workOrderStatus.${i18nKey(status)}`), [t]);
  const refused = useCallback((message: string) => showSnackbar({ message, variant: 'error' }), []);
  const moved = useCallback(
    (card: MaintenanceCard, column: BoardColumn) =>
      showSnackbar({ message: t('maintenance:board.moved', { number: card.number, column: statusName(column.status) }), variant: 'success', autoHideMs: 2000 }),
    [t, statusName],
  );
  const { columns, loadError, reload, move } = useMaintenanceBoard(refused, moved, filters);
  const live = useBoardLiveRefresh(MAINTENANCE_BOARD_CHANGED, reload);
  const members = useMembers();
  const machines = useReferenceOptions('machine');
  const mayMove = useCan(maintenanceBoardEndpoints.move);
  const mayCreate = useCan(workOrderEndpoints.create);
  const [openId, setOpenId] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const numberOf = useCallback(
    (id: UniqueIdentifier) => columns?.flatMap((column) => column.cards).find((card) => cardId(card) === id)?.number ?? '',
    [columns],
  );
  const columnTitle = useCallback(
    (id: UniqueIdentifier | undefined) => {
      if (!columns || id === undefined) return '';
      const target = dropTarget(columns, String(id));
      return target ? statusName(target.column.status) : '';
    },
    [columns, statusName],
  );
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('maintenance:board.picked', { number: numberOf(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('maintenance:board.over', { number: numberOf(active.id), column: columnTitle(over.id) }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('maintenance:board.dropped', { number: numberOf(active.id), column: columnTitle(over.id) }) : undefined),
      onDragCancel: ({ active }) => t('maintenance:board.cancelled', { number: numberOf(active.id) }),
    }),
    [t, numberOf, columnTitle],
  );

  const request = useCallback(
    (card: MaintenanceCard, to: WorkOrderStatus, index: number) => {
      if (card.status !== to && needsReason(card.status, to)) {
        setPending({ card, to, index });
        return Promise.resolve(false);
      }
      return move(card.id, to, index);
    },
    [move],
  );

  if (loadError) return <ErrorCard title={t('maintenance:board.title')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  if (!columns) return <LoadingScreen />;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    live.dragEnded();
    if (!over) return live.settled();
    const target = dropTarget(columns, String(over.id));
    const source = dropTarget(columns, String(active.id));
    if (!target || !source) return live.settled();
    const card = source.column.cards[source.index];
    let index = target.index;
    if (source.column.status === target.column.status && over.id !== target.column.status) {
      index = arrayMove(source.column.cards, source.index, target.index).findIndex((candidate) => candidate.id === card.id);
    }
    void request(card, target.column.status, index).finally(live.settled);
  };
  const moveTo = (card: MaintenanceCard, to: WorkOrderStatus) => {
    const column = columns.find((candidate) => candidate.status === to);
    void request(card, to, column ? column.cards.length : 0);
  };

  return (
    <section className={styles.page} aria-labelledby="maintenance-board-title">
      <div className={styles.header}>
        <Title2 as="h1" id="maintenance-board-title">
          {t('maintenance:board.title')}
        </Title2>
        {mayCreate ? (
          <Button appearance="primary" onClick={() => navigate('/apps/corrective-maintenance/new')}>
            {t('maintenance:board.newOrder')}
          </Button>
        ) : null}
      </div>
      {mayMove ? <Caption1>{t('maintenance:board.instructions')}</Caption1> : null}
      <div className={styles.filters} role="search" aria-label={t('maintenance:board.filters')}>
        <Field label={t('maintenance:board.type')}>
          <Select value={filters.type} onChange={(_, data) => setFilters({ ...filters, type: data.value })}>
            <option value="">{t('maintenance:board.allTypes')}</option>
            {WORK_ORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`maintenance:enums.workOrderType.${i18nKey(type)}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('maintenance:board.machine')}>
          <Select value={String(filters.machineId ?? '')} onChange={(_, data) => setFilters({ ...filters, machineId: data.value ? Number(data.value) : null })}>
            <option value="">{t('maintenance:board.allMachines')}</option>
            {machines.map((machine) => (
              <option key={String(machine.value)} value={String(machine.value)}>
                {machine.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('maintenance:board.assignee')}>
          <Select
            value={String(filters.assigneeId ?? '')}
            onChange={(_, data) => setFilters({ ...filters, assigneeId: data.value ? Number(data.value) : null })}
          >
            <option value="">{t('maintenance:board.allAssignees')}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox label={t('maintenance:board.mine')} checked={filters.mine} onChange={(_, data) => setFilters({ ...filters, mine: data.checked === true })} />
        {isFiltered(filters) ? <Button onClick={() => setFilters(NO_FILTERS)}>{t('maintenance:board.clearFilters')}</Button> : null}
      </div>
      {isFiltered(filters) && columns.every((column) => column.cards.length === 0) ? <Text role="status">{t('maintenance:board.noMatches')}</Text> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={live.dragStarted}
        onDragEnd={onDragEnd}
        onDragCancel={live.dragCancelled}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('maintenance:board.instructions') } }}
      >
        <div className={styles.board} data-testid="board">
          {columns.map((column) => (
            <Column key={column.status} column={column}>
              {column.cards.map((card) => (
                <WorkOrderCard key={card.id} card={card} columns={columns} onOpen={setOpenId} onMoveTo={moveTo} />
              ))}
            </Column>
          ))}
        </div>
      </DndContext>
      <ReasonDialog
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={(extra) => {
          const chosen = pending!;
          setPending(null);
          void move(chosen.card.id, chosen.to, chosen.index, extra);
        }}
      />
      <Dialog open={openId !== null} onOpenChange={(_, data) => (data.open ? undefined : setOpenId(null))}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle
              action={<Button appearance="subtle" aria-label={t('maintenance:board.close')} icon={<DismissRegular />} onClick={() => setOpenId(null)} />}
            >
              {columns.flatMap((column) => column.cards).find((card) => card.id === openId)?.number ?? ''}
            </DialogTitle>
            <DialogContent>{openId !== null ? <WorkOrderView id={openId} onChanged={reload} /> : null}</DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
