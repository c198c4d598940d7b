import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Badge, Button, Caption1, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowMoveRegular, MoreVerticalRegular } from '@fluentui/react-icons';
import { useCallback, useId, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';
import type { KanbanColumn } from './kanban';

/* The columns and cards of the shared kanban (kanban.view.tsx puts them together). */

/** A mouse on a screen wider than a tablet: compact controls (a tablet, touch or not, keeps 44 px). */
const FINE_POINTER = '@media (pointer: fine) and (min-width: 1025px)';

export const useKanbanStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1, minHeight: 0 },
  columns: { flex: '1 1 0', minHeight: '240px', display: 'flex', gap: '8px', overflowX: 'auto', alignItems: 'stretch', paddingBottom: '4px' },
  lanes: { flex: '1 1 0', minHeight: '240px', display: 'flex', flexDirection: 'column', gap: '12px', overflowY: 'auto', paddingBottom: '4px' },
  // Columns share the board's width, whatever the frame leaves it (issue 38): at least 3 whole
  // ones on a tablet (a finger's controls want the wider card) and 6 on a desktop, more when they
  // fit, never narrower than a card reads (150 px) nor wider than 320 px. A % is of the board's
  // width; 16 and 40 px are the gaps between 3 and 6 columns.
  column: {
    flex: '1 0 0',
    minWidth: 'max(150px, min(208px, calc((100% - 16px) / 3)))',
    maxWidth: '320px',
    '@media (min-width: 1025px)': { minWidth: 'max(150px, min(208px, calc((100% - 40px) / 6)))' },
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    outline: '2px solid transparent',
  },
  lane: {
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    outline: '2px solid transparent',
  },
  over: { outline: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  overRefused: { outline: `2px dashed ${tokens.colorPaletteRedBorder2}` },
  // An empty column is a thin strip with its title along it (a drop still lands on it).
  collapsed: { flex: '0 0 auto', minWidth: 0, width: '40px' },
  head: { display: 'flex', gap: '8px', alignItems: 'center', padding: '8px 12px' },
  collapsedHead: { flexDirection: 'column', padding: '8px 0', gap: '8px' },
  collapsedTitle: { writingMode: 'vertical-rl', flexGrow: 0, whiteSpace: 'nowrap' },
  title: { margin: 0, flexGrow: 1, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase300 },
  columnCards: { flex: '1 1 0', minHeight: '48px', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '8px', padding: '0 6px 8px' },
  laneCards: { display: 'flex', flexWrap: 'wrap', gap: '8px', padding: '0 8px 8px', minHeight: '48px' },
  card: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2px',
    padding: '8px 2px 8px 10px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    cursor: 'pointer',
    // A finger swipes the column (pan) and picks a card up only after resting on it (TouchSensor's
    // delay); pinch-zoom stays. No text selection or callout: a long press belongs to the drag.
    touchAction: 'pan-x pan-y pinch-zoom',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    WebkitTouchCallout: 'none',
  },
  laneCard: { width: '256px' },
  draggable: { cursor: 'grab' },
  dragging: { opacity: 0.4 },
  picked: { outline: `2px solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow16 },
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  // A finger's 44 px; a mouse on a desktop keeps the compact size, leaving the card's text the width.
  handle: { flexShrink: 0, minWidth: '44px', minHeight: '44px', cursor: 'grab', [FINE_POINTER]: { minWidth: '32px', minHeight: '32px' } },
  menuButton: { flexShrink: 0, minWidth: '44px', minHeight: '44px', [FINE_POINTER]: { minWidth: '32px', minHeight: '32px' } },
  // Move and the menu one above the other: the card's text keeps the width.
  controls: { flexShrink: 0, display: 'flex', flexDirection: 'column' },
  foot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', padding: '0 12px 8px' },
  notice: { padding: '0 12px 8px' },
  // A strip shows its count on top, its title along it.
  countFirst: { order: -1 },
  overlay: { boxShadow: tokens.shadow28, cursor: 'grabbing' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

export function KanbanColumnView<C>({
  column,
  layout,
  highlight,
  emptyText,
  children,
}: {
  column: KanbanColumn<C>;
  layout: 'columns' | 'lanes';
  highlight: 'over' | 'refused' | null;
  emptyText: string;
  children: ReactNode;
}) {
  const styles = useKanbanStyles();
  const { t } = useTranslation('common');
  const headingId = useId();
  const numbers = useFormat();
  const format = (count: number) => numbers.number(count, 0);
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const shown = highlight ?? (isOver ? 'over' : null);
  const count = column.count ?? column.cards.length;
  // Empty, with nothing else to say (no caption, stopped press or 'Ver más'): a strip, so full columns get the width.
  const collapsed = layout === 'columns' && count === 0 && column.cards.length === 0 && !column.caption && !column.notice && !column.footer;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`kanban-column-${column.id}`}
      className={mergeClasses(
        layout === 'columns' ? styles.column : styles.lane,
        collapsed ? styles.collapsed : undefined,
        shown ? styles.over : undefined,
        shown === 'refused' ? styles.overRefused : undefined,
      )}
      data-collapsed={collapsed || undefined}
    >
      <div className={mergeClasses(styles.head, collapsed ? styles.collapsedHead : undefined)}>
        <h2 id={headingId} className={mergeClasses(styles.title, collapsed ? styles.collapsedTitle : undefined)}>
          {column.title}
        </h2>
        {column.caption ? <Caption1>{column.caption}</Caption1> : null}
        <Badge appearance="tint" aria-label={t('kanban.count', { count })} className={collapsed ? styles.countFirst : undefined}>
          {format(count)}
        </Badge>
      </div>
      {column.notice ? <div className={styles.notice}>{column.notice}</div> : null}
      <div className={layout === 'columns' ? styles.columnCards : styles.laneCards} data-testid={`kanban-cards-${column.id}`}>
        {children}
        {/* A strip's '0' says it on screen; a screen reader still hears it. */}
        {column.cards.length === 0 ? <Caption1 className={collapsed ? styles.hidden : undefined}>{emptyText}</Caption1> : null}
      </div>
      {column.footer ? <div className={styles.foot}>{column.footer}</div> : null}
    </section>
  );
}

/** The droppable id of a card of an ordered board (a drop over it lands in front of or after it). */
export const CARD_DROP = 'kanban-card:';

export function KanbanCard({
  id,
  columnId,
  label,
  layout,
  canMove,
  ordered,
  carried,
  onOpen,
  onHandleKey,
  onHandleBlur,
  onMoveTo,
  actions,
  instructionsId,
  children,
}: {
  id: string;
  columnId: string;
  instructionsId: string;
  label: string;
  layout: 'columns' | 'lanes';
  canMove: boolean;
  ordered: boolean;
  carried: boolean;
  onOpen?: () => void;
  onHandleKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandleBlur: () => void;
  onMoveTo: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const styles = useKanbanStyles();
  const { t } = useTranslation('common');
  const { setNodeRef: setDragRef, listeners, isDragging } = useDraggable({ id, disabled: !canMove });
  const { setNodeRef: setDropRef } = useDroppable({ id: `${CARD_DROP}${id}`, disabled: !ordered, data: { columnId, key: id } });
  const setNodeRef = useCallback(
    (node: HTMLElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  // Events of the card's menu bubble here through React's portal: they are the menu's, not the card's.
  const own = (event: { currentTarget: EventTarget; target: EventTarget }) => (event.currentTarget as Node).contains(event.target as Node);
  const open = (event: MouseEvent) => {
    // A click on the card's own controls (its link, its Move button) is theirs.
    if (!own(event) || (event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
    onOpen?.();
  };
  const dragListeners = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(listeners ?? {}).map(([name, handler]) => [
          name,
          (event: MouseEvent) => (own(event) ? (handler as (event: MouseEvent) => void)(event) : undefined),
        ]),
      ),
    [listeners],
  );
  return (
    <article
      ref={setNodeRef}
      aria-label={label}
      data-testid={`kanban-card-${id}`}
      className={mergeClasses(
        styles.card,
        layout === 'lanes' ? styles.laneCard : undefined,
        canMove ? styles.draggable : undefined,
        isDragging ? styles.dragging : undefined,
        carried ? styles.picked : undefined,
      )}
      onClick={open}
      {...(canMove ? dragListeners : {})}
    >
      <div className={styles.body}>{children}</div>
      <div className={styles.controls}>
        {canMove ? (
          <Button
            appearance="subtle"
            className={styles.handle}
            icon={<ArrowMoveRegular />}
            aria-label={t('kanban.move', { card: label })}
            aria-pressed={carried}
            aria-describedby={instructionsId}
            data-kanban-handle={id}
            onKeyDown={onHandleKey}
            onBlur={onHandleBlur}
          />
        ) : null}
        {canMove || actions ? (
          <Menu positioning={{ position: 'below', align: 'end', fallbackPositions: ['above-end', 'before', 'after'] }}>
            <MenuTrigger disableButtonEnhancement>
              <Button
                appearance="subtle"
                className={styles.menuButton}
                icon={<MoreVerticalRegular />}
                aria-label={t('kanban.cardActions', { card: label })}
                title={t('kanban.cardActions', { card: label })}
              />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {actions}
                {/* Opened once the menu has closed and given the focus back, so that the dialog takes it from there. */}
                {canMove ? <MenuItem onClick={() => setTimeout(onMoveTo)}>{t('kanban.moveTo')}</MenuItem> : null}
              </MenuList>
            </MenuPopover>
          </Menu>
        ) : null}
      </div>
    </article>
  );
}
