import {
  Button,
  Caption1,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
  Text,
  Title2,
} from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CORRECTION_BOARD_CHANGED,
  CORRECTION_BOARD_CLOSED_DAYS,
  CORRECTION_SEVERITIES,
  correctionEndpoints,
  correctionRecordRoute,
  whyNotMoveCorrection,
  type CorrectionCard,
  type CorrectionPerson,
  type CorrectionSeverity,
  type CorrectionStatus,
} from '@planta/contracts';
import { call } from '@planta/session';
import { ErrorCard, Kanban, LoadingScreen, useBoardLiveRefresh, useCan, usePageName, type KanbanColumn } from '@planta/ui';
import { useCorrectionNames } from '../components/correction-badges';
import { CorrectionCardView, useBoardStyles } from '../components/correction-card';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionBoardsTexts } from '../i18n/correction-boards.texts';
import { correctorsOf, isFiltered, matches, NO_FILTERS, placeCorrectionCard, useBoardData, type CorrectionBoardFilters } from './correction-boards.model';

registerDieshopTexts(correctionBoardsTexts);

const cardKey = (card: CorrectionCard) => card.id;
const cardLabel = (card: CorrectionCard) => card.number;
// The corrector of a card dropped on 'Asignada' without one is asked for as it lands.
const whyNot = (card: CorrectionCard, _from: string, to: string) => whyNotMoveCorrection(card, to as CorrectionStatus, { choosesCorrector: true });

/**
 * /apps/correction-kanban-board: the records by state, Reportada to Cerrada (eficaz), drafts in
 * Reportada with their badge. A move is checked by the contract's rule before it is sent with the
 * card's version; the server's refusal puts the card back with its message. Live for every viewer.
 */
export default function CorrectionBoardPage() {
  const styles = useBoardStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('correction-board');
  const names = useCorrectionNames();
  const navigate = useNavigate();
  const mayMove = useCan(correctionEndpoints.boardMove);
  const mayCreate = useCan(correctionEndpoints.create);
  const [filters, setFilters] = useState<CorrectionBoardFilters>(NO_FILTERS);
  const { data: board, loadError, reload, update } = useBoardData(correctionEndpoints.board);
  const live = useBoardLiveRefresh(CORRECTION_BOARD_CHANGED, reload);

  const columns = useMemo<KanbanColumn<CorrectionCard>[]>(
    () =>
      (board?.columns ?? []).map((column) => ({
        id: column.status,
        title: names.status(column.status),
        caption: column.status === 'closed' ? t('correctionBoards.byState.closedWindow', { days: CORRECTION_BOARD_CLOSED_DAYS }) : undefined,
        cards: column.cards.filter((card) => matches(card, filters)),
      })),
    [board, filters, names, t],
  );
  const correctors = useMemo(() => (board ? correctorsOf(board) : []), [board]);
  const [asking, setAsking] = useState<{ card: CorrectionCard; correctors: CorrectionPerson[] } | null>(null);
  const [chosen, setChosen] = useState('');
  const answer = useRef<(correctorId: number | null) => void>(() => undefined);
  /** Asks which corrector takes the card; null when the lead cancels. */
  const askCorrector = useCallback(async (card: CorrectionCard): Promise<number | null> => {
    const people = await call(correctionEndpoints.people, {});
    setChosen(people.correctors[0] ? String(people.correctors[0].id) : '');
    setAsking({ card, correctors: people.correctors });
    return new Promise((resolve) => {
      answer.current = (correctorId) => {
        setAsking(null);
        resolve(correctorId);
      };
    });
  }, []);
  const onMove = useCallback(
    async (card: CorrectionCard, _from: string, to: string) => {
      let corrector_id: number | undefined;
      if (to === 'assigned' && card.assigned_corrector_id === null) {
        const picked = await askCorrector(card);
        if (picked === null) throw new Error(t('correctionBoards.byState.assignCancelled'));
        corrector_id = picked;
      }
      try {
        const saved = await call(correctionEndpoints.boardMove, { body: { id: card.id, to: to as CorrectionStatus, version: card.version, corrector_id } });
        update((current) => (current ? placeCorrectionCard(current, saved) : current));
      } catch (error) {
        // A stale card means someone else moved it: show the board as it is now.
        reload();
        throw error;
      }
    },
    [update, reload, askCorrector, t],
  );
  const open = useCallback((card: CorrectionCard) => navigate(correctionRecordRoute(card.id)), [navigate]);

  if (loadError) {
    return <ErrorCard title={pageName} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  }
  if (!board) return <LoadingScreen />;

  return (
    <section className={styles.page} aria-labelledby="correction-board-title">
      <div className={styles.header}>
        <Title2 as="h1" id="correction-board-title">
          {pageName}
        </Title2>
        {mayCreate ? (
          <Button appearance="primary" onClick={() => navigate('/apps/correction-record/new')}>
            {t('correctionBoards.newRecord')}
          </Button>
        ) : null}
      </div>
      {mayMove ? null : <Caption1>{t('common:kanban.readOnly')}</Caption1>}
      <div className={styles.filters} role="search" aria-label={t('correctionBoards.filters')}>
        <Field label={t('correctionBoards.corrector')}>
          <Select value={filters.corrector} onChange={(_, data) => setFilters({ ...filters, corrector: data.value })}>
            <option value="">{t('correctionBoards.allCorrectors')}</option>
            <option value="none">{t('correctionBoards.card.unassigned')}</option>
            {correctors.map((corrector) => (
              <option key={corrector.id} value={String(corrector.id)}>
                {corrector.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('correctionBoards.severity')}>
          <Select value={filters.severity} onChange={(_, data) => setFilters({ ...filters, severity: data.value as CorrectionSeverity | '' })}>
            <option value="">{t('correctionBoards.allSeverities')}</option>
            {CORRECTION_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {names.severity(severity)}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          label={t('correctionBoards.overdueOnly')}
          checked={filters.overdue}
          onChange={(_, data) => setFilters({ ...filters, overdue: data.checked === true })}
        />
        {isFiltered(filters) ? <Button onClick={() => setFilters(NO_FILTERS)}>{t('correctionBoards.clearFilters')}</Button> : null}
      </div>
      {isFiltered(filters) && columns.every((column) => column.cards.length === 0) ? <Text role="status">{t('correctionBoards.noMatches')}</Text> : null}
      <Kanban
        label={t('correctionBoards.byState.label')}
        columns={columns}
        cardKey={cardKey}
        cardLabel={cardLabel}
        renderCard={(card) => <CorrectionCardView card={card} />}
        onOpen={open}
        canMove={mayMove}
        whyNot={whyNot}
        onMove={onMove}
        emptyText={t('correctionBoards.empty')}
        live={live}
      />
      <Dialog open={asking !== null} onOpenChange={(_, data) => (data.open ? undefined : answer.current(null))}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('correctionBoards.byState.assignTitle')}</DialogTitle>
            <DialogContent>
              <Text as="p">{t('correctionBoards.byState.assignIntro', { number: asking?.card.number ?? '' })}</Text>
              <Field label={t('correctionBoards.corrector')} required>
                <Select value={chosen} onChange={(_, data) => setChosen(data.value)}>
                  {(asking?.correctors ?? []).map((corrector) => (
                    <option key={corrector.id} value={String(corrector.id)}>
                      {corrector.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={chosen === ''} onClick={() => answer.current(Number(chosen))}>
                {t('correctionBoards.byState.assign')}
              </Button>
              <Button onClick={() => answer.current(null)}>{t('common:actions.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
