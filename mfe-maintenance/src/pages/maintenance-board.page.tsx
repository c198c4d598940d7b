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
  MenuItem,
  Select,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
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
  workOrderMessages,
  type HoldReason,
  type MaintenanceBoardMove,
  type WorkOrderStatus,
} from '@planta/contracts';
import {
  ErrorCard,
  i18nKey,
  Kanban,
  KANBAN_MOVE_CANCELLED,
  LoadingScreen,
  showSnackbar,
  useBoardLiveRefresh,
  useCan,
  useFormat,
  useReferenceOptions,
  type KanbanColumn,
} from '@planta/ui';
import { useMembers, WorkOrderView } from '../components/work-order-view';
import '../i18n';
import { cardId, isFiltered, NO_FILTERS, useMaintenanceBoard, type BoardColumn, type BoardFilters, type MaintenanceCard } from './maintenance-board.model';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1, height: 0, minHeight: '480px', boxSizing: 'border-box' },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'flex-end' },
  card: { display: 'flex', flexDirection: 'column', gap: '4px' },
  // A blocked work order: a red edge along the card's start.
  blockedCard: {
    borderInlineStartWidth: '4px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorPaletteRedBorder2,
    paddingInlineStart: '8px',
    marginInlineStart: '-8px',
  },
  // A narrow card puts the chips under the number rather than breaking it into three lines.
  cardHead: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2px 8px', alignItems: 'center' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '4px', alignItems: 'center' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: '4px 10px', alignItems: 'center' },
  blocked: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  overdue: { color: tokens.colorPaletteRedForeground1 },
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

/** What a work order's card shows (the board around it carries the drag, the menu and 'Mover a…'). */
function WorkOrderCardBody({ card }: { card: MaintenanceCard }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  return (
    <div className={card.blocked ? `${styles.card} ${styles.blockedCard}` : styles.card} data-testid={`card-${card.number}`}>
      <div className={styles.card} data-testid={cardId(card)}>
        <div className={styles.cardHead}>
          <Text weight="semibold" wrap={false}>
            {card.number}
          </Text>
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
          {card.labor_minutes > 0 ? <Caption1>{t('board.labor', { duration: format.duration(card.labor_minutes) })}</Caption1> : null}
          {card.comment_count > 0 ? <Caption1>{t('board.comments', { count: card.comment_count })}</Caption1> : null}
        </div>
      </div>
    </div>
  );
}

/** A move that needs a reason first (on hold, cancelled, verification rejected); `done` settles the board's move. */
interface PendingMove {
  card: MaintenanceCard;
  to: WorkOrderStatus;
  index: number;
  done: (moved: Promise<unknown>) => void;
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
  const moved = useCallback(
    (card: MaintenanceCard, column: BoardColumn) =>
      showSnackbar({ message: t('maintenance:board.moved', { number: card.number, column: statusName(column.status) }), variant: 'success', autoHideMs: 2000 }),
    [t, statusName],
  );
  const { columns, loadError, reload, move } = useMaintenanceBoard(moved, filters);
  const live = useBoardLiveRefresh(MAINTENANCE_BOARD_CHANGED, reload);
  const members = useMembers();
  const machines = useReferenceOptions('machine');
  const mayMove = useCan(maintenanceBoardEndpoints.move);
  const mayCreate = useCan(workOrderEndpoints.create);
  const [openId, setOpenId] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const renderCard = useCallback((card: MaintenanceCard) => <WorkOrderCardBody card={card} />, []);
  const numberOf = useCallback((card: MaintenanceCard) => card.number, []);
  const openCard = useCallback((card: MaintenanceCard) => setOpenId(card.id), []);
  const actions = useCallback(
    (card: MaintenanceCard) => <MenuItem onClick={() => setTimeout(() => setOpenId(card.id))}>{t('maintenance:board.open')}</MenuItem>,
    [t],
  );
  const whyNot = useCallback(
    (_card: MaintenanceCard, from: string, to: string) =>
      canMoveWorkOrder(from as WorkOrderStatus, to as WorkOrderStatus) ? null : workOrderMessages.illegalMove(from as WorkOrderStatus, to as WorkOrderStatus),
    [],
  );
  // A move that needs a reason waits for its dialog: the card shows in its new column meanwhile.
  const onMove = useCallback(
    (card: MaintenanceCard, from: string, to: string, index: number) => {
      const status = to as WorkOrderStatus;
      if (from !== to && needsReason(card.status, status))
        return new Promise<unknown>((resolve, reject) => setPending({ card, to: status, index, done: (moved) => moved.then(resolve, reject) }));
      return move(card.id, status, index);
    },
    [move],
  );
  const kanbanColumns = useMemo(
    () =>
      (columns ?? []).map((column): KanbanColumn<MaintenanceCard> => ({
        id: column.status,
        title: statusName(column.status),
        caption: column.status === 'verified' ? t('maintenance:board.verifiedWindow', { days: BOARD_VERIFIED_DAYS }) : undefined,
        cards: column.cards,
      })),
    [columns, statusName, t],
  );

  if (loadError) return <ErrorCard title={t('maintenance:board.title')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  if (!columns) return <LoadingScreen />;

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
      <Kanban
        label={t('maintenance:board.title')}
        testId="board"
        columns={kanbanColumns}
        ordered
        cardKey={cardId}
        cardLabel={numberOf}
        renderCard={renderCard}
        cardActions={actions}
        onOpen={openCard}
        canMove={mayMove}
        whyNot={whyNot}
        onMove={onMove}
        emptyText={t('maintenance:board.emptyColumn')}
        live={live}
      />
      <ReasonDialog
        pending={pending}
        onCancel={() => {
          // Nothing was moved: the board puts the card back and says the move was cancelled.
          pending?.done(Promise.resolve(KANBAN_MOVE_CANCELLED));
          setPending(null);
        }}
        onConfirm={(extra) => {
          const chosen = pending!;
          setPending(null);
          chosen.done(move(chosen.card.id, chosen.to, chosen.index, extra));
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
