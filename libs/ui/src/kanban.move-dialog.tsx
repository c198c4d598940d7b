import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Select } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KanbanColumn } from './kanban';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '12px' } });

/** A card's 'Mover a…': where it is, and the move the user chose. */
export interface MoveChoice {
  from: string;
  to: string;
  index: number;
}

/**
 * 'Mover a…' of one card: the column (a refused one disabled, with why) and, on an ordered board,
 * the place in it; the choice goes through the board's one move, as a drag does.
 */
export function KanbanMoveDialog<C>({
  card,
  from,
  columns,
  cardKey,
  cardLabel,
  ordered,
  whyNot,
  onChoose,
  onClose,
}: {
  card: C | null;
  from: string;
  columns: readonly KanbanColumn<C>[];
  cardKey: (card: C) => string;
  cardLabel: (card: C) => string;
  ordered: boolean;
  whyNot?: (card: C, from: string, to: string) => string | null;
  onChoose: (choice: MoveChoice) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [to, setTo] = useState(from);
  const [index, setIndex] = useState(0);
  const key = card === null ? null : cardKey(card);
  const target = columns.find((column) => column.id === to);
  const others = target ? target.cards.filter((other) => cardKey(other) !== key) : [];
  // Where it is now, when it stays in its column; else the end of the other one.
  const startIndex = (columnId: string) => {
    const column = columns.find((candidate) => candidate.id === columnId);
    const at = column ? column.cards.findIndex((other) => cardKey(other) === key) : -1;
    return columnId === from && at >= 0 ? at : (column?.cards.filter((other) => cardKey(other) !== key).length ?? 0);
  };
  useEffect(() => {
    setTo(from);
    setIndex(startIndex(from));
    // A new card opens the dialog afresh.
  }, [key, from]);
  if (card === null) return null;
  const name = cardLabel(card);
  const refusal = to === from ? null : (whyNot?.(card, from, to) ?? null);
  const unchanged = to === from && (!ordered || index === startIndex(from));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refusal || unchanged) return;
    onChoose({ from, to, index: ordered ? index : others.length });
  };
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{t('kanban.moveToTitle', { card: name })}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('kanban.column')} validationMessage={refusal ?? undefined} validationState={refusal ? 'error' : 'none'}>
                <Select
                  value={to}
                  onChange={(_, data) => {
                    setTo(data.value);
                    setIndex(startIndex(data.value));
                  }}
                >
                  {columns.map((column) => (
                    <option key={column.id} value={column.id}>
                      {column.id === from ? t('kanban.currentColumn', { column: column.title }) : column.title}
                    </option>
                  ))}
                </Select>
              </Field>
              {ordered ? (
                <Field label={t('kanban.position')}>
                  <Select value={String(index)} onChange={(_, data) => setIndex(Number(data.value))}>
                    {others.map((other, at) => (
                      <option key={cardKey(other)} value={at}>
                        {t('kanban.positionBefore', { position: at + 1, card: cardLabel(other) })}
                      </option>
                    ))}
                    <option value={others.length}>{t('kanban.positionEnd', { position: others.length + 1 })}</option>
                  </Select>
                </Field>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={!!refusal || unchanged}>
                {t('kanban.moveSubmit')}
              </Button>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** The warning of a move (a stopped press): the user moves anyway or cancels. */
export function KanbanWarnDialog({ text, onConfirm, onCancel }: { text: string | null; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('common');
  if (text === null) return null;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('kanban.warnTitle')}</DialogTitle>
          <DialogContent data-testid="kanban-warning">{text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm}>
              {t('kanban.moveAnyway')}
            </Button>
            <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
