import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Button, mergeClasses, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@planta/session';
import { KANBAN_MOVE_CANCELLED, kanbanColumnOf, kanbanDropIndex, kanbanIndexOf, moveKanbanCard, type KanbanColumn, type KanbanProps } from './kanban';
import { KanbanMoveDialog, KanbanWarnDialog } from './kanban.move-dialog';
import { CARD_DROP, KanbanCard, KanbanColumnView, useKanbanStyles } from './kanban.parts';

/** A card being carried with the keyboard: where it was and the column it is over. */
interface Carried {
  key: string;
  from: string;
  over: string;
}

const keyOf = (value: string | number) => String(value);

/** The board itself (loaded on demand by `Kanban`, see kanban.tsx). */
export default function KanbanView<C>({
  label,
  columns,
  layout = 'columns',
  cardKey,
  cardLabel,
  renderCard,
  onOpen,
  canMove,
  whyNot,
  warnBefore,
  ordered = false,
  onMove,
  cardActions,
  emptyText,
  live,
  testId,
}: KanbanProps<C>) {
  const styles = useKanbanStyles();
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<{ key: string; to: string; index: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [carried, setCarried] = useState<Carried | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  // 'Mover a…' open for a card, and a move waiting for the user to confirm its warning.
  const [choosing, setChoosing] = useState<{ key: string; from: string } | null>(null);
  const [warned, setWarned] = useState<{ card: C; from: string; to: string; index: number; refocus: boolean; text: string } | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const justDragged = useRef(false);
  const instructionsId = useId();
  const keyFn = useCallback((card: C) => keyOf(cardKey(card)), [cardKey]);

  const shown = useMemo(() => (pending ? moveKanbanCard(columns, keyFn, pending.key, pending.to, pending.index) : columns), [columns, pending, keyFn]);
  const find = useCallback((key: string) => shown.flatMap((column) => column.cards).find((card) => keyFn(card) === key), [shown, keyFn]);
  const titleOf = useCallback((id: string) => shown.find((column) => column.id === id)?.title ?? '', [shown]);
  const endOf = useCallback(
    (id: string, key: string) => shown.find((column) => column.id === id)?.cards.filter((card) => keyFn(card) !== key).length ?? 0,
    [shown, keyFn],
  );

  useEffect(() => {
    const key = focusAfterMove.current;
    if (!key) return;
    focusAfterMove.current = null;
    [...document.querySelectorAll<HTMLElement>('[data-kanban-handle]')].find((handle) => handle.dataset.kanbanHandle === key)?.focus();
  }, [shown]);

  /** Saves a move the user has settled on. `refocus`: a keyboard move, whose Move button keeps the focus. */
  const save = useCallback(
    async (card: C, from: string, to: string, index: number, refocus: boolean) => {
      const name = cardLabel(card);
      setRefusal(null);
      if (refocus) focusAfterMove.current = keyFn(card);
      setPending({ key: keyFn(card), to, index });
      try {
        const answer = await onMove(card, from, to, index);
        // Only a move that happened is announced as one (issue 37): a cancelled dialog says so.
        setAnnouncement(
          answer === KANBAN_MOVE_CANCELLED
            ? t('kanban.cancelled', { card: name, column: titleOf(from) })
            : t('kanban.dropped', { card: name, column: titleOf(to) }),
        );
      } catch (error) {
        const message = errorMessage(error);
        setRefusal(message);
        setAnnouncement(t('kanban.refused', { card: name, reason: message }));
      } finally {
        if (refocus) focusAfterMove.current = keyFn(card);
        setPending(null);
        live?.settled();
      }
    },
    [cardLabel, onMove, keyFn, live, t, titleOf],
  );

  /** One path for a drag, a keyboard move and 'Mover a…': refused, warned about, or saved. */
  const move = useCallback(
    async (card: C, from: string, to: string, index: number, refocus = false) => {
      const name = cardLabel(card);
      const column = shown.find((candidate) => candidate.id === from);
      if (from === to && (!ordered || !column || kanbanIndexOf(column, keyFn, keyFn(card)) === index)) {
        live?.settled();
        return;
      }
      const reason = from === to ? null : (whyNot?.(card, from, to) ?? null);
      if (reason) {
        setRefusal(reason);
        setAnnouncement(t('kanban.refused', { card: name, reason }));
        live?.settled();
        return;
      }
      const warning = from === to ? null : (warnBefore?.(card, from, to) ?? null);
      if (warning) {
        setAnnouncement(warning);
        setWarned({ card, from, to, index, refocus, text: warning });
        return;
      }
      await save(card, from, to, index, refocus);
    },
    [cardLabel, whyNot, warnBefore, ordered, shown, keyFn, live, t, save],
  );

  const overText = (card: C, from: string, over: string) => {
    const reason = over === from ? null : (whyNot?.(card, from, over) ?? null);
    return reason
      ? t('kanban.overRefused', { card: cardLabel(card), column: titleOf(over), reason })
      : t('kanban.over', { card: cardLabel(card), column: titleOf(over) });
  };

  const cancelCarry = (state: Carried) => {
    const card = find(state.key);
    setCarried(null);
    live?.dragCancelled();
    if (card !== undefined) setAnnouncement(t('kanban.cancelled', { card: cardLabel(card), column: titleOf(state.from) }));
  };

  const onHandleKey = (card: C, columnId: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const key = keyFn(card);
    const mine = carried?.key === key ? carried : null;
    const drop = event.key === ' ' || event.key === 'Enter';
    if (!mine) {
      if (!drop || carried) return;
      event.preventDefault();
      setRefusal(null);
      setCarried({ key, from: columnId, over: columnId });
      live?.dragStarted();
      setAnnouncement(t('kanban.picked', { card: cardLabel(card), column: titleOf(columnId) }));
      return;
    }
    if (drop) {
      event.preventDefault();
      setCarried(null);
      if (mine.over === mine.from) return cancelCarry(mine);
      live?.dragEnded();
      // The keyboard carries a card to the end of a column; 'Mover a…' chooses the place.
      void move(card, mine.from, mine.over, endOf(mine.over, key), true);
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      return cancelCarry(mine);
    }
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = shown.findIndex((column) => column.id === mine.over);
    const next = shown[Math.min(shown.length - 1, Math.max(0, index + step))];
    if (!next || next.id === mine.over) return;
    setCarried({ ...mine, over: next.id });
    setAnnouncement(overText(card, mine.from, next.id));
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // Hand on glass: a finger picks a card up only after resting on it (within a few pixels) for
    // a moment; moving sooner is a swipe, which the browser scrolls (the card lets it pan).
    useSensor(TouchSensor, { activationConstraint: TOUCH_HOLD }),
  );
  const onDragStart = ({ active }: DragStartEvent) => {
    const key = String(active.id);
    setDragged(key);
    setRefusal(null);
    live?.dragStarted();
    const card = find(key);
    const column = kanbanColumnOf(shown, keyFn, key);
    if (card !== undefined && column) setAnnouncement(t('kanban.picked', { card: cardLabel(card), column: column.title }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const key = String(active.id);
    setDragged(null);
    justDragged.current = true;
    setTimeout(() => (justDragged.current = false));
    const card = find(key);
    const column = kanbanColumnOf(shown, keyFn, key);
    if (!over || card === undefined || !column) {
      live?.dragCancelled();
      return;
    }
    live?.dragEnded();
    const overCard = over.data.current as { columnId: string; key: string } | undefined;
    const to = String(overCard?.columnId ?? over.id);
    const target = shown.find((candidate) => candidate.id === to);
    if (!target) return live?.settled();
    if (overCard?.key === key) return live?.settled();
    // Over another card: in front of it, or after it when the dragged card's middle is lower.
    const dragged = active.rect.current.translated;
    const below = !!dragged && dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2;
    const index = ordered ? kanbanDropIndex(target, keyFn, key, overCard?.key ?? null, below) : endOf(to, key);
    void move(card, column.id, to, index);
  };
  const onDragCancel = () => {
    setDragged(null);
    live?.dragCancelled();
  };

  const draggedCard = dragged ? find(dragged) : undefined;
  const carriedCard = carried ? find(carried.key) : undefined;
  const choosingCard = choosing ? (find(choosing.key) ?? null) : null;
  const highlightOf = (column: KanbanColumn<C>): 'over' | 'refused' | null => {
    if (!carried || carried.over !== column.id || carried.over === carried.from || carriedCard === undefined) return null;
    return whyNot?.(carriedCard, carried.from, column.id) ? 'refused' : 'over';
  };

  return (
    <div className={styles.root}>
      <div id={instructionsId} className={styles.hidden}>
        {t('kanban.instructions')}
      </div>
      <div className={styles.hidden} aria-live="assertive" aria-atomic="true" data-testid="kanban-announcer">
        {announcement}
      </div>
      {refusal ? (
        <MessageBar intent="error" data-testid="kanban-refusal">
          <MessageBarBody>{refusal}</MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t('actions.close')} icon={<DismissRegular />} onClick={() => setRefusal(null)} />}
          />
        </MessageBar>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collide}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{ screenReaderInstructions: { draggable: t('kanban.instructions') }, announcements: SILENT }}
      >
        <div className={layout === 'columns' ? styles.columns : styles.lanes} role="group" aria-label={label} data-testid={testId}>
          {shown.map((column) => (
            <KanbanColumnView key={column.id} column={column} layout={layout} highlight={highlightOf(column)} emptyText={emptyText ?? t('kanban.empty')}>
              {column.cards.map((card) => {
                const key = keyFn(card);
                return (
                  <KanbanCard
                    key={key}
                    id={key}
                    columnId={column.id}
                    label={cardLabel(card)}
                    layout={layout}
                    canMove={canMove}
                    ordered={ordered}
                    carried={carried?.key === key}
                    onOpen={onOpen ? () => !justDragged.current && onOpen(card) : undefined}
                    onHandleKey={onHandleKey(card, column.id)}
                    onHandleBlur={() => carried?.key === key && cancelCarry(carried)}
                    onMoveTo={() => setChoosing({ key, from: column.id })}
                    actions={cardActions?.(card)}
                    instructionsId={instructionsId}
                  >
                    {renderCard(card)}
                  </KanbanCard>
                );
              })}
            </KanbanColumnView>
          ))}
        </div>
        <DragOverlay>
          {draggedCard !== undefined ? <div className={mergeClasses(styles.card, styles.overlay)}>{renderCard(draggedCard)}</div> : null}
        </DragOverlay>
      </DndContext>
      <KanbanMoveDialog
        card={choosingCard}
        from={choosing?.from ?? ''}
        columns={shown}
        cardKey={keyFn}
        cardLabel={cardLabel}
        ordered={ordered}
        whyNot={whyNot}
        onClose={() => setChoosing(null)}
        onChoose={(choice) => {
          const card = choosingCard;
          setChoosing(null);
          if (card === null) return;
          live?.dragStarted();
          live?.dragEnded();
          void move(card, choice.from, choice.to, choice.index, true);
        }}
      />
      <KanbanWarnDialog
        text={warned?.text ?? null}
        onCancel={() => {
          if (warned) setAnnouncement(t('kanban.cancelled', { card: cardLabel(warned.card), column: titleOf(warned.from) }));
          setWarned(null);
          live?.settled();
        }}
        onConfirm={() => {
          const chosen = warned;
          setWarned(null);
          if (chosen) void save(chosen.card, chosen.from, chosen.to, chosen.index, chosen.refocus);
        }}
      />
    </div>
  );
}

/** How long a finger rests on a card, and how far it may drift meanwhile, before the card is picked up. */
const TOUCH_HOLD = { delay: 250, tolerance: 8 } as const;

/**
 * The droppable under the pointer (a finger's position, not the card's corners), a card before
 * its column: the drop lands beside that card; without any under it, the most covered one.
 */
const collide: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const found = hits.length > 0 ? hits : rectIntersection(args);
  const onCard = found.find((hit) => String(hit.id).startsWith(CARD_DROP));
  return onCard ? [onCard, ...found.filter((hit) => hit !== onCard)] : found;
};

// The board announces in its own live region (one voice for pointer and keyboard moves).
const SILENT = { onDragStart: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined };
