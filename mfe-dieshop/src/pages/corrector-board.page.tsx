import { Caption1, Title2 } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CORRECTION_BOARD_CHANGED, correctionEndpoints, correctionRecordRoute, type CorrectionCard } from '@planta/contracts';
import { call } from '@planta/session';
import { ErrorCard, Kanban, LoadingScreen, useBoardLiveRefresh, useCan, usePageName, type KanbanColumn } from '@planta/ui';
import { CorrectionCardView, useBoardStyles } from '../components/correction-card';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionBoardsTexts } from '../i18n/correction-boards.texts';
import { inProgress, laneCorrector, laneId, placeCorrectorCard, UNASSIGNED_LANE, useBoardData } from './correction-boards.model';

registerDieshopTexts(correctionBoardsTexts);

const cardKey = (card: CorrectionCard) => card.id;
const cardLabel = (card: CorrectionCard) => card.number;

/**
 * /apps/corrector-kanban-board ('Tablero del corrector'): one lane per corrector with their queue
 * by due date and what they have in progress, and 'Sin asignar'. Dropping a card on another lane
 * reassigns it (the server notifies the new corrector); live like the correction board.
 */
export default function CorrectorBoardPage() {
  const styles = useBoardStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('corrector-board');
  const navigate = useNavigate();
  const mayMove = useCan(correctionEndpoints.correctorBoardMove);
  const { data: board, loadError, reload, update } = useBoardData(correctionEndpoints.correctorBoard);
  const live = useBoardLiveRefresh(CORRECTION_BOARD_CHANGED, reload);

  const lanes = useMemo<KanbanColumn<CorrectionCard>[]>(() => {
    if (!board) return [];
    const wip = (cards: readonly CorrectionCard[]) => t('correctionBoards.byCorrector.wip', { count: inProgress(cards) });
    return [
      { id: UNASSIGNED_LANE, title: t('correctionBoards.byCorrector.unassigned'), cards: board.unassigned },
      ...board.lanes.map((lane) => ({ id: laneId(lane.corrector.id), title: lane.corrector.name, caption: wip(lane.cards), cards: lane.cards })),
    ];
  }, [board, t]);
  const onMove = useCallback(
    async (card: CorrectionCard, _from: string, to: string) => {
      try {
        const saved = await call(correctionEndpoints.correctorBoardMove, { body: { id: card.id, corrector_id: laneCorrector(to), version: card.version } });
        update((current) => (current ? placeCorrectorCard(current, saved) : current));
      } catch (error) {
        reload();
        throw error;
      }
    },
    [update, reload],
  );
  const open = useCallback((card: CorrectionCard) => navigate(correctionRecordRoute(card.id)), [navigate]);

  if (loadError) {
    return <ErrorCard title={pageName} message={loadError} retryLabel={t('common:actions.retry')} onRetry={reload} />;
  }
  if (!board) return <LoadingScreen />;

  return (
    <section className={styles.page} aria-labelledby="corrector-board-title">
      <div className={styles.header}>
        <Title2 as="h1" id="corrector-board-title">
          {pageName}
        </Title2>
      </div>
      <Caption1>{mayMove ? t('correctionBoards.byCorrector.intro') : t('common:kanban.readOnly')}</Caption1>
      <Kanban
        label={t('correctionBoards.byCorrector.label')}
        layout="lanes"
        columns={lanes}
        cardKey={cardKey}
        cardLabel={cardLabel}
        renderCard={(card) => <CorrectionCardView card={card} showStatus />}
        onOpen={open}
        canMove={mayMove}
        onMove={onMove}
        emptyText={t('correctionBoards.empty')}
        live={live}
      />
    </section>
  );
}
