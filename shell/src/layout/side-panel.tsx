import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SIDE_PANEL_WIDTH } from './failure-report-button';
import { ShortcutLinks } from './shortcuts';

const useStyles = makeStyles({
  panel: {
    width: `${SIDE_PANEL_WIDTH}px`,
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    paddingTop: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRightWidth: '1px',
    borderRightStyle: 'solid',
    borderRightColor: tokens.colorNeutralStroke2,
  },
});

/** Layout 3's left side panel (56 wide): the user's shortcuts as a column of quick links. */
export function LeftSidePanel() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <aside className={styles.panel} aria-label={t('settings.sidePanels.left', 'Panel lateral izquierdo')} data-part="left-side-panel">
      <ShortcutLinks vertical />
    </aside>
  );
}
