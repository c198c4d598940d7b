import { Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { correctionRecordRoute, type CorrectionCard } from '@planta/contracts';
import { useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionBoardsTexts } from '../i18n/correction-boards.texts';
import { CorrectionStatusBadge, SeverityBadge } from './correction-badges';

registerDieshopTexts(correctionBoardsTexts);

/** The frame of the two correction boards' pages. */
export const useBoardStyles = makeStyles({
  // Height 0 and grow: the board fills the screen and scrolls inside, under the filters.
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1, height: 0, minHeight: '480px', boxSizing: 'border-box' },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'flex-end' },
});

const useStyles = makeStyles({
  head: { display: 'flex', justifyContent: 'space-between', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '4px', alignItems: 'center' },
  number: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForegroundLink },
  meta: { display: 'flex', flexWrap: 'wrap', gap: '2px 10px', alignItems: 'center' },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * A correction on a board: number (a link to its record), die copy, defect, severity, corrector,
 * due date (overdue marked), attempts; `showStatus` on the corrector board, where a lane mixes states.
 */
export function CorrectionCardView({ card, showStatus = false }: { card: CorrectionCard; showStatus?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  return (
    <>
      <div className={styles.head}>
        <Link className={styles.number} to={correctionRecordRoute(card.id)}>
          {card.number}
        </Link>
        <span className={styles.chips}>
          {card.status === 'draft' || showStatus ? <CorrectionStatusBadge status={card.status} /> : null}
          <SeverityBadge severity={card.severity} />
        </span>
      </div>
      <Text weight="semibold">{card.die_label}</Text>
      <Text>{card.defect_name ?? t('correctionBoards.card.noDefect')}</Text>
      <div className={styles.meta}>
        <Caption1>{card.corrector_name ?? t('correctionBoards.card.unassigned')}</Caption1>
        {card.due_at === null ? (
          <Caption1>{t('correctionBoards.card.noDue')}</Caption1>
        ) : card.overdue ? (
          <Caption1 className={styles.overdue} data-testid="overdue">
            {t('correctionBoards.card.overdue', { date: format.date(card.due_at) })}
          </Caption1>
        ) : (
          <Caption1>{t('correctionBoards.card.due', { date: format.date(card.due_at) })}</Caption1>
        )}
        <Caption1>{t('correctionBoards.card.attempts', { count: card.attempts })}</Caption1>
      </div>
    </>
  );
}
